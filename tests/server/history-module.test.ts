import { describe, expect, it } from 'vitest'
import { changesBetween, recordHistory } from '../../server/lib/history'
import { describeEachDatabase } from './support/databases'

// The history module (decision 011): what a write's changes are, and that an entry is written
// with the write's transaction: committed with it, rolled back with it.

describe('changesBetween', () => {
  it('lists only the fields that differ, with their values before and after', () => {
    const before = { id: 1, name: 'Tank wash', enabled: true, updatedAt: 1 }
    const after = { id: 1, name: 'Tank clean', enabled: true, updatedAt: 2 }
    expect(changesBetween(before, after)).toEqual({
      name: { before: 'Tank wash', after: 'Tank clean' },
    })
  })

  it('compares lists and objects by value, custom fields by name', () => {
    const before = { productCategories: [{ id: 1, name: 'A' }], colour: { r: 1 }, size: 'L' }
    const same = { productCategories: [{ id: 1, name: 'A' }], colour: { r: 1 }, size: 'L' }
    expect(changesBetween(before, same)).toEqual({})
    const after = { productCategories: [{ id: 2, name: 'B' }], colour: { r: 1 }, warranty: 2 }
    expect(changesBetween(before, after)).toEqual({
      productCategories: { before: [{ id: 1, name: 'A' }], after: [{ id: 2, name: 'B' }] },
      size: { before: 'L', after: null },
      warranty: { before: null, after: 2 },
    })
  })

  it('gives every field from null on a create and to null on a delete', () => {
    const record = { id: 5, name: 'Cleaning', parentId: null, createdAt: 1 }
    expect(changesBetween(undefined, record)).toEqual({ name: { before: null, after: 'Cleaning' } })
    expect(changesBetween(record, undefined)).toEqual({ name: { before: 'Cleaning', after: null } })
  })
})

describeEachDatabase('recordHistory', (suite) => {
  const entries = (entityId: number) =>
    suite.db
      .selectFrom('history')
      .selectAll()
      .where('entity', '=', 'product')
      .where('entityId', '=', entityId)
      .orderBy('id', 'desc')
      .execute()

  it('writes the entry with its write and rolls it back with it', async () => {
    const changes = { name: { before: 'a', after: 'b' } }
    const entry = {
      operatorId: 7,
      entity: 'product',
      entityId: 41,
      action: 'update',
      changes,
    } as const
    await suite.db.transaction().execute((trx) => recordHistory(trx, entry))
    const failed = suite.db.transaction().execute(async (trx) => {
      await recordHistory(trx, { ...entry, action: 'delete' })
      throw new Error('the write failed')
    })
    await expect(failed).rejects.toThrow('the write failed')

    const rows = await entries(41)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ operatorId: 7, action: 'update', partId: null })
    expect(JSON.parse(rows[0].changes)).toEqual(changes)
    expect(rows[0].at).toBeGreaterThan(Date.now() - 60_000)
  })

  it('records nothing for an update that changed nothing', async () => {
    const entry = { operatorId: 7, entity: 'product', entityId: 42, changes: {} } as const
    await recordHistory(suite.db, { ...entry, action: 'update' })
    expect(await entries(42)).toHaveLength(0)
    await recordHistory(suite.db, { ...entry, action: 'image-preview', partId: 9 })
    expect(await entries(42)).toMatchObject([{ action: 'image-preview', partId: 9 }])
  })
})
