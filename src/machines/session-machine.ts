// The operator's session. Effects are named: the app provides the real `login`/`logout`
// calls with `.provide()`, tests pass fakes. The token store comes in through input.
// With two-factor sign-in on, the server answers the password with 401 `twoFactorRequired`:
// the session then waits for a code (`awaitingCode`) holding the username and password, and
// sends the login again with the code.
import { assertEvent, assign, fromPromise, setup } from 'xstate'

export interface Credentials {
  username: string
  password: string
  /** An authentication code (TOTP) or a recovery code, for the second step. */
  code?: string
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
  /** The username and password while the code step asks for a code; null otherwise. */
  pending: Credentials | null
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  /** A token got without the login form (an accepted invite): signed in with it at once. */
  | { type: 'session.adopt'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.code'; code: string }
  | { type: 'session.back' }

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

/** The fallback when a refused code comes without the server's detail. */
export const CODE_REFUSED = 'Invalid authentication code'

/** The server asks for a second factor: 401 `{ detail, twoFactorRequired: true }`. */
export function isTwoFactorRequired(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('body' in error)) return false
  const body = (error as { body: unknown }).body
  return body && typeof body === 'object' && 'twoFactorRequired' in body
    ? body.twoFactorRequired === true
    : false
}

/** A failed code step: the server's detail (a wrong code, too many attempts), else the spec's texts. */
export function codeErrorMessage(error: unknown): string {
  const detail =
    error && typeof error === 'object' && 'detail' in error
      ? (error as { detail: unknown }).detail
      : null
  if (typeof detail === 'string' && detail.trim() !== '') return detail
  return isTwoFactorRequired(error) ? CODE_REFUSED : loginErrorMessage(error)
}

/** 401 without `twoFactorRequired`: the password no longer holds (changed, operator deactivated). */
const passwordRefused = (error: unknown) =>
  !isTwoFactorRequired(error) && loginErrorMessage(error) === LOGIN_ERRORS.unauthorized

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
    codeRequired: ({ event }) => isTwoFactorRequired((event as { error?: unknown }).error),
    passwordRefused: ({ event }) => passwordRefused((event as { error?: unknown }).error),
  },
  actions: {
    storeToken: ({ context }, params: { token: string }) => context.tokenStore.set(params.token),
    clearToken: ({ context }) => context.tokenStore.clear(),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    tokenStore: input.tokenStore,
    error: null,
    loggedOut: false,
    pending: null,
  }),
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
          actions: assign({
            error: null,
            loggedOut: false,
            pending: ({ event }) => ({ username: event.username, password: event.password }),
          }),
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
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
            assign({ pending: null }),
          ],
        },
        onError: [
          // The password was right; the code step asks for the second factor (no error yet).
          { guard: 'codeRequired', target: 'awaitingCode' },
          {
            target: 'signedOut',
            actions: assign({
              error: ({ event }) => loginErrorMessage(event.error),
              pending: null,
            }),
          },
        ],
      },
    },
    awaitingCode: {
      tags: ['code'],
      on: {
        'session.code': { target: 'verifyingCode', actions: assign({ error: null }) },
        // Back to the password step: it starts again from nothing.
        'session.back': { target: 'signedOut', actions: assign({ error: null, pending: null }) },
      },
    },
    verifyingCode: {
      tags: ['busy', 'code'],
      invoke: {
        id: 'verifyCode',
        src: 'login',
        input: ({ context, event }) => {
          assertEvent(event, 'session.code')
          const { username = '', password = '' } = context.pending ?? {}
          return { username, password, code: event.code }
        },
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
            assign({ pending: null }),
          ],
        },
        onError: [
          // The password itself is refused now: back to the password step with the spec's text.
          {
            guard: 'passwordRefused',
            target: 'signedOut',
            actions: assign({ error: () => LOGIN_ERRORS.unauthorized, pending: null }),
          },
          // A wrong or used code, too many attempts, no answer: say why and let them retry.
          {
            target: 'awaitingCode',
            actions: assign({ error: ({ event }) => codeErrorMessage(event.error) }),
          },
        ],
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
