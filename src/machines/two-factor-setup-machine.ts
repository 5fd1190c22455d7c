// Two-factor sign-in on the Account page: set it up (start → scan the QR code or type the secret
// → confirm with a code → keep the recovery codes) or turn it off with a code. Whether it is on
// now is the server's (`GET /api/me`), not this machine's: the page shows the set-up when off and
// "Turn off" when on. The app provides the calls (`start`, `confirm`, `disable`) and
// `twoFactorChanged` (reload /api/me); tests pass fakes.
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { failureMessage } from './form-submit-machine'

export interface TwoFactorSecret {
  /** Base32, for typing into an app that cannot scan. */
  secret: string
  otpauthUrl: string
}

export interface TwoFactorSetupContext {
  secret: string | null
  otpauthUrl: string | null
  recoveryCodes: string[]
  error: string | null
}

export type TwoFactorSetupEvent =
  | { type: 'setup.start' }
  | { type: 'setup.cancel' }
  | { type: 'setup.confirm'; code: string }
  | { type: 'setup.done' }
  | { type: 'disable.start' }
  | { type: 'disable.submit'; code: string }
  | { type: 'disable.cancel' }

export const TWO_FACTOR_ERRORS = {
  start: 'Could not start two-factor set-up. Please try again.',
  confirm: 'That code did not work. Please try again.',
  disable: 'Could not turn off two-factor authentication. Please try again.',
} as const

/** What an authenticator app shows: six digits (spaces people copy with are ignored). */
export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''))

const emptyFlow = { secret: null, otpauthUrl: null, recoveryCodes: [], error: null }

export const twoFactorSetupMachine = setup({
  types: {
    context: {} as TwoFactorSetupContext,
    events: {} as TwoFactorSetupEvent,
  },
  actors: {
    start: fromPromise<TwoFactorSecret, void>(async () => {
      throw new Error('The start actor must be provided')
    }),
    confirm: fromPromise<{ recoveryCodes: string[] }, { code: string }>(async () => {
      throw new Error('The confirm actor must be provided')
    }),
    disable: fromPromise<void, { code: string }>(async () => {
      throw new Error('The disable actor must be provided')
    }),
  },
  guards: {
    sixDigits: ({ event }) => 'code' in event && isSixDigitCode(event.code),
    // Turning off takes a code from the app or a recovery code, so any non-blank text.
    hasCode: ({ event }) => 'code' in event && event.code.trim() !== '',
  },
  actions: {
    twoFactorChanged: (_, _params: { on: boolean }) => {},
  },
}).createMachine({
  id: 'twoFactorSetup',
  context: emptyFlow,
  initial: 'ready',
  states: {
    // Nothing under way; `done` and `disabled` say what just happened (their success message).
    ready: {
      initial: 'idle',
      on: {
        'setup.start': { target: 'starting', actions: assign(emptyFlow) },
        'disable.start': { target: 'askingCode', actions: assign({ error: null }) },
      },
      states: {
        idle: {},
        done: { tags: ['enabled'] },
        disabled: { tags: ['disabled'] },
      },
    },
    starting: {
      tags: ['busy', 'setup'],
      invoke: {
        id: 'start',
        src: 'start',
        onDone: {
          target: 'scanning',
          actions: assign({
            secret: ({ event }) => event.output.secret,
            otpauthUrl: ({ event }) => event.output.otpauthUrl,
          }),
        },
        onError: {
          target: 'startFailed',
          actions: assign({
            error: ({ event }) => failureMessage(event.error, TWO_FACTOR_ERRORS.start),
          }),
        },
      },
    },
    startFailed: {
      tags: ['setup'],
      on: {
        'setup.start': { target: 'starting', actions: assign({ error: null }) },
        'setup.cancel': { target: 'ready.idle', actions: assign(emptyFlow) },
      },
    },
    scanning: {
      tags: ['setup'],
      on: {
        'setup.confirm': {
          guard: 'sixDigits',
          target: 'confirming',
          actions: assign({ error: null }),
        },
        'setup.cancel': { target: 'ready.idle', actions: assign(emptyFlow) },
      },
    },
    confirming: {
      tags: ['busy', 'setup'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ event }) => {
          assertEvent(event, 'setup.confirm')
          return { code: event.code.replace(/\s+/g, '') }
        },
        onDone: {
          target: 'showingRecoveryCodes',
          // The secret is never shown again once confirmed (the server will not send it either).
          actions: [
            assign({
              recoveryCodes: ({ event }) => event.output.recoveryCodes,
              secret: null,
              otpauthUrl: null,
            }),
            { type: 'twoFactorChanged', params: { on: true } },
          ],
        },
        // A wrong code: back to the QR code with the server's detail, to try another.
        onError: {
          target: 'scanning',
          actions: assign({
            error: ({ event }) => failureMessage(event.error, TWO_FACTOR_ERRORS.confirm),
          }),
        },
      },
    },
    showingRecoveryCodes: {
      tags: ['setup'],
      on: { 'setup.done': { target: 'ready.done', actions: assign(emptyFlow) } },
    },
    askingCode: {
      tags: ['turningOff'],
      on: {
        'disable.submit': {
          guard: 'hasCode',
          target: 'disabling',
          actions: assign({ error: null }),
        },
        'disable.cancel': { target: 'ready.idle', actions: assign({ error: null }) },
      },
    },
    disabling: {
      tags: ['busy', 'turningOff'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ event }) => {
          assertEvent(event, 'disable.submit')
          return { code: event.code.replace(/\s+/g, '') }
        },
        onDone: {
          target: 'ready.disabled',
          actions: { type: 'twoFactorChanged', params: { on: false } },
        },
        onError: {
          target: 'askingCode',
          actions: assign({
            error: ({ event }) => failureMessage(event.error, TWO_FACTOR_ERRORS.disable),
          }),
        },
      },
    },
  },
})
