import { sql } from 'kysely'
import { expect, test } from 'vitest'
import type { Db } from '../../server/db/types'
import { type AnyListSource, countTotal } from '../../server/lists/list-engine'
import { describeEachDatabase } from './support/databases'

// A list's count runs on one core on PostgreSQL: parallel workers took both cores of a small
// server for a count's seconds at 10M rows, while pages waited for CPU (decision 033).

/** A list counted by `count`, which records each handle it was given. */
function countedBy(count: (db: Db) => Promise<number>): { source: AnyListSource; seen: Db[] } {
  const seen: Db[] = []
  const source: AnyListSource = {
    name: 'counted-by',
    table: 'products',
    filter: (db) => ({ query: db.selectFrom('products as p'), newestFirst: 'p.id' }),
    read: async () => [],
    count: async (db: Db) => {
      seen.push(db)
      return count(db)
    },
  }
  return { source, seen }
}

async function workersPerGather(db: Db): Promise<number> {
  const { rows } = await sql<{
    n: string
  }>`select current_setting('max_parallel_workers_per_gather') as n`.execute(db)
  return Number(rows[0]?.n)
}

describeEachDatabase("a list's count", (suite) => {
  if (suite.dialect === 'sqlite') {
    test('runs on the handle it is given, outside any transaction', async () => {
      const { source, seen } = countedBy(async () => 7)
      expect(await countTotal(suite.db, source, {})).toBe(7)
      expect(seen).toEqual([suite.db])
    })
    return
  }

  test('runs without parallel workers, in a transaction of its own', async () => {
    expect(await workersPerGather(suite.db)).toBeGreaterThan(0)
    const { source, seen } = countedBy(workersPerGather)
    expect(await countTotal(suite.db, source, {})).toBe(0)
    expect(seen.map((db) => db.isTransaction)).toEqual([true])
    // The setting lasted for the count only.
    expect(await workersPerGather(suite.db)).toBeGreaterThan(0)
  })

  test("inside a caller's transaction, leaves the transaction's setting alone", async () => {
    const { source, seen } = countedBy(workersPerGather)
    const counted = await suite.db.transaction().execute(async (trx) => {
      const total = await countTotal(trx, source, {})
      expect(seen).toEqual([trx])
      return total
    })
    expect(counted).toBeGreaterThan(0)
  })
})
