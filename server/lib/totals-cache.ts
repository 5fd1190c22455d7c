// Exact list totals without counting on every page turn. Counting a broad filter visits every
// matching row (tens of milliseconds at a million products) while the page itself costs about
// one; the same filter is usually asked for again and again as an operator pages through it.
// So a total is kept per filter until any write reaches the server, and for a few seconds at
// most (writers outside this process, such as seed scripts, are seen after that).
import type { FastifyInstance } from 'fastify'
import type { SelectQueryBuilder } from 'kysely'
import type { Db } from './category-links'

const TTL_MS = 5_000
const MAX_ENTRIES = 1_000

interface Totals {
  /** Bumped when a write starts and when it ends: a count that overlapped a write is dropped. */
  generation: number
  entries: Map<string, { total: number; at: number }>
}

// One cache per database handle, so apps (and tests) on different databases never share totals.
const caches = new WeakMap<object, Totals>()

function totalsOf(db: Db): Totals {
  // A transaction is not a handle of its own; its counts are never cached (see cachedTotal).
  let totals = caches.get(db)
  if (!totals) {
    totals = { generation: 0, entries: new Map() }
    caches.set(db, totals)
  }
  return totals
}

/** The total for this list and filter, counted only when not known since the last write. */
export async function cachedTotal(
  db: Db,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  if (db.isTransaction) return count()
  const totals = totalsOf(db)
  const now = Date.now()
  const known = totals.entries.get(key)
  if (known && now - known.at < TTL_MS) return known.total
  const generation = totals.generation
  const total = await count()
  if (generation === totals.generation) {
    if (totals.entries.size >= MAX_ENTRIES) totals.entries.clear()
    totals.entries.set(key, { total, at: now })
  }
  return total
}

/** The number of rows of this filtered list query, through the cache. */
export function cachedCount(
  db: Db,
  key: string,
  // biome-ignore lint/suspicious/noExplicitAny: any filtered list query
  query: SelectQueryBuilder<any, any, object>,
): Promise<number> {
  return cachedTotal(db, key, async () => {
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    return Number(total)
  })
}

/** Forgets every total whenever a request that may write arrives and when it has finished. */
export function registerTotalsInvalidation(app: FastifyInstance, db: Db): void {
  const forget = async (request: { method: string }) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    const totals = totalsOf(db)
    totals.generation += 1
    totals.entries.clear()
  }
  app.addHook('onRequest', forget)
  app.addHook('onResponse', forget)
}
