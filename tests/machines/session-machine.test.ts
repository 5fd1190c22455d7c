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

/** The server's answer to a right password when two-factor sign-in is on. */
const codeRequired = (detail = 'Authentication code required') =>
  new ApiError(401, detail, undefined, { detail, twoFactorRequired: true })

describe('session machine: signing in with a code', () => {
  /** Signed out → password accepted → the code step, with the login fake given. */
  async function atCodeStep(login: (credentials: Credentials) => Promise<{ token: string }>) {
    const seen: Credentials[] = []
    const started = start({
      login: (input) => {
        seen.push(input)
        return seen.length === 1 ? Promise.reject(codeRequired()) : login(input)
      },
    })
    started.actor.send({ type: 'session.login', ...credentials })
    await waitFor(started.actor, (state) => state.matches('awaitingCode'))
    return { ...started, seen }
  }

  it('asks for a code after a right password, without an error and keeping the credentials', async () => {
    const { actor, tokenStore } = await atCodeStep(() => Promise.resolve({ token: 'x' }))
    const snapshot = actor.getSnapshot()
    expect(snapshot.hasTag('code')).toBe(true)
    expect(snapshot.hasTag('busy')).toBe(false)
    expect(snapshot.hasTag('authenticated')).toBe(false)
    expect(snapshot.context.error).toBeNull()
    expect(snapshot.context.pending).toEqual(credentials)
    expect(tokenStore.get()).toBeNull()
  })

  it('sends the login again with the code, busy meanwhile, then stores the token', async () => {
    const call = deferred<{ token: string }>()
    const { actor, tokenStore, seen } = await atCodeStep(() => call.promise)
    actor.send({ type: 'session.code', code: '123456' })
    expect(actor.getSnapshot().value).toBe('verifyingCode')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().hasTag('code')).toBe(true)
    expect(seen.at(-1)).toEqual({ ...credentials, code: '123456' })
    call.resolve({ token: 'two-factor' })
    await waitFor(actor, (state) => state.matches('signedIn'))
    expect(tokenStore.get()).toBe('two-factor')
    expect(actor.getSnapshot().context.pending).toBeNull()
  })

  it("a wrong code shows the server's detail and lets them try again", async () => {
    let tries = 0
    const { actor } = await atCodeStep(() => {
      tries++
      return tries === 1
        ? Promise.reject(codeRequired('Invalid authentication code, try again'))
        : Promise.resolve({ token: 'ok' })
    })
    actor.send({ type: 'session.code', code: '000000' })
    await waitFor(actor, (state) => state.matches('awaitingCode') && state.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Invalid authentication code, try again')
    expect(actor.getSnapshot().context.pending).toEqual(credentials)
    actor.send({ type: 'session.code', code: '123456' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (state) => state.matches('signedIn'))
  })

  it.each([
    [codeRequired(''), 'Invalid authentication code'],
    [new ApiError(429, 'Too many attempts, wait a minute'), 'Too many attempts, wait a minute'],
    [new ApiError(500, null), 'Something went wrong. Please try again.'],
    [new ApiError(null, null), 'Network error. Please try again.'],
  ])('a failed code step (%o) stays on the code step saying %s', async (error, message) => {
    const { actor } = await atCodeStep(() => Promise.reject(error))
    actor.send({ type: 'session.code', code: '123456' })
    await waitFor(actor, (state) => state.matches('awaitingCode') && state.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(message)
  })

  it('a password refused at the code step (401 without twoFactorRequired) goes back to it', async () => {
    const { actor } = await atCodeStep(() =>
      Promise.reject(new ApiError(401, 'Invalid credentials')),
    )
    actor.send({ type: 'session.code', code: '123456' })
    await waitFor(actor, (state) => state.matches('signedOut'))
    expect(actor.getSnapshot().context.error).toBe('Invalid username or password')
    expect(actor.getSnapshot().context.pending).toBeNull()
  })

  it('Back returns to the password step and forgets the credentials and the error', async () => {
    const { actor } = await atCodeStep(() => Promise.reject(codeRequired('Wrong code')))
    actor.send({ type: 'session.code', code: '111111' })
    await waitFor(actor, (state) => state.matches('awaitingCode') && state.context.error !== null)
    actor.send({ type: 'session.back' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context).toMatchObject({ error: null, pending: null })
  })

  it('a plain 401 on the password is refused by the code-step guard: no code step', async () => {
    const { actor } = start({ login: () => Promise.reject(new ApiError(401, null)) })
    actor.send({ type: 'session.login', ...credentials })
    await waitFor(actor, (state) => state.matches('signedOut') && state.context.error !== null)
    expect(actor.getSnapshot().context.pending).toBeNull()
  })

  it('ignores a code and Back outside the code step, and a login or expiry inside it', async () => {
    const { actor: signedOut } = start()
    signedOut.send({ type: 'session.code', code: '1' })
    signedOut.send({ type: 'session.back' })
    expect(signedOut.getSnapshot().value).toBe('signedOut')
    const { actor } = await atCodeStep(() => Promise.resolve({ token: 't' }))
    actor.send({ type: 'session.login', username: 'other', password: 'x' })
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().value).toBe('awaitingCode')
    expect(actor.getSnapshot().context.pending).toEqual(credentials)
  })
})

/** Every effect settled by the path's steps, with the token store the machine starts from. */
function startForPaths(token: string | null) {
  const login = settledByHand<{ token: string }, Credentials>()
  const logout = settledByHand<void, void>()
  const logic = sessionMachine.provide({ actors: { login: login.logic, logout: logout.logic } })
  return {
    actor: startMachine(logic, { tokenStore: memoryTokenStore(token) }),
    // The code step sends the same login effect again (invoke id `verifyCode`).
    effects: { login, logout, verifyCode: login },
  }
}

const pathEvents = [
  { type: 'session.login', ...credentials },
  { type: 'xstate.done.actor.login', output: { token: 'fresh' } },
  { type: 'xstate.error.actor.login', error: new ApiError(401, null) },
  { type: 'xstate.error.actor.login', error: codeRequired() },
  { type: 'session.code', code: '123456' },
  { type: 'session.back' },
  { type: 'xstate.done.actor.verifyCode', output: { token: 'fresh' } },
  { type: 'xstate.error.actor.verifyCode', error: codeRequired('Wrong code') },
  { type: 'xstate.error.actor.verifyCode', error: new ApiError(401, null) },
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
