// The team (contract: "Operators", administrators only): the list, invites, role and status
// changes, password resets. Every write reloads the list, and who is signed in (an
// administrator may change their own role).
import { mutationOptions } from '@tanstack/react-query'
import { paths } from '../../app/paths'
import { api } from '../../lib/api-client'
import { meQuery } from '../../lib/me'
import { invalidates, listQuery, pathKey } from '../../lib/query-client'
import type { Role } from '../../lib/rights'
import { OPERATOR_MESSAGES } from './operator-messages'

export interface Operator {
  id: number
  username: string
  role: Role
  active: boolean
  twoFactor: boolean
  /** ISO 8601; null until the first sign-in. */
  lastSignInAt: string | null
}

export interface OperatorChange {
  id: number
  role?: Role
  active?: boolean
}

/** A one-time link's secret: given once, by an invite or a password reset. */
export interface InviteToken {
  inviteToken: string
}

const PATH = '/operators'
const afterWrite = invalidates(pathKey(PATH), meQuery.queryKey)

export const operatorsApi = {
  list: (query: { page: number; pageSize: number }) =>
    listQuery<Operator>(PATH, query, OPERATOR_MESSAGES.listFailed),
  invite: mutationOptions({
    mutationFn: (body: { username: string; role: Role }) =>
      api.post<InviteToken & { id: number }>(PATH, body),
    onSuccess: afterWrite,
  }),
  /** A role or a status; the last active administrator can be neither demoted nor deactivated (409). */
  update: mutationOptions({
    mutationFn: ({ id, ...change }: OperatorChange) => api.put(`${PATH}/${id}`, change),
    onSuccess: afterWrite,
  }),
  /** Ends that operator's sessions and gives a new one-time link. */
  resetPassword: mutationOptions({
    mutationFn: (id: number) => api.post<InviteToken>(`${PATH}/${id}/reset-password`),
    onSuccess: afterWrite,
  }),
}

/** The link an operator opens to set a password: the token in the fragment never reaches a server log. */
export function inviteLink(token: string): string {
  return `${window.location.origin}${paths.invite}#${token}`
}
