// Every text the Operators page shows about its outcomes, in one place.
import { ROLE_LABELS, type Role } from '../../lib/rights'

export const OPERATOR_MESSAGES = {
  listFailed: 'Error loading data',
  inviteFailed: 'Failed to invite the operator. Please try again.',
  updateFailed: 'Failed to update the operator. Please try again.',
  resetFailed: 'Failed to reset the password. Please try again.',
  copyFailed: 'The link could not be copied: select it and copy it yourself.',
  copied: 'Link copied.',
  linkNote:
    'This link is shown only once and expires in 7 days. Send it to them yourself: the app sends no e-mail.',
  roleChanged: (username: string, role: Role) => `${username} is now ${ROLE_LABELS[role]}.`,
  deactivated: (username: string) => `${username} is deactivated and signed out.`,
  reactivated: (username: string) => `${username} can sign in again.`,
} as const
