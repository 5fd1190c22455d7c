import { describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/lib/api-client'
import { type BulkActionName, bulkActionsMachine } from '../../src/machines/bulk-actions-machine'
import {
  deferred,
  describeEdgeCoverage,
  describeShortestPaths,
  settledByHand,
  startMachine,
  where,
} from '../support/machines'

const RESULT = { done: [2, 4], refused: [] }

function start(run: (action: BulkActionName) => Promise<unknown> = async () => RESULT) {
  const runAction = vi.fn(run)
  const reportDone = vi.fn()
  const reportFailure = vi.fn()
  const logic = bulkActionsMachine.provide({
    actors: {
      runAction: fromPromise<unknown, { action: BulkActionName }>(({ input }) =>
        runAction(input.action),
      ),
    },
    actions: {
      reportDone: (_, params) => reportDone(params),
      reportFailure: (_, params) => reportFailure(params),
    },
  })
  const actor = startMachine(logic)
  const state = () => actor.getSnapshot()
  return { actor, state, runAction, reportDone, reportFailure }
}

describe('bulk actions machine: Enable, Disable and Restore', () => {
  it('starts idle: no dialog, not busy', () => {
    const { state } = start()
    expect(where(state())).toBe('idle')
    expect(state().hasTag('busy')).toBe(false)
    expect(state().hasTag('confirming')).toBe(false)
  })

  it.each(['enable', 'disable', 'restore'] as const)(
    'bulk.request %s runs at once, busy, then reports',
    async (action) => {
      const call = deferred<unknown>()
      const { actor, state, runAction, reportDone } = start(() => call.promise)
      actor.send({ type: 'bulk.request', action })
      expect(where(state())).toBe('running')
      expect(state().hasTag('busy')).toBe(true)
      expect(state().hasTag('confirming')).toBe(false)
      expect(runAction).toHaveBeenCalledWith(action)
      // The bar's buttons are disabled meanwhile: another request changes nothing.
      actor.send({ type: 'bulk.request', action: 'delete' })
      expect(where(state())).toBe('running')
      expect(runAction).toHaveBeenCalledTimes(1)

      call.resolve(RESULT)
      await waitFor(actor, (s) => s.matches('idle'))
      expect(reportDone).toHaveBeenCalledWith({ action, result: RESULT })
    },
  )

  it('a refused request reports its error and is idle again', async () => {
    const error = new ApiError(400, 'More than 10000 records match the filters: narrow them first')
    const { actor, reportFailure, reportDone } = start(() => Promise.reject(error))
    actor.send({ type: 'bulk.request', action: 'enable' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(reportFailure).toHaveBeenCalledWith({ error })
    expect(reportDone).not.toHaveBeenCalled()
  })
})

describe('bulk actions machine: Delete asks first', () => {
  it('bulk.request delete opens the dialog and runs nothing', () => {
    const { actor, state, runAction } = start()
    actor.send({ type: 'bulk.request', action: 'delete' })
    expect(where(state())).toBe('confirming')
    expect(state().hasTag('confirming')).toBe(true)
    expect(state().hasTag('busy')).toBe(false)
    expect(runAction).not.toHaveBeenCalled()
  })

  it('bulk.cancel closes the dialog and sends nothing', () => {
    const { actor, state, runAction } = start()
    actor.send({ type: 'bulk.request', action: 'delete' })
    actor.send({ type: 'bulk.cancel' })
    expect(where(state())).toBe('idle')
    expect(runAction).not.toHaveBeenCalled()
  })

  it('bulk.confirm deletes with the dialog open and busy, then closes it and reports', async () => {
    const call = deferred<unknown>()
    const { actor, state, runAction, reportDone } = start(() => call.promise)
    actor.send({ type: 'bulk.request', action: 'delete' })
    actor.send({ type: 'bulk.confirm' })
    expect(where(state())).toBe('deleting')
    expect(state().hasTag('confirming')).toBe(true)
    expect(state().hasTag('busy')).toBe(true)
    expect(runAction).toHaveBeenCalledWith('delete')
    actor.send({ type: 'bulk.cancel' })
    expect(where(state())).toBe('deleting')

    call.resolve(RESULT)
    await waitFor(actor, (s) => s.matches('idle'))
    expect(state().hasTag('confirming')).toBe(false)
    expect(reportDone).toHaveBeenCalledWith({ action: 'delete', result: RESULT })
  })

  it('a failed delete closes the dialog and reports the error', async () => {
    const error = new ApiError(500, null)
    const { actor, reportFailure } = start(() => Promise.reject(error))
    actor.send({ type: 'bulk.request', action: 'delete' })
    actor.send({ type: 'bulk.confirm' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(reportFailure).toHaveBeenCalledWith({ error })
  })
})

describeShortestPaths('bulk actions machine: shortest paths to every state', bulkActionsMachine, {
  events: [
    { type: 'bulk.request', action: 'disable' },
    { type: 'bulk.request', action: 'delete' },
    { type: 'bulk.confirm' },
    { type: 'bulk.cancel' },
    { type: 'xstate.done.actor.runAction', output: RESULT },
    { type: 'xstate.error.actor.runAction', error: new ApiError(500, null) },
  ],
  start: () => {
    const runAction = settledByHand<unknown, { action: BulkActionName }>()
    const logic = bulkActionsMachine.provide({ actors: { runAction: runAction.logic } })
    return { actor: startMachine(logic), effects: { runAction } }
  },
})

describeEdgeCoverage(bulkActionsMachine)
