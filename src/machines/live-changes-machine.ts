// The live-changes connection (GET /api/events, decision 024): connecting → open, and whenever
// the stream drops (network, server restart, a proxy's timeout) retrying after a growing wait
// (1 s, 2 s, 4 s… at most 30 s) and connecting again; a 401 stops it for good (the session has
// ended; the API client sends the browser to /login). An open stream hands each change to
// `applyChange`; a stream opened again after a drop first runs `catchUp`, since writes made
// while it was down were never heard. The stream also says when who is editing a record changed
// (presence, decision 025): an open stream hands that to `applyPresence`. The app provides
// `connect` (the stream, reporting back with `stream.*`, `change.received` and
// `presence.received`), `wait` (the pause before a retry) and the three actions.
import { type AnyEventObject, assign, fromCallback, fromPromise, setup } from 'xstate'

/** One line of the stream: a record changed by a committed write. */
export interface LiveChange {
  collection: string
  id: number
  action: string
  operator: string
  at: string
}

/** Someone opened or left a record's edit page. */
export interface PresenceChange {
  collection: string
  id: number
}

export interface LiveChangesContext {
  /** Drops since the stream was last open: the next wait grows with it. */
  failures: number
}

export type LiveChangesEvent =
  // What the connect actor reports back.
  | { type: 'stream.opened' }
  | { type: 'change.received'; change: LiveChange }
  | { type: 'presence.received'; presence: PresenceChange }
  | { type: 'stream.dropped' }
  | { type: 'stream.refused' }
  // The browser is back online: no reason to wait longer.
  | { type: 'connection.retry' }

const FIRST_RETRY_MS = 1_000
const LONGEST_RETRY_MS = 30_000

/** The wait before the retry that follows `failures` drops in a row. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failures - 1, 0), LONGEST_RETRY_MS)
}

export const liveChangesMachine = setup({
  types: {
    context: {} as LiveChangesContext,
    events: {} as LiveChangesEvent,
  },
  actors: {
    connect: fromCallback<AnyEventObject>(() => {
      throw new Error('The connect actor must be provided')
    }),
    wait: fromPromise<void, { failures: number }>(async () => {
      throw new Error('The wait actor must be provided')
    }),
  },
  actions: {
    applyChange: (_, _params: { change: LiveChange }) => {},
    applyPresence: (_, _params: { presence: PresenceChange }) => {},
    catchUp: () => {},
  },
  guards: {
    afterDrop: ({ context }) => context.failures > 0,
  },
}).createMachine({
  id: 'liveChanges',
  context: { failures: 0 },
  initial: 'connection',
  states: {
    // The stream's request runs for as long as either child state lasts.
    connection: {
      invoke: { id: 'connect', src: 'connect' },
      on: {
        'stream.dropped': {
          target: 'retrying',
          actions: assign({ failures: ({ context }) => context.failures + 1 }),
        },
        'stream.refused': 'stopped',
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: ['connecting'],
          on: {
            'stream.opened': [
              {
                guard: 'afterDrop',
                target: 'open',
                actions: ['catchUp', assign({ failures: 0 })],
              },
              { target: 'open' },
            ],
          },
        },
        open: {
          tags: ['live'],
          on: {
            'change.received': {
              actions: { type: 'applyChange', params: ({ event }) => ({ change: event.change }) },
            },
            'presence.received': {
              actions: {
                type: 'applyPresence',
                params: ({ event }) => ({ presence: event.presence }),
              },
            },
          },
        },
      },
    },
    retrying: {
      tags: ['retrying'],
      invoke: {
        id: 'wait',
        src: 'wait',
        input: ({ context }) => ({ failures: context.failures }),
        onDone: 'connection',
      },
      on: { 'connection.retry': 'connection' },
    },
    stopped: {
      tags: ['stopped'],
      type: 'final',
    },
  },
})
