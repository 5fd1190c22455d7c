// Answers that are read far more often than the data under them changes, kept between writes.
//
// - List totals: counting a broad filter visits every matching row (tens of milliseconds at a
//   million products, seconds at ten million) while its page costs about one, and an operator
//   paging through results asks for the same total again and again. A write does not forget a
//   total but marks it stale: the next reader starts one recount and waits for it a moment
//   (RECOUNT_WAIT_MS); a slower recount leaves it the stale total, marked not exact, and the
//   recount's result is kept when it arrives (decision 030).
// - Category list bodies: read far more often than categories change (filters, other clients).
// - Category trees: a list filtered by a category first reads that category's descendants; the
//   pickers and the top bar search a tree of up to 10,000 names in memory.
// - Match lists: the ids a narrow filter matches, in the sort's order, so that any of its pages is
//   read by id instead of walking thousands of rows (`narrowPage` in ../lists/list-engine.ts). Which
//   filters were narrow outlives writes, so the first request after one lists without counting.
// - Sessions: every read request would otherwise look its bearer token up in the database
//   (../auth/sessions.ts); a sign-out is a write, so it is seen at once like any other.
//
// Everything else is forgotten whenever a request that may write reaches the server (but for
// routes that write nothing a read shows: `keepsReadCaches`), and when another instance on the same
// PostgreSQL announces a write (./write-notices.ts). Writers outside the
// product, such as seed scripts, are seen after a few seconds: an entry older than the TTL is
// computed again (anything but a session is served meanwhile, up to twice the TTL). SQLite's read
// workers see every write at once instead, so their caches keep entries until the next write
// (`keepUntilForgotten`, ../read-worker-pages.ts), and leave their stale totals' recounts to the
// main thread (`leaveRecountsToOthers`). An exact total that disagrees with the page
// read beside it is counted again, so a page never lists more rows than an exact total says.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/types'

const TTL_MS = 5_000

/** How long after a recount began its readers wait for it before answering the stale value,
 * not exact: a small filter's count answers well within it, so small catalogues stay exact; a
 * broad one at ten million rows takes 0.6–4 s, which no list request should wait for. Readers
 * that come later do not wait at all: each waiting 20 ms for a count of seconds cost every
 * request of the filter 20 ms meanwhile. */
const RECOUNT_WAIT_MS = 20

/** A recount that took at least RECOUNT_PAUSE_FROM_MS is not started again, whatever the writes,
 * until RECOUNT_PAUSE_FACTOR times as long has passed since it ended: under a steady writer the
 * recounts of a broad total (a second or more at ten million rows) would otherwise keep a core
 * busy for good. Shorter counts are never paused, so small catalogues stay exact. */
const RECOUNT_PAUSE_FROM_MS = 100
const RECOUNT_PAUSE_FACTOR = 4

/** What is kept, and at most how many of each: totals are small; list bodies can be hundreds of
 * kilobytes each; a narrow filter's matches up to 10,000 ids; a small category tree up to
 * 10,000 names. */
const KINDS = {
  totals: 1_000,
  bodies: 32,
  sessions: 1_000,
  ids: 1_000,
  matches: 64,
  trees: 8,
} as const
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
  /** The recount of each total in progress, one per key, kept across writes: at a write a
   * second and a count of seconds, recounts dropped at each write would never finish. */
  recounts: Map<string, Recount>
  /** How long a reader waits for a stale total's recount (`waitForRecounts`). */
  recountWait: number
  /** False where a count would block the thread (`leaveRecountsToOthers`). */
  recountsHere: boolean
  /** The estimate of each total never counted whose count is under way (`cachedTotal`),
   * undefined when its sample was too thin to say; dropped when the count is kept. */
  estimates: Map<string, Promise<number | undefined>>
}

/** When a count arrived and how long it took. */
export interface CountTiming {
  at: number
  took: number
}

/** A total kept: its value, when its count arrived and how long it took, and the generation it
 * began in. A total whose generation is not the store's is stale: counted before the latest
 * write. */
interface KeptTotal extends CountTiming {
  value: number
  generation: number
}

