// A Delete (or Remove) behind the confirm dialog: closed → confirming → deleting → closed. When
// the server refuses (409: something still holds the record) the dialog stays open as
// `refused`, showing the server's reason where the operator is looking (issue 30); where the
// page offers something else instead (a provider with products can be disabled), confirming
// then runs that alternative. Other failures close the dialog and are reported. The app provides
// the `remove` and `alternative` calls and the reports (toasts, leaving the page); tests pass
// fakes.
import { assign, fromPromise, setup } from 'xstate'

export interface DeleteContext {
  /** Whether the page offered an alternative when the dialog opened. */
  offersAlternative: boolean
  /** What the server said when it refused: the dialog shows its detail. */
  refusal: unknown
}

export type DeleteEvent =
  | { type: 'delete.open'; offersAlternative: boolean }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }

/** Which call failed: the delete itself, or the alternative offered after a refusal. */
export type DeleteStep = 'delete' | 'alternative'

/** A 409 answer (an ApiError-like `{ status }`): the server refuses while something holds it. */
export const isConflict = (error: unknown) =>
  !!error && typeof error === 'object' && 'status' in error && error.status === 409

export const deleteMachine = setup({
  types: {
    context: {} as DeleteContext,
    events: {} as DeleteEvent,
  },
  actors: {
    remove: fromPromise<unknown, void>(async () => {
      throw new Error('The remove actor must be provided')
    }),
    alternative: fromPromise<unknown, void>(async () => {
      throw new Error('The alternative actor must be provided')
    }),
  },
  guards: {
    /** Refused while something holds the record. */
    isRefusal: ({ event }) => isConflict((event as { error?: unknown }).error),
    /** The page has something else to offer (Disable) in place of a refused delete. */
    offersAlternative: ({ context }) => context.offersAlternative,
  },
  actions: {
    reportDeleted: () => {},
    reportAlternativeDone: () => {},
    reportFailure: (_, _params: { step: DeleteStep; error: unknown }) => {},
  },
}).createMachine({
  id: 'delete',
  context: { offersAlternative: false, refusal: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'delete.open': {
          target: 'confirming',
          actions: assign({
            offersAlternative: ({ event }) => event.offersAlternative,
            refusal: null,
          }),
        },
      },
    },
    confirming: {
      tags: ['open'],
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'closed' },
    },
    // The dialog's buttons are disabled while a call runs: no cancel, no second confirm.
    deleting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: { target: 'closed', actions: 'reportDeleted' },
        onError: [
          {
            guard: 'isRefusal',
            target: 'refused',
            actions: assign({ refusal: ({ event }) => event.error }),
          },
          {
            target: 'closed',
            actions: {
              type: 'reportFailure',
              params: ({ event }) => ({ step: 'delete' as const, error: event.error }),
            },
          },
        ],
      },
    },
    // The dialog shows the reason; its confirm button is the alternative, when there is one.
    refused: {
      tags: ['open', 'refused'],
      on: {
        'delete.confirm': { guard: 'offersAlternative', target: 'runningAlternative' },
        'delete.cancel': 'closed',
      },
    },
    runningAlternative: {
      tags: ['open', 'refused', 'busy'],
      invoke: {
        id: 'alternative',
        src: 'alternative',
        onDone: { target: 'closed', actions: 'reportAlternativeDone' },
        onError: {
          target: 'closed',
          actions: {
            type: 'reportFailure',
            params: ({ event }) => ({ step: 'alternative' as const, error: event.error }),
          },
        },
      },
    },
  },
})
