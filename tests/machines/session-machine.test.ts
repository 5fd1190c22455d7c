import { describe, expect, it } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/lib/api-client'
import { type Credentials, sessionMachine } from '../../src/machines/session-machine'
import {
  deferred,
  describeEdgeCoverage,
  describeShortestPaths,
  memoryTokenStore,
  settledByHand,
  startMachine,
} from '../support/machines'

interface Fakes {
  login?: (credentials: Credentials) => Promise<{ token: string }>
  logout?: () => Promise<void>
  token?: string | null
}

function start({ login, logout, token = null }: Fakes = {}) {
  const tokenStore = memoryTokenStore(token)
  const logic = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }: { input: Credentials }) =>
        login ? login(input) : Promise.resolve({ token: 'fresh' }),
      ),
      logout: fromPromise(() => (logout ? logout() : Promise.resolve())),
    },
  })
  const actor = startMachine(logic, { tokenStore })
  return { actor, tokenStore }
}

const credentials = { username: 'admin', password: 'secret' }

describe('session machine', () => {
  it('starts signed out without a stored token and signed in with one', () => {
    expect(start().actor.getSnapshot().value).toBe('signedOut')
    expect(start({ token: 'kept' }).actor.getSnapshot().value).toBe('signedIn')
  })

  it('signs in: busy while waiting, then stores the token', async () => {
    const seen: Credentials[] = []
    const { actor, tokenStore } = start({
      login: async (input) => {
        seen.push(input)
        return { token: 'abc' }
      },
    })
    actor.send({ type: 'session.login', ...credentials })
    expect(actor.getSnapshot().value).toBe('signingIn')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (state) => state.matches('signedIn'))
    expect(tokenStore.get()).toBe('abc')
    expect(seen).toEqual([credentials])
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it.each([
    [new ApiError(401, 'Invalid credentials'), 'Invalid username or password'],
    [new ApiError(500, null), 'Something went wrong. Please try again.'],
    [new ApiError(429, 'Too many attempts'), 'Something went wrong. Please try again.'],
    [new ApiError(null, null), 'Network error. Please try again.'],
    [new TypeError('Failed to fetch'), 'Network error. Please try again.'],
  ])('a failed login (%o) sets the error %s', async (error, message) => {
    const { actor, tokenStore } = start({ login: () => Promise.reject(error) })
    actor.send({ type: 'session.login', ...credentials })
    await waitFor(actor, (state) => state.matches('signedOut'))
    expect(actor.getSnapshot().context.error).toBe(message)
    expect(tokenStore.get()).toBeNull()
  })

  it('clears the previous error when trying again', async () => {
    let fail = true
    const { actor } = start({
      login: () =>
        fail ? Promise.reject(new ApiError(401, null)) : Promise.resolve({ token: 't' }),
    })
    actor.send({ type: 'session.login', ...credentials })
    await waitFor(actor, (state) => state.context.error !== null)
    fail = false
    actor.send({ type: 'session.login', ...credentials })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (state) => state.matches('signedIn'))
  })

  it('ignores a second login while signing in', async () => {
    let calls = 0
    const call = deferred<{ token: string }>()
    const { actor, tokenStore } = start({
      login: () => {
        calls++
        return call.promise
      },
    })
    actor.send({ type: 'session.login', ...credentials })
    actor.send({ type: 'session.login', username: 'other', password: 'x' })
    expect(calls).toBe(1)
    call.resolve({ token: 'first' })
    await waitFor(actor, (state) => state.matches('signedIn'))
    expect(tokenStore.get()).toBe('first')
  })

  it('logs out: calls the server, removes the token, ends signed out', async () => {
    let called = false
    const { actor, tokenStore } = start({
      token: 'kept',
      logout: async () => {
        called = true
      },
    })
    actor.send({ type: 'session.logout' })
    expect(actor.getSnapshot().value).toBe('signingOut')
    expect(tokenStore.get()).toBe('kept') // the call still needs it
    await waitFor(actor, (state) => state.matches('signedOut'))
    expect(called).toBe(true)
    expect(tokenStore.get()).toBeNull()
    expect(actor.getSnapshot().context.loggedOut).toBe(true)
  })

  it('removes the token and signs out even when the logout call fails', async () => {
    const { actor, tokenStore } = start({
      token: 'kept',
      logout: () => Promise.reject(new ApiError(null, null)),
    })
    actor.send({ type: 'session.logout' })
    await waitFor(actor, (state) => state.matches('signedOut'))
    expect(tokenStore.get()).toBeNull()
  })

  it('signs out on session.expired (a 401 elsewhere) and forgets the token', () => {
    const { actor, tokenStore } = start({ token: 'kept' })
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.loggedOut).toBe(false)
    expect(tokenStore.get()).toBeNull()
  })

  it('ignores logout and expiry while signed out', () => {
    const { actor } = start()
    actor.send({ type: 'session.logout' })
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().value).toBe('signedOut')
  })

  it('adopts a token got elsewhere (an accepted invite): stored, signed in', async () => {
    const { actor, tokenStore } = start({ token: 'kept' })
    actor.send({ type: 'session.logout' })
    await waitFor(actor, (state) => state.matches('signedOut'))
    actor.send({ type: 'session.adopt', token: 'invited' })
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().context.loggedOut).toBe(false)
    expect(tokenStore.get()).toBe('invited')
  })

  it('the next login forgets an explicit logout (loggedOut goes back to false)', async () => {
    const { actor } = start({ token: 'kept' })
    actor.send({ type: 'session.logout' })
    await waitFor(actor, (state) => state.matches('signedOut'))
    expect(actor.getSnapshot().context.loggedOut).toBe(true)
    actor.send({ type: 'session.login', ...credentials })
    expect(actor.getSnapshot().context.loggedOut).toBe(false)
    await waitFor(actor, (state) => state.matches('signedIn'))
    expect(actor.getSnapshot().context.loggedOut).toBe(false)
  })
})

/** Every effect settled by the path's steps, with the token store the machine starts from. */
function startForPaths(token: string | null) {
  const login = settledByHand<{ token: string }, Credentials>()
  const logout = settledByHand<void, void>()
  const logic = sessionMachine.provide({ actors: { login: login.logic, logout: logout.logic } })
  return {
    actor: startMachine(logic, { tokenStore: memoryTokenStore(token) }),
    effects: { login, logout },
  }
}

const pathEvents = [
  { type: 'session.login', ...credentials },
  { type: 'xstate.done.actor.login', output: { token: 'fresh' } },
  { type: 'xstate.error.actor.login', error: new ApiError(401, null) },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: new ApiError(null, null) },
  { type: 'session.logout' },
  { type: 'session.expired' },
  { type: 'session.adopt', token: 'invited' },
]

describeShortestPaths('session machine: shortest paths from a fresh browser', sessionMachine, {
  input: { tokenStore: memoryTokenStore(null) },
  events: pathEvents,
  start: () => startForPaths(null),
})

describeShortestPaths('session machine: shortest paths from a stored token', sessionMachine, {
  input: { tokenStore: memoryTokenStore('kept') },
  events: pathEvents,
  start: () => startForPaths('kept'),
})

describeEdgeCoverage(sessionMachine)