/** Whether a stale total whose last count arrived and took as `last` says must wait before it
 * is counted again (RECOUNT_PAUSE_FACTOR); it is answered not exact meanwhile. Only with the product's own wait:
 * a test that chooses the wait (`waitForRecounts`) has every recount start when asked, however
 * slow a loaded machine made the last. */
export function recountPaused(db: Db, last: CountTiming | undefined, now: number): boolean {
  if (!last || last.took < RECOUNT_PAUSE_FROM_MS) return false
  if (storeOf(db).recountWait !== RECOUNT_WAIT_MS) return false
  return now - last.at < RECOUNT_PAUSE_FACTOR * last.took
}

/** A count in progress, the generation it began in, and when. */
interface Recount {
  counting: Promise<number>
  generation: number
  started: number
}

/** A list's total, and whether it was counted since the latest write (else it is the count from
 * before it, being counted again). */
export interface Total {
  total: number
  exact: boolean
  /** True when the total was never counted and `total` is estimated from a sample while its
   * first count is under way (decision 032). */
  estimated?: boolean
}

/** Estimates a total never counted, or answers undefined when it cannot say (`cachedTotal`). */
export type Estimate = () => Promise<number | undefined>

/** Estimates kept at most, one per total whose first count is under way. */
const ESTIMATES_MAX = 1_000

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
      recounts: new Map(),
      recountWait: RECOUNT_WAIT_MS,
      recountsHere: true,
      estimates: new Map(),
    }
    stores.set(db, store)
  }
  return store
}

/** Kinds whose expired entry may still be served while it is computed again: a list body,
 * category tree or match list is still exact when nothing was written through the product since
 * it was computed (every such write forgets it), so only writers outside the product wait a
 * little longer to be seen. A session is never served late: an operator CLI reset must refuse
 * reads within the TTL. */
const SERVED_WHILE_REFRESHED = new Set<Kind>(['bodies', 'ids', 'matches', 'trees'])

async function remembered<T>(
  db: Db,
  kind: Kind,
  key: string,
  compute: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  // A transaction is not a handle of its own and may see its own uncommitted writes.
  if (db.isTransaction) return compute()
  const store = storeOf(db)
  if (store.distrusted.size > 0) return compute()
  const entries = store.entries[kind] as Map<string, { value: T; at: number }>
  const known = entries.get(key)
  const age = known ? Date.now() - known.at : Number.POSITIVE_INFINITY
  if (known && age < store.ttl) return known.value
  const refreshed = refresh(store, entries, KINDS[kind], `${kind}:${key}`, key, compute, keep)
  // An expired answer served while it is computed again spares the requests that would all wait
  // for it every few seconds; past twice the TTL, the answer waits for it, so an outside writer
  // is seen within 2 × TTL.
  if (known && age < 2 * store.ttl && SERVED_WHILE_REFRESHED.has(kind)) {
    refreshed.catch(() => {}) // the next request counts again
    return known.value
  }
  return refreshed
}

/** Computes an answer once for every concurrent caller, keeping it unless a write overlapped
 * or `keep` refuses it. */
