import { describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/lib/api-client'
import { deleteMachine, isConflict } from '../../src/machines/delete-machine'
import {
  deferred,
  describeEdgeCoverage,
  describeShortestPaths,
  sendRefused,
  settledByHand,
  startMachine,
  where,
} from '../support/machines'

const REFUSED = new ApiError(409, 'Service provider has 3 products')

interface Fakes {
  remove?: () => Promise<unknown>
  alternative?: () => Promise<unknown>
}

function start(fakes: Fakes = {}) {
  const remove = vi.fn(fakes.remove ?? (async () => undefined))
  const alternative = vi.fn(fakes.alternative ?? (async () => undefined))
  const reportDeleted = vi.fn()
  const reportAlternativeDone = vi.fn()
  const reportFailure = vi.fn()
  const logic = deleteMachine.provide({
    actors: {
      remove: fromPromise(() => remove()),
      alternative: fromPromise(() => alternative()),
    },
    actions: {
      reportDeleted: () => reportDeleted(),
      reportAlternativeDone: () => reportAlternativeDone(),
      reportFailure: (_, params) => reportFailure(params),
    },
  })
  const actor = startMachine(logic)
  const state = () => actor.getSnapshot()
  return { actor, state, remove, alternative, reportDeleted, reportAlternativeDone, reportFailure }
}

/** Opens the dialog (offering an alternative or not) and confirms; the delete is refused (409). */
async function refused(offersAlternative = true) {
  const flow = start({ remove: () => Promise.reject(REFUSED) })
  flow.actor.send({ type: 'delete.open', offersAlternative })
  flow.actor.send({ type: 'delete.confirm' })
  await waitFor(flow.actor, (s) => s.matches('refused'))
  return flow
}

describe('delete machine: confirming and deleting', () => {
  it('starts closed; delete.open asks first, not busy', () => {
    const { actor, state, remove } = start()
    expect(where(state())).toBe('closed')
    expect(state().hasTag('open')).toBe(false)
    actor.send({ type: 'delete.open', offersAlternative: false })
    expect(where(state())).toBe('confirming')
    expect(state().hasTag('open')).toBe(true)
    expect(state().hasTag('busy')).toBe(false)
    expect(remove).not.toHaveBeenCalled()
  })

  it('delete.cancel closes the dialog and deletes nothing', () => {
    const { actor, state, remove } = start()
    actor.send({ type: 'delete.open', offersAlternative: false })
    actor.send({ type: 'delete.cancel' })
    expect(where(state())).toBe('closed')
    expect(remove).not.toHaveBeenCalled()
  })

  it('delete.confirm deletes, busy meanwhile, then closes and reports it', async () => {
    const call = deferred<unknown>()
    const { actor, state, remove, reportDeleted, reportFailure } = start({
      remove: () => call.promise,
    })
    actor.send({ type: 'delete.open', offersAlternative: false })
    actor.send({ type: 'delete.confirm' })
    expect(where(state())).toBe('deleting')
    expect(state().hasTag('busy')).toBe(true)
    expect(state().hasTag('open')).toBe(true)
    expect(remove).toHaveBeenCalledTimes(1)
    // The dialog's buttons are disabled: a cancel or a second confirm changes nothing.
    actor.send({ type: 'delete.cancel' })
    actor.send({ type: 'delete.confirm' })
    expect(where(state())).toBe('deleting')
    expect(remove).toHaveBeenCalledTimes(1)

    call.resolve(undefined)
    await waitFor(actor, (s) => s.matches('closed'))
    expect(reportDeleted).toHaveBeenCalledTimes(1)
    expect(reportFailure).not.toHaveBeenCalled()
  })

  it('a failure closes the dialog and reports the delete’s error', async () => {
    const error = new ApiError(500, null)
    const { actor, reportFailure, reportDeleted } = start({ remove: () => Promise.reject(error) })
    actor.send({ type: 'delete.open', offersAlternative: true })
    actor.send({ type: 'delete.confirm' })
    await waitFor(actor, (s) => s.matches('closed'))
    expect(reportFailure).toHaveBeenCalledWith({ step: 'delete', error })
    expect(reportDeleted).not.toHaveBeenCalled()
  })
})

describe('delete machine: refused (409) with nothing else on offer', () => {
  it('stays open with the server’s answer, reported nowhere else', async () => {
    const { state, reportFailure } = await refused(false)
    expect(state().hasTag('open')).toBe(true)
    expect(state().hasTag('refused')).toBe(true)
    expect(state().hasTag('busy')).toBe(false)
    expect(state().context.refusal).toBe(REFUSED)
    expect(reportFailure).not.toHaveBeenCalled()
  })

  it('delete.confirm does nothing: there is no alternative to run', async () => {
    const flow = await refused(false)
    sendRefused(flow.actor, { type: 'delete.confirm' })
    expect(where(flow.state())).toBe('refused')
    expect(flow.alternative).not.toHaveBeenCalled()
    expect(flow.remove).toHaveBeenCalledTimes(1)
  })

  it('delete.cancel (Close) closes', async () => {
    const flow = await refused(false)
    flow.actor.send({ type: 'delete.cancel' })
    expect(where(flow.state())).toBe('closed')
  })
})

describe('delete machine: refused (409) with an alternative on offer', () => {
  it('stays open, keeps the server’s answer and reports nothing yet', async () => {
    const { state, reportFailure } = await refused()
    expect(state().hasTag('open')).toBe(true)
    expect(state().hasTag('refused')).toBe(true)
    expect(state().hasTag('busy')).toBe(false)
    expect(state().context.refusal).toBe(REFUSED)
    expect(reportFailure).not.toHaveBeenCalled()
  })

  it('delete.confirm runs the alternative (Disable), busy meanwhile, then reports it', async () => {
    const call = deferred<unknown>()
    const flow = await refused()
    flow.alternative.mockImplementation(() => call.promise)
    flow.actor.send({ type: 'delete.confirm' })
    expect(where(flow.state())).toBe('runningAlternative')
    expect(flow.state().hasTag('busy')).toBe(true)
    expect(flow.state().hasTag('refused')).toBe(true)
    flow.actor.send({ type: 'delete.cancel' })
    expect(where(flow.state())).toBe('runningAlternative')
    call.resolve(undefined)
    await waitFor(flow.actor, (s) => s.matches('closed'))
    expect(flow.reportAlternativeDone).toHaveBeenCalledTimes(1)
    expect(flow.reportDeleted).not.toHaveBeenCalled()
    expect(flow.remove).toHaveBeenCalledTimes(1)
  })

  it('an alternative that fails closes and reports the alternative’s error, even a 409', async () => {
    const flow = await refused()
    flow.alternative.mockImplementation(() => Promise.reject(REFUSED))
    flow.actor.send({ type: 'delete.confirm' })
    await waitFor(flow.actor, (s) => s.matches('closed'))
    expect(flow.reportFailure).toHaveBeenCalledWith({ step: 'alternative', error: REFUSED })
  })

  it('delete.cancel closes without running the alternative', async () => {
    const flow = await refused()
    flow.actor.send({ type: 'delete.cancel' })
    expect(where(flow.state())).toBe('closed')
    expect(flow.alternative).not.toHaveBeenCalled()
  })

  it('opening again asks again, forgetting the refusal', async () => {
    const flow = await refused()
    flow.actor.send({ type: 'delete.cancel' })
    flow.actor.send({ type: 'delete.open', offersAlternative: true })
    expect(where(flow.state())).toBe('confirming')
    expect(flow.state().context.refusal).toBeNull()
  })

  it('isConflict is a 409 and nothing else', () => {
    expect(isConflict(REFUSED)).toBe(true)
    expect(isConflict(new ApiError(400, null))).toBe(false)
    expect(isConflict(null)).toBe(false)
    expect(isConflict('409')).toBe(false)
  })
})

/** Every effect settled by the path's steps. */
function startForPaths() {
  const remove = settledByHand<unknown, void>()
  const alternative = settledByHand<unknown, void>()
  const logic = deleteMachine.provide({
    actors: { remove: remove.logic, alternative: alternative.logic },
  })
  return { actor: startMachine(logic), effects: { remove, alternative } }
}

describeShortestPaths('delete machine: shortest paths to every state', deleteMachine, {
  events: [
    { type: 'delete.open', offersAlternative: true },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'xstate.done.actor.remove' },
    { type: 'xstate.error.actor.remove', error: REFUSED },
    { type: 'xstate.done.actor.alternative' },
    { type: 'xstate.error.actor.alternative', error: new ApiError(500, null) },
  ],
  start: startForPaths,
})

describeEdgeCoverage(deleteMachine)
