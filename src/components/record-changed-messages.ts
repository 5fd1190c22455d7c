// The words of an edit page whose record changed elsewhere (issue 31): who changed it, what
// changed, Load the new version, and the note of what loading it kept and replaced.
import { STALE_RECORD_MESSAGES } from './stale-record-alert'

export const RECORD_CHANGED_MESSAGES = {
  changedBy: (operator: string) => `This record was changed by ${operator}.`,
  /** No change was heard (a save's 412 told it): who is not known. */
  changed: STALE_RECORD_MESSAGES.changed,
  intro: 'What changed (before → now):',
  clash: (typed: string) => `You changed it too (“${typed}”): loading replaces your edit.`,
  hint: 'Load the new version to go on from it: what you typed in the other fields stays.',
  load: 'Load the new version',
  loaded: 'The new version is loaded.',
  kept: (fields: string) => `Your edits are kept: ${fields}.`,
  replaced: 'Changed by both of you; the new version’s value is loaded:',
  typed: (typed: string) => `you had typed “${typed}”`,
} as const
