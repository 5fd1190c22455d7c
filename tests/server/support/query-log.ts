import type { Kysely } from 'kysely'
import type { Database } from '../../../server/db/types'
import { forgetReadCaches } from '../../../server/lib/read-cache'

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
