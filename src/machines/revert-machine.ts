// "Restore this version" of a history entry: closed → previewing (what the revert would change,
// asked of the server) → reviewing the changes (or `unchanged`: nothing to save) → saving →
// closed. When the record changed since the page loaded it (412, or 409), the dialog stays open
// as `stale` and offers to reload. The app provides the `preview` and `restore` calls and the
// reports (toasts, refreshing the page); tests pass fakes.
import { assign, fromPromise, setup } from 'xstate'

/** Field → { before, after }, as the history records a change. */
export type VersionChanges = Record<string, { before: unknown; after: unknown }>

export interface RevertContext {
  /** The history entry whose version is restored. */
  to: number | null
  /** What restoring it changes, once the server has said. */
  changes: VersionChanges
  /** The server's answer when the record changed since it was loaded: the dialog shows it. */
  refusal: unknown
}

export type RevertEvent =
  | { type: 'revert.open'; to: number }
  | { type: 'revert.confirm' }
  | { type: 'revert.cancel' }
  | { type: 'revert.reload' }

/** Which call failed: the preview of the changes, or the save itself. */
export type RevertStep = 'preview' | 'save'

/** The record changed since it was loaded: a stale If-Match (412) or a conflict (409). */
export const isStale = (error: unknown) =>
  !!error &&
  typeof error === 'object' &&
  'status' in error &&
  (error.status === 412 || error.status === 409)

export const revertMachine = setup({
  types: {
    context: {} as RevertContext,
    events: {} as RevertEvent,
  },
  actors: {
    preview: fromPromise<VersionChanges, { to: number }>(async () => {
      throw new Error('The preview actor must be provided')
    }),
    restore: fromPromise<unknown, { to: number }>(async () => {
      throw new Error('The restore actor must be provided')
    }),
  },
  guards: {
    /** The answer's record changed since the page loaded it. */
    recordChanged: ({ event }) => isStale((event as { error?: unknown }).error),
    /** Restoring the version changes at least one field. */
    changesSomething: ({ event }) =>
      Object.keys((event as { output?: VersionChanges }).output ?? {}).length > 0,
  },
  actions: {
    reportRestored: () => {},
    reportFailure: (_, _params: { step: RevertStep; error: unknown }) => {},
    reload: () => {},
  },
}).createMachine({
  id: 'revert',
  context: { to: null, changes: {}, refusal: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'revert.open': {
          target: 'previewing',
          actions: assign({ to: ({ event }) => event.to, changes: {}, refusal: null }),
        },
      },
    },
    previewing: {
      tags: ['open', 'loading'],
      on: { 'revert.cancel': 'closed' },
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ to: context.to ?? 0 }),
        onDone: [
          {
            guard: 'changesSomething',
            target: 'reviewing',
            actions: assign({ changes: ({ event }) => event.output }),
          },
          { target: 'unchanged' },
        ],
        onError: [
          {
            guard: 'recordChanged',
            target: 'stale',
            actions: assign({ refusal: ({ event }) => event.error }),
          },
          {
            target: 'closed',
            actions: {
              type: 'reportFailure',
              params: ({ event }) => ({ step: 'preview' as const, error: event.error }),
            },
          },
        ],
      },
    },
    reviewing: {
      tags: ['open', 'changes'],
      on: { 'revert.confirm': 'saving', 'revert.cancel': 'closed' },
    },
    // Nothing would change: the dialog says so and offers no save.
    unchanged: {
      tags: ['open'],
      on: { 'revert.cancel': 'closed' },
    },
    // The dialog's buttons are disabled while saving: no cancel, no second confirm.
    saving: {
      tags: ['open', 'changes', 'busy'],
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ context }) => ({ to: context.to ?? 0 }),
        onDone: { target: 'closed', actions: 'reportRestored' },
        onError: [
          {
            guard: 'recordChanged',
            target: 'stale',
            actions: assign({ refusal: ({ event }) => event.error }),
          },
          {
            target: 'closed',
            actions: {
              type: 'reportFailure',
              params: ({ event }) => ({ step: 'save' as const, error: event.error }),
            },
          },
        ],
      },
    },
    stale: {
      tags: ['open', 'stale'],
      on: {
        'revert.reload': { target: 'closed', actions: 'reload' },
        'revert.cancel': 'closed',
      },
    },
  },
})
