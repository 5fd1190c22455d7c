// Answers that are read far more often than the data under them changes, kept between writes.
//
// - List totals: counting a broad filter visits every matching row (tens of milliseconds at a
//   million products) while its page costs about one, and an operator paging through results
//   asks for the same total again and again.
// - Category list bodies: read far more often than categories change (filters, other clients).
// - Category trees: a list filtered by a category first reads that category's descendants.
// - Match lists: the ids a narrow filter matches, in the sort's order, so that any of its pages is
//   read by id instead of walking thousands of rows (`narrowPage` in ../lists/list-engine.ts). Which
//   filters were narrow outlives writes, so the first request after one lists without counting.
// - Sessions: every read request would otherwise look its bearer token up in the database
//   (../auth/sessions.ts); a sign-out is a write, so it is seen at once like any other.
//
// Everything is forgotten whenever a request that may write reaches the server (but for routes
// that write nothing a read shows: `keepsReadCaches`), and when another instance on the same
// PostgreSQL announces a write (./write-notices.ts). Writers outside the
// product, such as seed scripts, are seen after a few seconds: an entry older than the TTL is
// computed again (anything but a session is served meanwhile, up to twice the TTL). SQLite's read
// workers see every write at once instead, so their caches keep entries until the next write
// (`keepUntilForgotten`, ../read-worker-pages.ts). A total that disagrees with the page read
// beside it is counted again, so a page never lists more rows than its total says.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { SelectQueryBuilder } from 'kysely'
import type { Db } from '../db/types'

const TTL_MS = 5_000

/** What is kept, and at most how many of each: totals are small; list bodies can be hundreds of
 * kilobytes each; a narrow filter's matches up to 10,000 ids. */
const KINDS = { totals: 1_000, bodies: 32, sessions: 1_000, ids: 1_000, matches: 64 } as const
type Kind = keyof typeof KINDS

interface Store {
  /** Bumped when a write starts and when it ends: an answer computed across a write is dropped. */
  generation: number
  entries: Record<Kind, Map<string, { value: unknown; at: number }>>
  /** Answers being computed: concurrent requests for the same one share it rather than all
   * counting at once when an entry expires (which collapsed PostgreSQL at 32 connections). */
  pending: Map<string, Promise<unknown>>
  /** Whoever cannot vouch for the cache right now (a write listener that lost its connection
   * would miss other instances' writes): nothing is kept while this is not empty. */
  distrusted: Set<object>
  /** Filters whose matches were last found few enough to list (`narrowPage`). Only a choice of
   * plan, never an answer, so writes do not forget it. */
  narrow: Set<string>
  /** How long an entry is trusted without a write being heard (`keepUntilForgotten`). */
  ttl: number
}

// One store per database handle, so apps (and tests) on different databases never share.
const stores = new WeakMap<object, Store>()

function storeOf(db: Db): Store {
  let store = stores.get(db)
  if (!store) {
    const entries = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, new Map()]))
    store = {
      generation: 0,
      entries: entries as Store['entries'],
      pending: new Map(),
      distrusted: new Set(),
      narrow: new Set(),
      ttl: TTL_MS,
    }
    stores.set(db, store)
  }
  return store
}

/** Kinds whose expired entry may still be served while it is computed again: a list total, body,
 * category tree or match list is still exact when nothing was written through the product since
 * it was computed (every such write forgets it), so only writers outside the product wait a
 * little longer to be seen. A session is never served late: an operator CLI reset must refuse
 * reads within the TTL. */
const SERVED_WHILE_REFRESHED = new Set<Kind>(['totals', 'bodies', 'ids', 'matches'])

async function remembered<T>(
  db: Db,
  kind: Kind,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  // A transaction is not a handle of its own and may see its own uncommitted writes.
  if (db.isTransaction) return compute()
  const store = storeOf(db)
  if (store.distrusted.size > 0) return compute()
  const entries = store.entries[kind] as Map<string, { value: T; at: number }>
  const known = entries.get(key)
  const age = known ? Date.now() - known.at : Number.POSITIVE_INFINITY
  if (known && age < store.ttl) return known.value
  const refreshed = refresh(store, entries, KINDS[kind], `${kind}:${key}`, key, compute)
  // An expired total served while it is counted again spares the requests that would all wait
  // for the count (hundreds of milliseconds for a broad filter every few seconds); past twice
  // the TTL, the answer waits for the count, so an outside writer is seen within 2 × TTL.
  if (known && age < 2 * store.ttl && SERVED_WHILE_REFRESHED.has(kind)) {
    refreshed.catch(() => {}) // the next request counts again
    return known.value
  }
  return refreshed
}

