// Loading a newer version of a record under an edit form's unsaved edits (issue 31,
// src/lib/merge-edits.ts): what the other operator changed, and what the form holds after.
import { describe, expect, it } from 'vitest'
import { mergeEdits, theirChanges } from '../../../src/lib/merge-edits'

const opened = { name: 'Home Cleaning', description: 'Homes and flats', parentId: null, rank: 1 }

describe('what the other operator changed', () => {
  it('lists the fields they changed, and none they left alone', () => {
    const theirs = { ...opened, name: 'Homes', rank: 2 }
    expect(theirChanges(opened, opened, theirs)).toEqual([
      { field: 'name', before: 'Home Cleaning', after: 'Homes', clash: false },
      { field: 'rank', before: 1, after: 2, clash: false },
    ])
  })

  it('marks a field the operator changed too, to something else, as a clash with what they typed', () => {
    const mine = { ...opened, name: 'Mine', rank: 2 }
    const theirs = { ...opened, name: 'Homes', rank: 2 }
    expect(theirChanges(opened, mine, theirs)).toEqual([
      { field: 'name', before: 'Home Cleaning', after: 'Homes', clash: true, mine: 'Mine' },
      { field: 'rank', before: 1, after: 2, clash: false, mine: 2 },
    ])
  })

  it('counts a field emptied or added on one side as changed (undefined and null are alike)', () => {
    const theirs = { name: 'Home Cleaning', description: 'Homes and flats', rank: 1, extra: 'x' }
    expect(theirChanges(opened, opened, theirs)).toEqual([
      { field: 'extra', before: undefined, after: 'x', clash: false },
    ])
  })

  it('compares lists and objects by value', () => {
    const withIds = { ids: [1, 2], address: { city: 'Lagos' } }
    expect(theirChanges(withIds, withIds, { ids: [1, 2], address: { city: 'Lagos' } })).toEqual([])
    expect(theirChanges(withIds, withIds, { ...withIds, ids: [2, 1] })).toHaveLength(1)
  })
})

describe('loading the new version under the edits', () => {
  it('takes theirs where the operator typed nothing', () => {
    const theirs = { ...opened, name: 'Homes' }
    expect(mergeEdits(opened, opened, theirs)).toEqual({
      data: { ...opened, name: 'Homes' },
      kept: [],
      clashes: [],
      editedFrom: {},
    })
  })

  it('keeps the operator’s edits of fields they did not change, and says from what', () => {
    const mine = { ...opened, description: 'Homes, flats and offices' }
    const theirs = { ...opened, name: 'Homes' }
    expect(mergeEdits(opened, mine, theirs)).toEqual({
      data: { ...opened, name: 'Homes', description: 'Homes, flats and offices' },
      kept: ['description'],
      clashes: [],
      editedFrom: { description: 'Homes and flats' },
    })
  })

  it('takes theirs where both changed a field differently, and reports what was typed', () => {
    const mine = { ...opened, name: 'Mine' }
    const theirs = { ...opened, name: 'Homes' }
    const merged = mergeEdits(opened, mine, theirs)
    expect(merged.data.name).toBe('Homes')
    expect(merged.clashes).toEqual([{ field: 'name', mine: 'Mine' }])
    expect(merged.kept).toEqual([])
  })

  it('is no clash when both made the same change', () => {
    const same = { ...opened, name: 'Homes' }
    expect(mergeEdits(opened, same, same)).toEqual({
      data: same,
      kept: [],
      clashes: [],
      editedFrom: {},
    })
  })

  it('keeps a field the operator emptied; a field they removed stays out of the data', () => {
    const mine = { name: 'Home Cleaning', parentId: null, rank: 1 }
    const theirs = { ...opened, rank: 3 }
    const merged = mergeEdits(opened, mine, theirs)
    expect(merged.data).toEqual({ name: 'Home Cleaning', parentId: null, rank: 3 })
    expect(merged.kept).toEqual(['description'])
    expect(merged.editedFrom).toEqual({ description: 'Homes and flats' })
  })
})
