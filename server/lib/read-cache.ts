// Answers that are read far more often than the data under them changes, kept between writes.
//
// - List totals: counting a broad filter visits every matching row (tens of milliseconds at a
//   million products) while its page costs about one, and an operator paging through results
//   asks for the same total again and again.
// - Category lists: the dropdowns ask for every category (thousands) each time a form opens.
//
// Everything is forgotten whenever a request that may write reaches the server, and after a few
// seconds at most (writers outside this process, such as seed scripts, are seen after that).
import type { FastifyInstance } from 'fastify'
import type { SelectQueryBuilder } from 'kysely'
import type { Db } from './category-links'

const TTL_MS = 5_000

interface Store {
  /** Bumped when a write starts and when it ends: an answer computed across a write is dropped. */
  generation: number
  totals: Map<string, { value: number; at: number }>
  bodies: Map<string, { value: string; at: number }>
  /** Answers being computed: concurrent requests for the same one share it rather than all
   * counting at once when an entry expires (which collapsed PostgreSQL at 32 connections). */
  pending: Map<string, Promise<unknown>>
}

/** Totals are small; list bodies can be hundreds of kilobytes each. */
const MAX_TOTALS = 1_000
const MAX_BODIES = 32

// One store per database handle, so apps (and tests) on different databases never share.
const stores = new WeakMap<object, Store>()

function storeOf(db: Db): Store {
  let store = stores.get(db)
  if (!store) {
    store = { generation: 0, totals: new Map(), bodies: new Map(), pending: new Map() }
    stores.set(db, store)
  }
  return store
}

async function remembered<T>(
  db: Db,
  kind: 'totals' | 'bodies',
  max: number,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  // A transaction is not a handle of its own and may see its own uncommitted writes.
  if (db.isTransaction) return compute()
  const store = storeOf(db)
  const entries = store[kind] as Map<string, { value: T; at: number }>
  const now = Date.now()
  const known = entries.get(key)
  if (known && now - known.at < TTL_MS) return known.value
  const pendingKey = `${kind}:${key}`
  const pending = store.pending.get(pendingKey) as Promise<T> | undefined
  if (pending) return pending
  const generation = store.generation
  const computing = compute()
  store.pending.set(pendingKey, computing)
  try {
    const value = await computing
    if (generation === store.generation) {
      if (entries.size >= max) entries.clear()
      entries.set(key, { value, at: now })
    }
    return value
  } finally {
    if (store.pending.get(pendingKey) === computing) store.pending.delete(pendingKey)
  }
}

/** The total for this list and filter, counted only when not known since the last write. */
export function cachedTotal(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  return remembered(db, 'totals', MAX_TOTALS, key, count)
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

/** A whole JSON answer, serialised once until the next write. */
export function cachedJson(db: Db, key: string, build: () => Promise<unknown>): Promise<string> {
  return remembered(db, 'bodies', MAX_BODIES, key, async () => JSON.stringify(await build()))
}

/** Forgets everything whenever a request that may write arrives and when it has finished. */
export function registerReadCacheInvalidation(app: FastifyInstance, db: Db): void {
  const forget = async (request: { method: string }) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    const store = storeOf(db)
    store.generation += 1
    store.totals.clear()
    store.bodies.clear()
    // A computation that began before this write must not be joined by requests after it.
    store.pending.clear()
  }
  app.addHook('onRequest', forget)
  app.addHook('onResponse', forget)
}