function refresh<T>(
  store: Store,
  entries: Map<string, { value: T; at: number }>,
  max: number,
  pendingKey: string,
  key: string,
  compute: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<T> {
  const pending = store.pending.get(pendingKey) as Promise<T> | undefined
  if (pending) return pending
  const generation = store.generation
  const at = Date.now()
  const computing = compute()
    .then((value) => {
      if (generation === store.generation && keep(value)) {
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

/**
 * The total for this list and filter, counted only when not known since the last write. A stale
 * total (counted before a write) is counted again, once however many read it; its readers wait
 * for that recount until `recountWait` after it began, then have the stale total, not exact; a
 * slow one is not started again straight after the last (`recountPaused`). A total never known
 * is counted and waited for; where the caller can `estimate` it, only as long as for a stale
 * one: past that, the reader has the estimate, not exact, while the count goes on
 * (decision 032). One known for longer than twice the TTL (a writer outside the product
 * may have changed it) is counted again like a stale one, and answered not exact meanwhile. At
 * ten million rows a broad count takes longer than the TTL (5 s on PostgreSQL): had its readers
 * waited, each would have waited for the next count.
 * A count is exact for a reader when it began after every write the reader could know of: no
 * write was heard between its start and the reader's arrival.
 */
export async function cachedTotal(
  db: Db,
  key: string,
  count: () => Promise<number>,
  { countedHere = false, estimate }: { countedHere?: boolean; estimate?: Estimate } = {},
): Promise<Total> {
  // A transaction is not a handle of its own and may see its own uncommitted writes.
  if (db.isTransaction) return { total: await count(), exact: true }
  const store = storeOf(db)
  if (store.distrusted.size > 0) return { total: await count(), exact: true }
  const known = store.entries.totals.get(key) as KeptTotal | undefined
  const age = known ? Date.now() - known.at : Number.POSITIVE_INFINITY
  const stale = known !== undefined && known.generation !== store.generation
  if (known && !stale && age < store.ttl) return { total: known.value, exact: true }
  if (known && stale && !store.recountsHere) return { total: known.value, exact: false }
  if (known && stale && !store.recounts.has(key) && recountPaused(db, known, Date.now()))
    return { total: known.value, exact: false }
  if (!known && !store.recountsHere && !countedHere) {
    // Left to others to count; estimated here if the caller can.
    const guess = await estimated(store, key, estimate)
    if (guess) return guess
    throw new TotalNotKnown(key)
  }
  const arrived = store.generation
  const { counting, generation, started } = recounted(store, key, count)
  const answer = (total: number) => ({ total, exact: generation === arrived })
  if (!known && estimate) {
    const total = await within(counting, waitLeft(store, started))
    if (total !== undefined) return answer(total)
    const guess = await estimated(store, key, estimate)
    if (guess) return guess
  }
  if (!known) return answer(await counting)
  if (!stale && age < 2 * store.ttl) {
    // Expired, with no write since: only a writer outside the product may have changed it, and
    // it is seen within twice the TTL (as list bodies are).
    counting.catch(() => {}) // the next request counts again
    return { total: known.value, exact: true }
  }
  const total = await within(counting, waitLeft(store, started))
  return total === undefined ? { total: known.value, exact: false } : answer(total)
}

/** How much longer a reader waits for a count begun at `started` (`recountWait` from then). */
function waitLeft(store: Store, started: number): number {
  return store.recountWait - (Date.now() - started)
}

/** The total estimated once for every reader until its first count is kept, or undefined. */
async function estimated(
  store: Store,
  key: string,
  estimate: Estimate | undefined,
): Promise<Total | undefined> {
  if (!estimate) return undefined
  let guessing = store.estimates.get(key)
  if (!guessing) {
    if (store.estimates.size >= ESTIMATES_MAX) store.estimates.clear()
    guessing = estimate()
    store.estimates.set(key, guessing)
    // A failed estimate is the next reader's to try again.
    guessing.catch(() => store.estimates.delete(key))
  }
  const total = await guessing
  return total === undefined ? undefined : { total, exact: false, estimated: true }
}

/** Thrown where counts are left to others (`leaveRecountsToOthers`) for a total never counted:
 * whoever reads through them has it counted and told (`keepTotal`), then asks again. */
export class TotalNotKnown extends Error {
  constructor(readonly key: string) {
    super(`The total ${key} has not been counted here`)
  }
}

/** The total counted again, once for every concurrent reader however many writes happen
 * meanwhile; kept when it arrives, stale if a write overlapped it. */
function recounted(store: Store, key: string, count: () => Promise<number>): Recount {
  const pending = store.recounts.get(key)
  if (pending) return pending
  const generation = store.generation
  const started = Date.now()
  const counting = count()
    .then((total) => {
      // Dated from its arrival: a count longer than the TTL would otherwise arrive expired.
      const at = Date.now()
      keep(store, key, { value: total, at, took: at - started, generation })
      return total
    })
    .finally(() => store.recounts.delete(key))
  const recount = { counting, generation, started }
  store.recounts.set(key, recount)
  return recount
}

function keep(store: Store, key: string, total: KeptTotal): void {
  store.estimates.delete(key)
  const { totals } = store.entries
  if (totals.size >= KINDS.totals && !totals.has(key)) totals.clear()
  totals.set(key, total)
}

/** Keeps a total counted elsewhere (`leaveRecountsToOthers`), stale unless `exact`. */
export function keepTotal(db: Db, key: string, { total, exact }: Total): void {
  const store = storeOf(db)
  const generation = exact ? store.generation : store.generation - 1
  keep(store, key, { value: total, at: Date.now(), took: 0, generation })
}

/** Waits for a recount made elsewhere, begun (or queued) at `started`, as long as a reader of a
 * stale total waits for its own (`waitForRecounts`): true when it finished in time. */
export async function waitedForRecount(
  db: Db,
  recount: Promise<unknown>,
  started: number,
): Promise<boolean> {
  // A failed recount is the next reader's to start again.
  const finished = recount.then(
    () => true,
    () => false,
  )
  return (await within(finished, waitLeft(storeOf(db), started))) === true
}

/** Names the writes this handle has heard of (through the product): changes with each. */
export function writesHeard(db: Db): number {
  return storeOf(db).generation
}

/** What `promise` answers within `ms`, or undefined once that time has passed first. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  if (ms <= 0) {
    promise.catch(() => {}) // its failure is the next reader's
    return Promise.resolve(undefined)
  }
  // setTimeout would take anything past 2^31 - 1 ms for 1 ms.
  if (ms === Number.POSITIVE_INFINITY) return promise
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** A whole JSON answer, serialised once until the next write; one that `final` refuses (a page
 * whose total is still being counted again) is answered but not kept. */
export async function cachedJson<T>(
  db: Db,
  key: string,
  build: () => Promise<T>,
  final: (built: T) => boolean = () => true,
): Promise<string> {
  const serialise = async () => {
    const built = await build()
    return { json: JSON.stringify(built), final: final(built) }
  }
  return (await remembered(db, 'bodies', key, serialise, (body) => body.final)).json
}

/** A list of ids (such as a category and its descendants), read once until the next write. */
export function cachedIds(db: Db, key: string, read: () => Promise<number[]>): Promise<number[]> {
  return remembered(db, 'ids', key, read)
}

/** A small category tree's names, read once until the next write (../categories/category-matches.ts). */
export function cachedTree<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  return remembered(db, 'trees', key, read)
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

/** Forgets every kept answer but the totals, which become stale (`cachedTotal`), and drops
 * those being computed when they arrive. */
export function forgetReadCaches(db: Db): void {
  const store = storeOf(db)
  store.generation += 1
  // Totals stay, stale: their generation is now an older one.
  for (const [kind, entries] of Object.entries(store.entries))
    if (kind !== 'totals') entries.clear()
  // A computation that began before this write must not be joined by requests after it (a
  // total's recount is, and knows it is stale: `recounted`).
  store.pending.clear()
}

/** Keeps `db`'s answers until `forgetReadCaches(db)`, with no expiry: for a handle whose owner
 * hears of every write, however made (a SQLite connection that watches its data_version), and
 * for a test that must not depend on how long it takes (`keep` false restores the TTL). */
export function keepUntilForgotten(db: Db, keep = true): void {
  storeOf(db).ttl = keep ? Number.POSITIVE_INFINITY : TTL_MS
}

/** How long a reader of a stale total waits for its recount (RECOUNT_WAIT_MS unless told): 0
 * answers the stale total at once, Infinity always waits (tests choose either, never a time). */
export function waitForRecounts(db: Db, ms: number): void {
  storeOf(db).recountWait = ms
}

/** A stale total is answered as it is, not exact, and one never counted throws `TotalNotKnown`
 * (unless counted here on purpose): neither is counted on `db`, for SQLite's read workers, whose
 * synchronous count would block the thread for as long as it takes. Whoever reads through them
 * has it counted and tells them (`keepTotal`, ../lists/list-pages.ts). */
export function leaveRecountsToOthers(db: Db): void {
  storeOf(db).recountsHere = false
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
