// The actions of a list's bulk bar (decision 013): Enable, Disable and (in the trash) Restore
// run at once; Delete asks first in the confirm dialog, which stays open, busy, while the delete
// runs (`deleting`). One request per action; the bar's buttons are disabled while it runs, and
// it ends in idle whatever the answer. The app provides the `runAction` call (which also reloads
// the lists it touches) and the reports (the result toast, clearing the selection); tests pass
// fakes.
import { assign, fromPromise, setup } from 'xstate'

export type BulkActionName = 'enable' | 'disable' | 'delete' | 'restore'

export interface BulkActionsContext {
  /** The action chosen last: the one running, or waiting for its confirmation. */
  action: BulkActionName | null
}

export type BulkActionsEvent =
  | { type: 'bulk.request'; action: BulkActionName }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }

/** The one request of an action; either answer ends in idle. */
const runAction = {
  id: 'runAction',
  src: 'runAction',
  input: ({ context }: { context: BulkActionsContext }) => ({
    action: context.action as BulkActionName,
  }),
  onDone: {
    target: 'idle',
    actions: {
      type: 'reportDone',
      params: ({
        context,
        event,
      }: {
        context: BulkActionsContext
        event: { output: unknown }
      }) => ({
        action: context.action as BulkActionName,
        result: event.output,
      }),
    },
  },
  onError: {
    target: 'idle',
    actions: {
      type: 'reportFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
} as const

export const bulkActionsMachine = setup({
  types: {
    context: {} as BulkActionsContext,
    events: {} as BulkActionsEvent,
  },
  actors: {
    runAction: fromPromise<unknown, { action: BulkActionName }>(async () => {
      throw new Error('The runAction actor must be provided')
    }),
  },
  guards: {
    /** Only Delete asks first: it takes the records out of every list. */
    needsConfirmation: ({ event }) => event.type === 'bulk.request' && event.action === 'delete',
  },
  actions: {
    reportDone: (_, _params: { action: BulkActionName; result: unknown }) => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'bulkActions',
  context: { action: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'bulk.request': [
          {
            guard: 'needsConfirmation',
            target: 'confirming',
            actions: assign({ action: ({ event }) => event.action }),
          },
          { target: 'running', actions: assign({ action: ({ event }) => event.action }) },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'bulk.confirm': 'deleting', 'bulk.cancel': 'idle' },
    },
    running: { tags: ['busy'], invoke: runAction },
    // A confirmed Delete: its dialog stays open, busy, until the answer.
    deleting: { tags: ['busy', 'confirming'], invoke: runAction },
  },
})