/** Computes an answer once for every concurrent caller, keeping it unless a write overlapped. */
function refresh<T>(
  store: Store,
  entries: Map<string, { value: T; at: number }>,
  max: number,
  pendingKey: string,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const pending = store.pending.get(pendingKey) as Promise<T> | undefined
  if (pending) return pending
  const generation = store.generation
  const at = Date.now()
  const computing = compute()
    .then((value) => {
      if (generation === store.generation) {
        if (entries.size >= max) entries.clear()
        entries.set(key, { value, at })
      }
      return value
    })
    .finally(() => {
      if (store.pending.get(pendingKey) === computing) store.pending.delete(pendingKey)
    })
  store.pending.set(pendingKey, computing)
  return computing
}

/** The total for this list and filter, counted only when not known since the last write. */
export function cachedTotal(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  return remembered(db, 'totals', key, count)
}

/** The number of rows of this filtered list query, through the cache (built only to count). */
export function cachedCount(
  db: Db,
  key: string,
  // biome-ignore lint/suspicious/noExplicitAny: any filtered list query
  query: () => SelectQueryBuilder<any, any, object>,
): Promise<number> {
  return cachedTotal(db, key, async () => {
    const { total } = await query()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    return Number(total)
  })
}

/** A whole JSON answer, serialised once until the next write. */
export function cachedJson(db: Db, key: string, build: () => Promise<unknown>): Promise<string> {
  return remembered(db, 'bodies', key, async () => JSON.stringify(await build()))
}

/** A list of ids (such as a category and its descendants), read once until the next write. */
export function cachedIds(db: Db, key: string, read: () => Promise<number[]>): Promise<number[]> {
  return remembered(db, 'ids', key, read)
}

/** The ids a narrow filter matches, in its sort's order, read once until the next write. */
export function cachedMatches(
  db: Db,
  key: string,
  read: () => Promise<number[]>,
): Promise<number[]> {
  return remembered(db, 'matches', key, read)
}

/** Whether the filter's matches were last found few enough to list (see `narrowPage`). */
export function wasNarrow(db: Db, key: string): boolean {
  return storeOf(db).narrow.has(key)
}

/** Remembers, across writes, whether the filter's matches were few enough to list. */
export function rememberNarrow(db: Db, key: string, narrow: boolean): void {
  const filters = storeOf(db).narrow
  if (!narrow) filters.delete(key)
  else if (!filters.has(key)) {
    if (filters.size >= NARROW_FILTERS_MAX) filters.clear()
    filters.add(key)
  }
}

const NARROW_FILTERS_MAX = 1_000

/** The session row of a token hash as last read, within the cache's few seconds. */
export function cachedSession<T>(db: Db, tokenHash: string, find: () => Promise<T>): Promise<T> {
  return remembered(db, 'sessions', tokenHash, find)
}

/** Forgets one session row (renewed or found expired), so the next request reads it afresh. */
export function forgetSession(db: Db, tokenHash: string): void {
  storeOf(db).entries.sessions.delete(tokenHash)
}

/** Forgets every kept answer, and drops those being computed when they arrive. */
export function forgetReadCaches(db: Db): void {
  const store = storeOf(db)
  store.generation += 1
  for (const entries of Object.values(store.entries)) entries.clear()
  // A computation that began before this write must not be joined by requests after it.
  store.pending.clear()
}

/** Keeps `db`'s answers until `forgetReadCaches(db)`, with no expiry: for a handle whose owner
 * hears of every write, however made (a SQLite connection that watches its data_version). */
export function keepUntilForgotten(db: Db): void {
  storeOf(db).ttl = Number.POSITIVE_INFINITY
}

/** While any `holder` distrusts the cache, every answer is computed afresh. */
export function distrustReadCaches(db: Db, holder: object, distrust: boolean): void {
  const { distrusted } = storeOf(db)
  if (distrust) distrusted.add(holder)
  else distrusted.delete(holder)
  forgetReadCaches(db)
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that writes nothing any read shows (an edit page's presence heartbeat, every few
     * seconds per open page): the caches stay. */
    keepsReadCaches?: boolean
  }
}

const changesData = (request: FastifyRequest) =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  request.routeOptions.config.keepsReadCaches !== true

/**
 * Forgets everything whenever a request that may write arrives and when it has finished;
 * `announce` tells the other instances, before the response leaves, so that a client that
 * reads from another instance right after its write sees it there too.
 */
export function registerReadCacheInvalidation(
  app: FastifyInstance,
  db: Db,
  announce?: () => Promise<void>,
): void {
  // Callback hooks, not async ones: every request passes here, and a promise each time costs.
  const forget = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    if (changesData(request)) forgetReadCaches(db)
    done()
  }
  app.addHook('onRequest', forget)
  app.addHook('onResponse', forget)
  if (announce) {
    app.addHook('onSend', async (request, _reply, payload) => {
      if (changesData(request)) await announce()
      return payload
    })
  }
}
