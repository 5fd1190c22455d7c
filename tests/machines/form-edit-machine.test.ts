import { describe, expect, it } from 'vitest'
import { comparable, formEditMachine, sameData } from '../../src/machines/form-edit-machine'
import {
  describeEdgeCoverage,
  describeShortestPaths,
  startMachine,
  where,
} from '../support/machines'

const FIRST = { name: 'Cleaning', description: undefined, tags: ['a'] }

/** A form rendered with its first data read, untouched. */
function loaded() {
  const actor = startMachine(formEditMachine)
  actor.send({ type: 'form.load', data: FIRST })
  return actor
}

const dirty = (actor: ReturnType<typeof loaded>) => actor.getSnapshot().hasTag('dirty')
const saving = (actor: ReturnType<typeof loaded>) => actor.getSnapshot().hasTag('saving')

describe('form edit machine: dirty or clean', () => {
  it('starts clean and not saving, with its first data not yet read', () => {
    const actor = startMachine(formEditMachine)
    expect(where(actor.getSnapshot())).toBe('edits.clean, save.idle')
    expect(dirty(actor)).toBe(false)
    expect(saving(actor)).toBe(false)
    expect(actor.getSnapshot().context.initial).toBeNull()
  })

  it('form.load keeps the first data as JSON, undefined members dropped', () => {
    const actor = loaded()
    expect(actor.getSnapshot().context.initial).toEqual({ data: { name: 'Cleaning', tags: ['a'] } })
    expect(where(actor.getSnapshot())).toBe('edits.clean, save.idle')
  })

  it('a change from the first data makes it dirty; another keeps it dirty', () => {
    const actor = loaded()
    actor.send({ type: 'form.change', data: { ...FIRST, name: 'Cleaning services' } })
    expect(where(actor.getSnapshot())).toBe('edits.dirty, save.idle')
    expect(dirty(actor)).toBe(true)
    actor.send({ type: 'form.change', data: { ...FIRST, tags: ['a', 'b'] } })
    expect(dirty(actor)).toBe(true)
  })

  it('a change back to the first data (keys in any order, a field emptied) is clean again', () => {
    const actor = loaded()
    actor.send({ type: 'form.change', data: { ...FIRST, name: 'Other' } })
    actor.send({
      type: 'form.change',
      data: { tags: ['a'], name: 'Cleaning', description: undefined },
    })
    expect(where(actor.getSnapshot())).toBe('edits.clean, save.idle')
    expect(dirty(actor)).toBe(false)
  })

  it('a change that keeps the first data stays clean', () => {
    const actor = loaded()
    actor.send({ type: 'form.change', data: { name: 'Cleaning', tags: ['a'] } })
    expect(dirty(actor)).toBe(false)
  })

  it('a change before the first data is read is not an edit', () => {
    const actor = startMachine(formEditMachine)
    actor.send({ type: 'form.change', data: { name: 'Typed early' } })
    expect(dirty(actor)).toBe(false)
  })

  it('an empty change (no data) compares as an empty form', () => {
    const actor = startMachine(formEditMachine)
    actor.send({ type: 'form.load', data: undefined })
    actor.send({ type: 'form.change', data: undefined })
    expect(dirty(actor)).toBe(false)
    actor.send({ type: 'form.change', data: { name: 'x' } })
    expect(dirty(actor)).toBe(true)
  })

  it('form.load is read once, while clean: a dirty form keeps its first data', () => {
    const actor = loaded()
    actor.send({ type: 'form.change', data: { name: 'Other' } })
    actor.send({ type: 'form.load', data: { name: 'Other' } })
    expect(actor.getSnapshot().context.initial).toEqual({ data: { name: 'Cleaning', tags: ['a'] } })
    expect(dirty(actor)).toBe(true)
  })
})

describe('form edit machine: its own save', () => {
  it('form.submit is saving until the save settles; a failed save leaves it dirty', () => {
    const actor = loaded()
    actor.send({ type: 'form.change', data: { name: 'Other' } })
    actor.send({ type: 'form.submit' })
    expect(where(actor.getSnapshot())).toBe('edits.dirty, save.saving')
    expect(saving(actor)).toBe(true)
    // A second submit while saving changes nothing (the form is disabled meanwhile).
    actor.send({ type: 'form.submit' })
    expect(saving(actor)).toBe(true)
    actor.send({ type: 'save.settled' })
    expect(where(actor.getSnapshot())).toBe('edits.dirty, save.idle')
    expect(saving(actor)).toBe(false)
  })

  it('an untouched form can be saved too', () => {
    const actor = loaded()
    actor.send({ type: 'form.submit' })
    expect(where(actor.getSnapshot())).toBe('edits.clean, save.saving')
  })

  it('the page’s busy turning false while not saving changes nothing', () => {
    const actor = loaded()
    actor.send({ type: 'save.settled' })
    expect(where(actor.getSnapshot())).toBe('edits.clean, save.idle')
  })
})

describe('form edit machine: comparing data', () => {
  it('comparable drops undefined members and reads nothing as an empty form', () => {
    expect(comparable(undefined)).toEqual({})
    expect(comparable({ a: 1, b: undefined })).toEqual({ a: 1 })
  })

  it('sameData compares JSON whatever the order of the keys', () => {
    expect(sameData({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true)
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false)
    expect(sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(sameData({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false)
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false)
    expect(sameData(null, {})).toBe(false)
    expect(sameData('a', 'a')).toBe(true)
  })
})

describeShortestPaths('form edit machine: shortest paths to every state', formEditMachine, {
  events: [
    { type: 'form.load', data: FIRST },
    { type: 'form.change', data: { name: 'Other' } },
    { type: 'form.submit' },
    { type: 'save.settled' },
  ],
  start: () => ({ actor: startMachine(formEditMachine), effects: {} }),
})

describeEdgeCoverage(formEditMachine)
