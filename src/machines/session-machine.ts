// The operator's session. Effects are named: the app provides the real `login`/`logout`
// calls with `.provide()`, tests pass fakes. The token store comes in through input.
import { assertEvent, assign, fromPromise, setup } from 'xstate'

export interface Credentials {
  username: string
  password: string
}

export interface SessionTokenStore {
  get(): string | null
  set(token: string): void
  clear(): void
}

export interface SessionInput {
  tokenStore: SessionTokenStore
}

export interface SessionContext {
  tokenStore: SessionTokenStore
  /** The login failure text shown on the login form. */
  error: string | null
  /** True after an explicit logout, so /login is not told to return to the last page. */
  loggedOut: boolean
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  /** A token got without the login form (an accepted invite): signed in with it at once. */
  | { type: 'session.adopt'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.expired' }

export const LOGIN_ERRORS = {
  unauthorized: 'Invalid username or password',
  failed: 'Something went wrong. Please try again.',
  network: 'Network error. Please try again.',
} as const

/** Maps a failed login (an ApiError-like `{ status }`) to the spec's exact texts. */
export function loginErrorMessage(error: unknown): string {
  const status =
    error && typeof error === 'object' && 'status' in error
      ? (error as { status: unknown }).status
      : null
  if (status === 401) return LOGIN_ERRORS.unauthorized
  if (typeof status === 'number') return LOGIN_ERRORS.failed
  return LOGIN_ERRORS.network
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<{ token: string }, Credentials>(async () => {
      throw new Error('The login actor must be provided')
    }),
    logout: fromPromise<void, void>(async () => {}),
  },
  guards: {
    hasToken: ({ context }) => context.tokenStore.get() !== null,
  },
  actions: {
    storeToken: ({ context }, params: { token: string }) => context.tokenStore.set(params.token),
    clearToken: ({ context }) => context.tokenStore.clear(),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ tokenStore: input.tokenStore, error: null, loggedOut: false }),
  // A stored token means signed in (spec §4); decided once, when the actor starts.
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.login': {
          target: 'signingIn',
          actions: assign({ error: null, loggedOut: false }),
        },
        'session.adopt': {
          target: 'signedIn',
          actions: [
            assign({ error: null, loggedOut: false }),
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login')
          return { username: event.username, password: event.password }
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
        },
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => loginErrorMessage(event.error) }),
        },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      on: {
        'session.logout': 'signingOut',
        'session.expired': { target: 'signedOut', actions: 'clearToken' },
      },
    },
    signingOut: {
      // Still authenticated: the logout call needs the token, and the page stays put meanwhile.
      tags: ['busy', 'authenticated'],
      invoke: {
        id: 'logout',
        src: 'logout',
        // The session ends locally whatever the server answers.
        onDone: { target: 'signedOut', actions: ['clearToken', assign({ loggedOut: true })] },
        onError: { target: 'signedOut', actions: ['clearToken', assign({ loggedOut: true })] },
      },
    },
  },
})
