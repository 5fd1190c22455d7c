import { describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/lib/api-client'
import { failureMessage, formSubmitMachine } from '../../src/machines/form-submit-machine'
import { deferred, describeEdgeCoverage, startMachine } from '../support/machines'

const FALLBACK = 'Failed to create service provider category. Please try again.'

function start(submit: (data: unknown) => Promise<unknown>) {
  const submitSpy = vi.fn(submit)
  const reportSuccess = vi.fn()
  const reportFailure = vi.fn()
  const logic = formSubmitMachine.provide({
    actors: {
      submit: fromPromise<unknown, { data: unknown }>(({ input }) => submitSpy(input.data)),
    },
    actions: {
      reportSuccess: (_, params) => reportSuccess(params),
      reportFailure: (_, params) => reportFailure(params),
    },
  })
  const actor = startMachine(logic, { fallbackError: FALLBACK })
  return { actor, submitSpy, reportSuccess, reportFailure }
}

describe('form submit machine', () => {
  it('starts idle, not busy, with no error', () => {
    const { actor } = start(() => Promise.resolve())
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('idle')
    expect(snapshot.hasTag('busy')).toBe(false)
    expect(snapshot.context).toMatchObject({ error: null, fallbackError: FALLBACK })
  })

  it('is busy while submitting, then succeeds and reports the result', async () => {
    const call = deferred<{ id: number }>()
    const { actor, submitSpy, reportSuccess, reportFailure } = start(() => call.promise)
    actor.send({ type: 'form.submit', data: { name: 'Cleaning' } })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(submitSpy).toHaveBeenCalledWith({ name: 'Cleaning' })
    expect(reportSuccess).not.toHaveBeenCalled()

    call.resolve({ id: 7 })
    await waitFor(actor, (state) => state.matches('succeeded'))
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(actor.getSnapshot().context.result).toEqual({ id: 7 })
    expect(reportSuccess).toHaveBeenCalledTimes(1)
    expect(reportSuccess).toHaveBeenCalledWith({ result: { id: 7 } })
    expect(reportFailure).not.toHaveBeenCalled()
  })

  it("fails with the server's detail and reports it", async () => {
    const error = new ApiError(400, 'name: must not be blank')
    const { actor, reportSuccess, reportFailure } = start(() => Promise.reject(error))
    actor.send({ type: 'form.submit', data: {} })
    await waitFor(actor, (state) => state.matches('failed'))
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(actor.getSnapshot().context.error).toBe('name: must not be blank')
    expect(reportFailure).toHaveBeenCalledTimes(1)
    expect(reportFailure).toHaveBeenCalledWith({ message: 'name: must not be blank', error })
    expect(reportSuccess).not.toHaveBeenCalled()
  })

  it.each([
    ['a 500 without detail', new ApiError(500, null)],
    ['no response at all', new ApiError(null, null)],
    ['a blank detail', new ApiError(400, '   ')],
    ['an error that is not an API error', new TypeError('Failed to fetch')],
  ])('falls back to the form text on %s', async (_, error) => {
    const { actor, reportFailure } = start(() => Promise.reject(error))
    actor.send({ type: 'form.submit', data: {} })
    await waitFor(actor, (state) => state.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe(FALLBACK)
    expect(reportFailure).toHaveBeenCalledWith({ message: FALLBACK, error })
  })

  it('ignores a second submit while the first is in flight', async () => {
    const call = deferred<{ id: number }>()
    const { actor, submitSpy, reportSuccess } = start(() => call.promise)
    actor.send({ type: 'form.submit', data: { name: 'First' } })
    actor.send({ type: 'form.submit', data: { name: 'Second' } })
    actor.send({ type: 'form.submit', data: { name: 'Third' } })
    expect(submitSpy).toHaveBeenCalledTimes(1)
    expect(submitSpy).toHaveBeenCalledWith({ name: 'First' })
    expect(actor.getSnapshot().value).toBe('submitting')

    call.resolve({ id: 1 })
    await waitFor(actor, (state) => state.matches('succeeded'))
    expect(submitSpy).toHaveBeenCalledTimes(1)
    expect(reportSuccess).toHaveBeenCalledTimes(1)
  })

  it('submits again after a failure, clearing the previous error while busy', async () => {
    let attempt = 0
    const { actor, submitSpy, reportSuccess, reportFailure } = start(() =>
      ++attempt === 1 ? Promise.reject(new ApiError(500, null)) : Promise.resolve({ id: 9 }),
    )
    actor.send({ type: 'form.submit', data: { name: 'Try' } })
    await waitFor(actor, (state) => state.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe(FALLBACK)

    actor.send({ type: 'form.submit', data: { name: 'Again' } })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (state) => state.matches('succeeded'))
    expect(submitSpy).toHaveBeenCalledTimes(2)
    expect(submitSpy).toHaveBeenLastCalledWith({ name: 'Again' })
    expect(reportFailure).toHaveBeenCalledTimes(1)
    expect(reportSuccess).toHaveBeenCalledWith({ result: { id: 9 } })
  })

  it('submits again from succeeded (a form that stays on screen, such as Add another)', async () => {
    let id = 0
    const { actor, submitSpy, reportSuccess } = start(async () => ({ id: ++id }))
    actor.send({ type: 'form.submit', data: { name: 'One' } })
    await waitFor(actor, (state) => state.matches('succeeded'))
    actor.send({ type: 'form.submit', data: { name: 'Two' } })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(actor.getSnapshot().context.result).toBeNull()
    await waitFor(actor, (state) => state.matches('succeeded'))
    expect(submitSpy).toHaveBeenLastCalledWith({ name: 'Two' })
    expect(reportSuccess).toHaveBeenLastCalledWith({ result: { id: 2 } })
  })

  it('failureMessage prefers a non-blank string detail', () => {
    expect(failureMessage(new ApiError(409, 'Email already exists'), FALLBACK)).toBe(
      'Email already exists',
    )
    expect(failureMessage({ detail: 42 }, FALLBACK)).toBe(FALLBACK)
    expect(failureMessage(null, FALLBACK)).toBe(FALLBACK)
    expect(failureMessage('boom', FALLBACK)).toBe(FALLBACK)
  })
})

describeEdgeCoverage(formSubmitMachine)
