import { describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/lib/api-client'
import {
  isSixDigitCode,
  type TwoFactorSecret,
  twoFactorSetupMachine,
} from '../../src/machines/two-factor-setup-machine'
import {
  deferred,
  describeEdgeCoverage,
  describeShortestPaths,
  sendRefused,
  settledByHand,
  startMachine,
  where,
} from '../support/machines'

const SECRET: TwoFactorSecret = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Marketplace:admin?secret=JBSWY3DPEHPK3PXP&issuer=Marketplace',
}
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}`)

interface Fakes {
  start?: () => Promise<TwoFactorSecret>
  confirm?: (input: { code: string }) => Promise<{ recoveryCodes: string[] }>
  disable?: (input: { code: string }) => Promise<void>
}

function start(fakes: Fakes = {}) {
  const changed = vi.fn()
  const calls = { confirm: [] as string[], disable: [] as string[] }
  const logic = twoFactorSetupMachine.provide({
    actors: {
      start: fromPromise(() => (fakes.start ? fakes.start() : Promise.resolve(SECRET))),
      confirm: fromPromise(({ input }: { input: { code: string } }) => {
        calls.confirm.push(input.code)
        return fakes.confirm ? fakes.confirm(input) : Promise.resolve({ recoveryCodes: CODES })
      }),
      disable: fromPromise(({ input }: { input: { code: string } }) => {
        calls.disable.push(input.code)
        return fakes.disable ? fakes.disable(input) : Promise.resolve()
      }),
    },
    actions: { twoFactorChanged: (_, params) => changed(params) },
  })
  return { actor: startMachine(logic), changed, calls }
}

async function scanning(fakes: Fakes = {}) {
  const started = start(fakes)
  started.actor.send({ type: 'setup.start' })
  await waitFor(started.actor, (state) => state.matches('scanning'))
  return started
}

async function askingCode(fakes: Fakes = {}) {
  const started = start(fakes)
  started.actor.send({ type: 'disable.start' })
  expect(started.actor.getSnapshot().value).toBe('askingCode')
  return started
}

describe('two-factor set-up machine: setting up', () => {
  it('starts idle, not busy, with nothing shown', () => {
    const { actor } = start()
    expect(where(actor.getSnapshot())).toBe('ready.idle')
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(actor.getSnapshot().context).toEqual({
      secret: null,
      otpauthUrl: null,
      recoveryCodes: [],
      error: null,
    })
  })

  it('is busy while starting, then shows the secret and its QR code URL', async () => {
    const call = deferred<TwoFactorSecret>()
    const { actor } = start({ start: () => call.promise })
    actor.send({ type: 'setup.start' })
    expect(actor.getSnapshot().value).toBe('starting')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    call.resolve(SECRET)
    await waitFor(actor, (state) => state.matches('scanning'))
    expect(actor.getSnapshot().context).toMatchObject(SECRET)
    expect(actor.getSnapshot().hasTag('setup')).toBe(true)
  })

  it("a failed start shows the server's detail (else a fallback); retry or cancel", async () => {
    let fail: ApiError | null = new ApiError(500, null)
    const { actor } = start({
      start: () => (fail ? Promise.reject(fail) : Promise.resolve(SECRET)),
    })
    actor.send({ type: 'setup.start' })
    await waitFor(actor, (state) => state.matches('startFailed'))
    expect(actor.getSnapshot().context.error).toBe(
      'Could not start two-factor set-up. Please try again.',
    )
    fail = new ApiError(409, 'Two-factor authentication is already on')
    actor.send({ type: 'setup.start' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (state) => state.matches('startFailed'))
    expect(actor.getSnapshot().context.error).toBe('Two-factor authentication is already on')
    actor.send({ type: 'setup.cancel' })
    expect(where(actor.getSnapshot())).toBe('ready.idle')
    expect(actor.getSnapshot().context.error).toBeNull()
    fail = null
    actor.send({ type: 'setup.start' })
    await waitFor(actor, (state) => state.matches('scanning'))
  })

  it('confirms a six-digit code (spaces dropped), then shows the recovery codes', async () => {
    const call = deferred<{ recoveryCodes: string[] }>()
    const { actor, calls, changed } = await scanning({ confirm: () => call.promise })
    actor.send({ type: 'setup.confirm', code: '123 456' })
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(calls.confirm).toEqual(['123456'])
    call.resolve({ recoveryCodes: CODES })
    await waitFor(actor, (state) => state.matches('showingRecoveryCodes'))
    expect(actor.getSnapshot().context).toMatchObject({
      recoveryCodes: CODES,
      secret: null,
      otpauthUrl: null,
    })
    expect(changed).toHaveBeenCalledWith({ on: true })
    actor.send({ type: 'setup.done' })
    expect(where(actor.getSnapshot())).toBe('ready.done')
    expect(actor.getSnapshot().hasTag('enabled')).toBe(true)
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([])
  })

  it('refuses a code that is not six digits: no call, still scanning', async () => {
    const { actor, calls } = await scanning()
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      sendRefused(actor, { type: 'setup.confirm', code })
      expect(actor.getSnapshot().value).toBe('scanning')
    }
    expect(calls.confirm).toEqual([])
  })

  it("a wrong code goes back to the QR code with the server's detail, keeping the secret", async () => {
    let tries = 0
    const { actor, changed } = await scanning({
      confirm: () => {
        tries++
        return tries === 1
          ? Promise.reject(new ApiError(400, 'Invalid authentication code'))
          : Promise.resolve({ recoveryCodes: CODES })
      },
    })
    actor.send({ type: 'setup.confirm', code: '000000' })
    await waitFor(actor, (state) => state.matches('scanning') && state.context.error !== null)
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'Invalid authentication code',
      ...SECRET,
    })
    expect(changed).not.toHaveBeenCalled()
    actor.send({ type: 'setup.confirm', code: '123456' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (state) => state.matches('showingRecoveryCodes'))
  })

  it('a wrong code without detail says so in the fallback', async () => {
    const { actor } = await scanning({ confirm: () => Promise.reject(new ApiError(400, null)) })
    actor.send({ type: 'setup.confirm', code: '000000' })
    await waitFor(actor, (state) => state.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('That code did not work. Please try again.')
  })

  it('cancelling the scan forgets the secret', async () => {
    const { actor } = await scanning()
    actor.send({ type: 'setup.cancel' })
    expect(where(actor.getSnapshot())).toBe('ready.idle')
    expect(actor.getSnapshot().context.secret).toBeNull()
  })

  it('ignores events that do not belong where it is', async () => {
    const { actor } = start()
    actor.send({ type: 'setup.done' })
    actor.send({ type: 'setup.cancel' })
    actor.send({ type: 'disable.submit', code: '123456' })
    expect(where(actor.getSnapshot())).toBe('ready.idle')
    const call = deferred<TwoFactorSecret>()
    const busy = start({ start: () => call.promise })
    busy.actor.send({ type: 'setup.start' })
    busy.actor.send({ type: 'setup.cancel' })
    busy.actor.send({ type: 'disable.start' })
    expect(busy.actor.getSnapshot().value).toBe('starting')
  })
})

describe('two-factor set-up machine: turning off', () => {
  it('asks for a code, is busy while turning off, then reports it off', async () => {
    const call = deferred<void>()
    const { actor, calls, changed } = await askingCode({ disable: () => call.promise })
    expect(actor.getSnapshot().hasTag('turningOff')).toBe(true)
    actor.send({ type: 'disable.submit', code: ' abcd-efgh ' })
    expect(actor.getSnapshot().value).toBe('disabling')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(calls.disable).toEqual(['abcd-efgh'])
    call.resolve()
    await waitFor(actor, (state) => state.matches({ ready: 'disabled' }))
    expect(actor.getSnapshot().hasTag('disabled')).toBe(true)
    expect(changed).toHaveBeenCalledWith({ on: false })
  })

  it('refuses a blank code', async () => {
    const { actor, calls } = await askingCode()
    sendRefused(actor, { type: 'disable.submit', code: '   ' })
    expect(actor.getSnapshot().value).toBe('askingCode')
    expect(calls.disable).toEqual([])
  })

  it("a wrong code asks again with the server's detail (else a fallback)", async () => {
    let error = new ApiError(400, 'Invalid authentication code')
    const { actor } = await askingCode({ disable: () => Promise.reject(error) })
    actor.send({ type: 'disable.submit', code: '000000' })
    await waitFor(actor, (state) => state.matches('askingCode') && state.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Invalid authentication code')
    error = new ApiError(500, null)
    actor.send({ type: 'disable.submit', code: '000000' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (state) => state.matches('askingCode') && state.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(
      'Could not turn off two-factor authentication. Please try again.',
    )
    actor.send({ type: 'disable.cancel' })
    expect(where(actor.getSnapshot())).toBe('ready.idle')
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe('two-factor set-up machine: after one flow, the next', () => {
  async function ended(how: 'done' | 'disabled') {
    const started = start()
    if (how === 'done') {
      started.actor.send({ type: 'setup.start' })
      await waitFor(started.actor, (state) => state.matches('scanning'))
      started.actor.send({ type: 'setup.confirm', code: '123456' })
      await waitFor(started.actor, (state) => state.matches('showingRecoveryCodes'))
      started.actor.send({ type: 'setup.done' })
    } else {
      started.actor.send({ type: 'disable.start' })
      started.actor.send({ type: 'disable.submit', code: '123456' })
    }
    await waitFor(started.actor, (state) => state.matches({ ready: how }))
    return started.actor
  }

  it.each(['done', 'disabled'] as const)('from %s: turn off, or set up again', async (how) => {
    const off = await ended(how)
    off.send({ type: 'disable.start' })
    expect(off.getSnapshot().value).toBe('askingCode')
    const on = await ended(how)
    on.send({ type: 'setup.start' })
    await waitFor(on, (state) => state.matches('scanning'))
  })
})

function startForPaths() {
  const effects = {
    start: settledByHand<TwoFactorSecret, void>(),
    confirm: settledByHand<{ recoveryCodes: string[] }, { code: string }>(),
    disable: settledByHand<void, { code: string }>(),
  }
  const logic = twoFactorSetupMachine.provide({
    actors: {
      start: effects.start.logic,
      confirm: effects.confirm.logic,
      disable: effects.disable.logic,
    },
  })
  return { actor: startMachine(logic), effects }
}

describeShortestPaths('two-factor set-up machine: shortest paths', twoFactorSetupMachine, {
  events: [
    { type: 'setup.start' },
    { type: 'setup.cancel' },
    { type: 'setup.confirm', code: '123456' },
    { type: 'setup.done' },
    { type: 'disable.start' },
    { type: 'disable.submit', code: '123456' },
    { type: 'disable.cancel' },
    { type: 'xstate.done.actor.start', output: SECRET },
    { type: 'xstate.error.actor.start', error: new ApiError(500, null) },
    { type: 'xstate.done.actor.confirm', output: { recoveryCodes: CODES } },
    { type: 'xstate.error.actor.confirm', error: new ApiError(400, 'Invalid code') },
    { type: 'xstate.done.actor.disable' },
    { type: 'xstate.error.actor.disable', error: new ApiError(400, 'Invalid code') },
  ],
  start: startForPaths,
})

describe('isSixDigitCode', () => {
  it.each([
    ['123456', true],
    ['123 456', true],
    ['12345', false],
    ['12345a', false],
  ])('%s → %s', (code, ok) => expect(isSixDigitCode(code)).toBe(ok))
})

describeEdgeCoverage(twoFactorSetupMachine)
