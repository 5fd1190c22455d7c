// The words of "Restore this version" (a history entry's revert, issue 30): the button, the
// dialog that shows what changes, and its toasts, in the spec's style.
import { STALE_RECORD_MESSAGES } from './stale-record-alert'

export const RESTORE_VERSION_MESSAGES = {
  button: 'Restore this version',
  title: 'Restore this version?',
  loading: 'Finding what restoring this version changes…',
  intro: 'It is saved as a new update. These fields change (now → after the restore):',
  unchanged: 'The record is already as it was in this version: there is nothing to change.',
  confirm: 'Restore',
  close: 'Close',
  restored: 'Version restored successfully!',
  previewFailed: 'Error while loading data',
  restoreFailed: 'Failed to restore this version. Please try again.',
  stale: STALE_RECORD_MESSAGES.changed,
  staleHint: 'Reload it to see the current version, then restore again.',
  reload: STALE_RECORD_MESSAGES.reload,
} as const
