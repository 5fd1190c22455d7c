import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import type { Database } from '../../../server/db/types'
import { forgetReadCaches, waitForRecounts } from '../../../server/lib/read-cache'
import { MATCH_LIST_MAX } from '../../../server/lists/list-engine'

/**
 * A handle on the suite's database of its own: its read cache is the caller's alone, and it
 * notes whether the queries since the last `forget()` counted rows.
 */
export function countWatch(db: Kysely<Database>) {
  const queries: string[] = []
  const watched = db.withPlugin({
    transformQuery: ({ node }) => {
      queries.push(JSON.stringify(node))
      return node
    },
    transformResult: async ({ result }) => result,
  })
  // As the suite's own handle: a total counted again after a write is waited for, however long.
  waitForRecounts(watched, Number.POSITIVE_INFINITY)
  return {
    db: watched,
    /** Forgets the cached answers, as every write does, and the queries seen so far. */
    forget() {
      forgetReadCaches(watched)
      queries.length = 0
    },
    counted: () => queries.some((query) => /"func":"count"|count\(\*\)/.test(query)),
  }
}

/**
 * A filter narrow when last seen (three matches, `made` oldest first, among hundreds of rows) is
 * listed after a write without counting it first; once `grow(copies)` has given it more than
 * MATCH_LIST_MAX matches, it is counted again after every write. `read` lists its first two rows,
 * newest first.
 */
export async function expectNarrowAfterWrites(
  db: Kysely<Database>,
  made: number[],
  read: (db: Kysely<Database>) => Promise<{ rows: Array<{ id: number }>; total: number }>,
  grow: (copies: number) => Promise<void>,
): Promise<void> {
  const watch = countWatch(db)
  const firstPage = async () => {
    watch.forget()
    const { rows, total } = await read(watch.db)
    return { ids: rows.map((row) => row.id), total, counted: watch.counted() }
  }
  const newest = [made[2], made[1]]
  expect(await firstPage()).toEqual({ ids: newest, total: 3, counted: true })
  expect(await firstPage()).toEqual({ ids: newest, total: 3, counted: false })

  // Past MATCH_LIST_MAX matches, the list is given up: counted and walked, then counted again.
  await grow(MATCH_LIST_MAX + 1)
  const total = MATCH_LIST_MAX + 4
  expect(await firstPage()).toMatchObject({ total, counted: true })
  expect(await firstPage()).toMatchObject({ total, counted: true })
}
