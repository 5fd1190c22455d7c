import { describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import {
  type LiveChange,
  liveChangesMachine,
  type PresenceChange,
  retryDelayMs,
} from '../../src/machines/live-changes-machine'
import {
  callbackByHand,
  describeEdgeCoverage,
  describeShortestPaths,
  settledByHand,
  startMachine,
  where,
} from '../support/machines'

const CHANGE: LiveChange = {
  collection: 'products',
  id: 7,
  action: 'update',
  operator: 'ada',
  at: '2026-11-27T06:00:00.000Z',
}

const PRESENCE: PresenceChange = { collection: 'products', id: 7 }

function start() {
  const connect = callbackByHand<unknown>()
  const wait = settledByHand<void, { failures: number }>()
  const applyChange = vi.fn()
  const applyPresence = vi.fn()
  const catchUp = vi.fn()
  const logic = liveChangesMachine.provide({
    actors: { connect: connect.logic, wait: wait.logic },
    actions: {
      applyChange: (_, params) => applyChange(params.change),
      applyPresence: (_, params) => applyPresence(params.presence),
      catchUp,
    },
  })
  const actor = startMachine(logic)
  const state = () => actor.getSnapshot()
  return { actor, state, connect, wait, applyChange, applyPresence, catchUp }
}

/** Started, then the stream dropped once: waiting to retry. */
function dropped() {
  const flow = start()
  flow.connect.sendBack({ type: 'stream.dropped' })
  return flow
}

describe('live changes machine: the connection', () => {
  it('starts connecting, with the stream requested and no failures', () => {
    const { state, connect } = start()
    expect(where(state())).toBe('connection.connecting')
    expect(state().hasTag('connecting')).toBe(true)
    expect(state().context.failures).toBe(0)
    expect(connect.calls).toHaveLength(1)
  })

  it('stream.opened is open (live) and hands each change to applyChange, no catch-up', () => {
    const { state, connect, applyChange, catchUp } = start()
    connect.sendBack({ type: 'stream.opened' })
    expect(where(state())).toBe('connection.open')
    expect(state().hasTag('live')).toBe(true)
    connect.sendBack({ type: 'change.received', change: CHANGE })
    connect.sendBack({ type: 'change.received', change: { ...CHANGE, id: 8 } })
    expect(applyChange.mock.calls).toEqual([[CHANGE], [{ ...CHANGE, id: 8 }]])
    expect(catchUp).not.toHaveBeenCalled()
    expect(where(state())).toBe('connection.open')
  })

  it('an open stream hands each presence change to applyPresence, never to applyChange', () => {
    const { state, connect, applyChange, applyPresence } = start()
    // Before the stream is open, nothing is heard.
    connect.sendBack({ type: 'presence.received', presence: PRESENCE })
    expect(applyPresence).not.toHaveBeenCalled()
    connect.sendBack({ type: 'stream.opened' })
    connect.sendBack({ type: 'presence.received', presence: PRESENCE })
    expect(applyPresence.mock.calls).toEqual([[PRESENCE]])
    expect(applyChange).not.toHaveBeenCalled()
    expect(where(state())).toBe('connection.open')
  })

  it('a drop while open stops the stream and waits, counting the failure', () => {
    const { state, connect, wait } = start()
    connect.sendBack({ type: 'stream.opened' })
    connect.sendBack({ type: 'stream.dropped' })
    expect(where(state())).toBe('retrying')
    expect(state().hasTag('retrying')).toBe(true)
    expect(connect.stopped()).toBe(true)
    expect(wait.calls.map((call) => call.input)).toEqual([{ failures: 1 }])
  })

  it('after the wait it connects again with a new request; each drop in a row waits longer', async () => {
    const { actor, state, connect, wait } = dropped()
    wait.resolve()
    await waitFor(actor, (s) => s.matches({ connection: 'connecting' }))
    expect(connect.calls).toHaveLength(2)
    connect.sendBack({ type: 'stream.dropped' })
    expect(where(state())).toBe('retrying')
    expect(wait.calls.map((call) => call.input)).toEqual([{ failures: 1 }, { failures: 2 }])
  })

  it('open again after a drop: catches up on what it missed, and the count starts over', async () => {
    const { actor, state, connect, wait, catchUp } = dropped()
    wait.resolve()
    await waitFor(actor, (s) => s.matches({ connection: 'connecting' }))
    connect.sendBack({ type: 'stream.opened' })
    expect(where(state())).toBe('connection.open')
    expect(catchUp).toHaveBeenCalledTimes(1)
    expect(state().context.failures).toBe(0)
  })

  it('connection.retry (back online) connects at once instead of waiting', () => {
    const { actor, state, connect } = dropped()
    actor.send({ type: 'connection.retry' })
    expect(where(state())).toBe('connection.connecting')
    expect(connect.calls).toHaveLength(2)
  })

  it('a refusal (401) stops for good, whether connecting or open', () => {
    const first = start()
    first.connect.sendBack({ type: 'stream.refused' })
    expect(where(first.state())).toBe('stopped')
    expect(first.state().status).toBe('done')
    expect(first.connect.stopped()).toBe(true)

    const second = start()
    second.connect.sendBack({ type: 'stream.opened' })
    second.connect.sendBack({ type: 'stream.refused' })
    expect(where(second.state())).toBe('stopped')
    expect(second.state().hasTag('stopped')).toBe(true)
  })
})

describe('live changes machine: the wait before a retry', () => {
  it('doubles from 1 s with each drop in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ])
  })
})

describeShortestPaths('live changes machine: shortest paths to every state', liveChangesMachine, {
  events: [
    { type: 'stream.opened' },
    { type: 'change.received', change: CHANGE },
    { type: 'presence.received', presence: PRESENCE },
    { type: 'stream.dropped' },
    { type: 'stream.refused' },
    { type: 'connection.retry' },
    { type: 'xstate.done.actor.wait' },
  ],
  start: () => {
    const connect = callbackByHand<unknown>()
    const wait = settledByHand<void, { failures: number }>()
    const logic = liveChangesMachine.provide({
      actors: { connect: connect.logic, wait: wait.logic },
    })
    return { actor: startMachine(logic), effects: { wait } }
  },
})

describeEdgeCoverage(liveChangesMachine)
