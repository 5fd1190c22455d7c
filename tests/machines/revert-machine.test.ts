import { describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/lib/api-client'
import { isStale, revertMachine, type VersionChanges } from '../../src/machines/revert-machine'
import {
  deferred,
  describeEdgeCoverage,
  describeShortestPaths,
  settledByHand,
  startMachine,
  where,
} from '../support/machines'

const CHANGES: VersionChanges = { name: { before: 'Renamed', after: 'First name' } }
const STALE = new ApiError(412, 'This record was changed by someone else since you opened it.')

interface Fakes {
  preview?: (to: number) => Promise<VersionChanges>
  restore?: (to: number) => Promise<unknown>
}

function start(fakes: Fakes = {}) {
  const preview = vi.fn(fakes.preview ?? (async () => CHANGES))
  const restore = vi.fn(fakes.restore ?? (async () => undefined))
  const reportRestored = vi.fn()
  const reportFailure = vi.fn()
  const reload = vi.fn()
  const logic = revertMachine.provide({
    actors: {
      preview: fromPromise<VersionChanges, { to: number }>(({ input }) => preview(input.to)),
      restore: fromPromise<unknown, { to: number }>(({ input }) => restore(input.to)),
    },
    actions: {
      reportRestored: () => reportRestored(),
      reportFailure: (_, params) => reportFailure(params),
      reload: () => reload(),
    },
  })
  const actor = startMachine(logic)
  const state = () => actor.getSnapshot()
  return { actor, state, preview, restore, reportRestored, reportFailure, reload }
}

/** Opens the dialog for entry 7 and waits for the server's answer. */
async function opened(fakes: Fakes = {}) {
  const flow = start(fakes)
  flow.actor.send({ type: 'revert.open', to: 7 })
  await waitFor(flow.actor, (s) => !s.matches('previewing'))
  return flow
}

describe('revert machine: previewing and reviewing', () => {
  it('starts closed; revert.open asks the server what the version changes', async () => {
    const call = deferred<VersionChanges>()
    const { actor, state, preview } = start({ preview: () => call.promise })
    expect(where(state())).toBe('closed')
    expect(state().hasTag('open')).toBe(false)
    actor.send({ type: 'revert.open', to: 7 })
    expect(where(state())).toBe('previewing')
    expect(state().hasTag('open')).toBe(true)
    expect(state().hasTag('loading')).toBe(true)
    expect(preview).toHaveBeenCalledWith(7)
    call.resolve(CHANGES)
    await waitFor(actor, (s) => s.matches('reviewing'))
    expect(state().context.changes).toEqual(CHANGES)
    expect(state().hasTag('changes')).toBe(true)
    expect(state().hasTag('busy')).toBe(false)
  })

  it('a version with nothing to change is `unchanged`: no save on offer', async () => {
    const { actor, state, restore } = await opened({ preview: async () => ({}) })
    expect(where(state())).toBe('unchanged')
    expect(state().hasTag('changes')).toBe(false)
    actor.send({ type: 'revert.confirm' })
    expect(where(state())).toBe('unchanged')
    expect(restore).not.toHaveBeenCalled()
    actor.send({ type: 'revert.cancel' })
    expect(where(state())).toBe('closed')
  })

  it('revert.cancel while the preview loads closes without saving', () => {
    const { actor, state, restore } = start({ preview: () => new Promise(() => {}) })
    actor.send({ type: 'revert.open', to: 7 })
    actor.send({ type: 'revert.cancel' })
    expect(where(state())).toBe('closed')
    expect(restore).not.toHaveBeenCalled()
  })

  it('a failed preview closes and reports the preview’s error', async () => {
    const error = new ApiError(400, 'to 7 is a delete, not a version of the record')
    const { state, reportFailure } = await opened({ preview: () => Promise.reject(error) })
    expect(where(state())).toBe('closed')
    expect(reportFailure).toHaveBeenCalledWith({ step: 'preview', error })
  })

  it('a stale record found by the preview (412) stays open as stale', async () => {
    const { state, reportFailure } = await opened({ preview: () => Promise.reject(STALE) })
    expect(where(state())).toBe('stale')
    expect(state().hasTag('open')).toBe(true)
    expect(state().hasTag('stale')).toBe(true)
    expect(state().context.refusal).toBe(STALE)
    expect(reportFailure).not.toHaveBeenCalled()
  })

  it('opening again forgets the previous version’s changes and refusal', async () => {
    const flow = await opened()
    expect(flow.state().context.changes).toEqual(CHANGES)
    flow.actor.send({ type: 'revert.cancel' })
    flow.preview.mockImplementation(() => Promise.reject(STALE))
    flow.actor.send({ type: 'revert.open', to: 5 })
    await waitFor(flow.actor, (s) => s.matches('stale'))
    flow.actor.send({ type: 'revert.cancel' })
    flow.preview.mockImplementation(() => new Promise(() => {}))
    flow.actor.send({ type: 'revert.open', to: 3 })
    expect(flow.state().context).toEqual({ to: 3, changes: {}, refusal: null })
  })
})

describe('revert machine: saving', () => {
  it('revert.confirm saves, busy meanwhile, then closes and reports it', async () => {
    const call = deferred<unknown>()
    const flow = await opened({ restore: () => call.promise })
    flow.actor.send({ type: 'revert.confirm' })
    expect(where(flow.state())).toBe('saving')
    expect(flow.state().hasTag('busy')).toBe(true)
    expect(flow.restore).toHaveBeenCalledWith(7)
    // The buttons are disabled: a cancel or a second confirm changes nothing.
    flow.actor.send({ type: 'revert.cancel' })
    flow.actor.send({ type: 'revert.confirm' })
    expect(where(flow.state())).toBe('saving')
    expect(flow.restore).toHaveBeenCalledTimes(1)
    call.resolve(undefined)
    await waitFor(flow.actor, (s) => s.matches('closed'))
    expect(flow.reportRestored).toHaveBeenCalledTimes(1)
    expect(flow.reportFailure).not.toHaveBeenCalled()
  })

  it('a failed save closes and reports the save’s error', async () => {
    const error = new ApiError(400, 'productCategoryIds 4 is not an existing product category')
    const flow = await opened({ restore: () => Promise.reject(error) })
    flow.actor.send({ type: 'revert.confirm' })
    await waitFor(flow.actor, (s) => s.matches('closed'))
    expect(flow.reportFailure).toHaveBeenCalledWith({ step: 'save', error })
    expect(flow.reportRestored).not.toHaveBeenCalled()
  })

  it('a stale save (412 or 409) stays open; revert.reload closes and reloads', async () => {
    const flow = await opened({ restore: () => Promise.reject(STALE) })
    flow.actor.send({ type: 'revert.confirm' })
    await waitFor(flow.actor, (s) => s.matches('stale'))
    expect(flow.reportFailure).not.toHaveBeenCalled()
    flow.actor.send({ type: 'revert.reload' })
    expect(where(flow.state())).toBe('closed')
    expect(flow.reload).toHaveBeenCalledTimes(1)
  })

  it('revert.cancel leaves the stale dialog without reloading', async () => {
    const flow = await opened({ preview: () => Promise.reject(new ApiError(409, null)) })
    expect(where(flow.state())).toBe('stale')
    flow.actor.send({ type: 'revert.cancel' })
    expect(where(flow.state())).toBe('closed')
    expect(flow.reload).not.toHaveBeenCalled()
  })

  it('isStale is a 412 or a 409 and nothing else', () => {
    expect(isStale(STALE)).toBe(true)
    expect(isStale(new ApiError(409, null))).toBe(true)
    expect(isStale(new ApiError(400, null))).toBe(false)
    expect(isStale(null)).toBe(false)
    expect(isStale('412')).toBe(false)
  })
})

/** Every effect settled by the path's steps. */
function startForPaths() {
  const preview = settledByHand<VersionChanges, { to: number }>()
  const restore = settledByHand<unknown, { to: number }>()
  const logic = revertMachine.provide({
    actors: { preview: preview.logic, restore: restore.logic },
  })
  return { actor: startMachine(logic), effects: { preview, restore } }
}

describeShortestPaths('revert machine: shortest paths to every state', revertMachine, {
  events: [
    { type: 'revert.open', to: 7 },
    { type: 'revert.confirm' },
    { type: 'revert.cancel' },
    { type: 'revert.reload' },
    { type: 'xstate.done.actor.preview', output: CHANGES },
    { type: 'xstate.done.actor.preview', output: {} },
    { type: 'xstate.error.actor.preview', error: STALE },
    { type: 'xstate.done.actor.restore' },
    { type: 'xstate.error.actor.restore', error: new ApiError(500, null) },
  ],
  start: startForPaths,
})

describeEdgeCoverage(revertMachine)
