// The list engine (decision 007): how every list finds a page, its total, the rows of an
// export and the ids of a bulk action. A list describes itself once as a `ListSource` (its table,
// how a filter narrows it, how its rows are read); the plan is made here for all of them:
//
// - Totals are counted once per write (../lib/read-cache.ts), from the cheapest query the list
//   offers (`count`), and an exact one is checked against the page read beside it
//   (`consistentPage`). A total counted before the latest write may be answered while it is
//   counted again, marked not exact (decision 030); the page then reads one row more to know
//   whether another page follows. A total never counted whose count is slow is estimated from
//   the newest rows meanwhile, and the page found by walking (decision 032).
// - A narrow filter (under 2 % of all rows, at most 10,000) lists its matches once, in the sort's
//   order, until the next write; its pages are read by id (`narrowPage`). That it was narrow is
//   remembered across writes, so the first request after one lists without counting first.
// - A broad one walks the rows in the page's order and tests each; in between, the filters'
//   indexes collect the matches (`lookupFor` says which, per lookup the list offers).
// - Exports walk the matches batch by batch by key (`keysetIds`), so memory stays flat.
//
// On SQLite with read workers, ./list-pages.ts runs `readPage` in a worker thread.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Database, Db } from '../db/types'
import {
  cachedMatches,
  cachedTotal,
  forgetReadCaches,
  rememberNarrow,
  wasNarrow,
} from '../lib/read-cache'
import { attributeCondition, type WithAttributes } from './custom-list'
import type { PageRequest } from './list-params'
import { keysetIds, orderBySort, type Sort } from './sorts'

// biome-ignore lint/suspicious/noExplicitAny: a filtered list query over any table
export type FilteredQuery = SelectQueryBuilder<any, any, any>

/** A list's rows for a filter, and the id expression that walks them newest first (an index's
 * rowid where a text index drives the query). */
export interface Filtered {
  query: FilteredQuery
  newestFirst: string
}

/**
 * How a lookup finds its rows: through the filters' indexes, collecting every match and sorting
 * them ('index'), or by walking the rows in the page's order and testing each one ('scan'), or
 * by testing each row's own columns with no index at all ('test': a short range of rows, the
 * estimate's sample, where a text index would read a broad word's whole entry).
 */
export type Lookup = 'index' | 'scan' | 'test'

/** The plan a source's `filter` follows: for a text filter, and for a filter on linked rows
 * (a product's categories). Sources with neither ignore it. */
export interface Lookups {
  text: Lookup
  links: Lookup
}

/** Every match through the indexes: for counts and id lists, which read them all. */
export const COLLECT: Lookups = { text: 'index', links: 'index' }

/** A list as the engine reads it. The table is aliased `p` in every query. */
export interface ListSource<Filter extends object, Row extends { id: number }, Context = unknown> {
  /** Names its entries in the read cache and its jobs in the read workers. */
  name: string
  table: keyof Database & string
  /** Read once per request before any query (a category's descendants). */
  prepare?: (db: Db, filter: Filter) => Promise<Context>
  /** The rows the filter matches, found as `lookups` says. */
  filter: (db: Db, filter: Filter, context: Context, lookups: Lookups) => Filtered
  /** True when the filter is known to match few rows (one provider's products): its count is
   * quick, and a sample of the newest rows would hold too few matches to say, so it is never
   * estimated (`estimateMatches`). */
  fewMatches?: (filter: Filter) => boolean
  /** How many rows match, where a cheaper way than counting `filter`'s rows exists. */
  count?: (db: Db, filter: Filter, context: Context) => Promise<number> | undefined
  /** These rows (ids, or a query selecting them) read in full, in the sort's order. */
  read: (db: Db, ids: number[] | FilteredQuery, sort: Sort) => Promise<Row[]>
  /** SQLite's read workers know this list (../read-worker-pages.ts). */
  inReadWorkers?: boolean
}

// biome-ignore lint/suspicious/noExplicitAny: a source of any filter, row and context
export type AnyListSource = ListSource<any, { id: number }, any>

export interface Page<Row> {
  rows: Row[]
  total: number
  /** False when `total` was counted before the latest write and is being counted again. */
  totalExact: boolean
  /** Whether rows follow this page, read from the rows themselves when the total is not exact. */
  hasNext?: boolean
}

/** One page in the sort's order, plus the total (exact, or said not to be). With `estimate`, a
 * total never counted whose count is slow is estimated meanwhile (`estimateMatches`). */
export function readPage<F extends object, Row extends { id: number }, C>(
  db: Db,
  source: ListSource<F, Row, C>,
  filter: F,
  request: PageRequest,
  sort: Sort,
  { estimate = false } = {},
): Promise<Page<Row>> {
  const listed = withAttributeConditions(source)
  return consistentPage(db, request, (reader) =>
    plannedPage(reader, listed, filter, request, sort, estimate),
  )
}

const attributed = new WeakMap<AnyListSource, AnyListSource>()

/**
 * The source with custom-field filters (./custom-list.ts): its own filter, prepare and count
 * see the filter without `attributes`, whose conditions are added to its query. Its name is the
 * source's: the read cache keys hold the whole filter, conditions included.
 */
export function withAttributeConditions<F extends object, Row extends { id: number }, C>(
  source: ListSource<F, Row, C>,
): ListSource<WithAttributes<F>, Row, C> {
  const known = attributed.get(source)
  if (known) return known as ListSource<WithAttributes<F>, Row, C>
  const own = ({ attributes, ...filter }: WithAttributes<F>) => filter as F
  const wrapped: ListSource<WithAttributes<F>, Row, C> = {
    ...source,
    prepare: source.prepare && ((db, filter) => source.prepare?.(db, own(filter)) as Promise<C>),
    filter: (db, filter, context, lookups) => {
      const filtered = source.filter(db, own(filter), context, lookups)
      const conditions = filter.attributes ?? []
      if (conditions.length === 0) return filtered
      const postgres = isPostgres(db)
      let query = filtered.query
      for (const condition of conditions)
        query = query.where(attributeCondition(postgres, condition))
      return { ...filtered, query }
    },
    // The source's cheaper count knows nothing of custom fields: with some, rows are counted.
    count:
      source.count &&
      ((db, filter, context) =>
        filter.attributes?.length ? undefined : source.count?.(db, own(filter), context)),
  }
  attributed.set(source, wrapped)
  return wrapped
}

async function plannedPage<F extends object, Row extends { id: number }, C>(
  db: Db,
  source: ListSource<F, Row, C>,
  filter: F,
  request: PageRequest,
  sort: Sort,
  estimate: boolean,
): Promise<Page<Row>> {
  const { page, pageSize } = request
  const context = (await source.prepare?.(db, filter)) as C
  const key = filterKey(source, filter)
  const rowsNeeded = page * pageSize
  // A filter narrow when last seen lists its matches straight away, without counting them.
  const counted = wasNarrow(db, key)
    ? undefined
    : await countMatches(db, source, filter, context, estimate ? rowsNeeded : undefined)
  if (!counted || (!counted.estimated && isNarrow(counted.total, counted.everything))) {
    const { query, newestFirst } = source.filter(db, filter, context, COLLECT)
    const narrow = await narrowPage(db, key, query, sort, newestFirst, request, (ids) =>
      source.read(db, ids, sort),
    )
    if (narrow) return narrow
  }
  const { total, totalExact, everything, estimated } =
    counted ?? (await countMatches(db, source, filter, context))
  // An estimate promised a short walk; collecting every match would cost what the count does.
  const lookups = estimated ? WALK : plan(rowsNeeded, total, everything)
  const { query, newestFirst } = source.filter(db, filter, context, lookups)
  // Only the page's ids are looked for with the filters; then just those rows are read in full.
  // A total that is not exact cannot say whether another page follows: one more row does.
  const pageIds = orderBySort(query.select('p.id'), sort, 'p', newestFirst)
    .limit(totalExact ? pageSize : pageSize + 1)
    .offset((page - 1) * pageSize)
  const rows = await source.read(db, pageIds, sort)
  if (totalExact) return { rows, total, totalExact }
  return {
    rows: rows.slice(0, pageSize),
    total: boundedByRows(total, request, rows.length),
    totalExact,
    hasNext: rows.length > pageSize,
  }
}

/** A total not exact (from before the latest write, or estimated) as the page's rows bound it,
 * so a page never lists more rows than its total says: at least every row up to the page and
 * one more when another page follows; exactly those rows when the page is the last. */
function boundedByRows(total: number, { page, pageSize }: PageRequest, rowsRead: number): number {
  const upToPage = (page - 1) * pageSize + Math.min(rowsRead, pageSize)
  if (rowsRead > pageSize) return Math.max(total, upToPage + 1)
  return rowsRead > 0 ? upToPage : total
}

/** What an export gives: the number of matching rows (as last counted: it may be from before
 * the latest write) and the rows, batch by batch, each with when it was created and last
 * changed. */
export interface ExportRows<Row> {
  total: number
  batches: AsyncIterable<Dated<Row>[]>
}

/** A row as an export writes it: with when it was created and last changed (ms). */
export type Dated<Row> = Row & { createdAt?: number; updatedAt?: number }

/** Every row matching the filter, in the sort's order, batch by batch (the CSV export). Each
 * batch starts after the previous one's last key, so the millionth row costs what the first does. */
export async function exportRows<F extends object, Row extends { id: number }, C>(
  db: Db,
  source: ListSource<F, Row, C>,
  filter: F,
  sort: Sort,
): Promise<ExportRows<Row>> {
  source = withAttributeConditions(source)
  const context = (await source.prepare?.(db, filter)) as C
  const { total, everything } = await countMatches(db, source, filter, context)
  const { query, newestFirst } = source.filter(
    db,
    filter,
    context,
    plan(EXPORT_BATCH_SIZE, total, everything),
  )
  async function* batches() {
    for await (const ids of keysetIds(query, sort, EXPORT_BATCH_SIZE, 'p', newestFirst)) {
      const [rows, dates] = await Promise.all([
        source.read(db, ids, sort),
        timestampsOf(db, source.table, ids),
      ])
      yield rows.map((row) => ({ ...row, ...dates.get(row.id) }))
    }
  }
  return { total, batches: batches() }
}

/** Rows read per export batch: big enough to amortise a query, small in memory. */
export const EXPORT_BATCH_SIZE = 1000

/** The ids of the rows the filter matches, in id order, at most `limit` (bulk actions). */
export async function matchingIds<F extends object, C>(
  db: Db,
  source: ListSource<F, { id: number }, C>,
  filter: F,
  limit: number,
): Promise<number[]> {
  source = withAttributeConditions(source)
  const context = (await source.prepare?.(db, filter)) as C
  const { query } = source.filter(db, filter, context, COLLECT)
  const rows = await query.select('p.id').orderBy('p.id').limit(limit).execute()
  return rows.map((row) => Number(row.id))
}

/** The read cache's name for this list's filter: its total and matches. */
export function filterKey(source: { name: string }, filter: object): string {
  return `${source.name}:${JSON.stringify(filter)}`
}

/** How many rows the filter matches (and whether that is exact, or estimated: `cachedTotal`),
 * and about how many the list has (both counted once per write). Given the rows a page needs, a
 * total never counted may be estimated while it is counted (`estimateMatches`). */
async function countMatches<F extends object, C>(
  db: Db,
  source: ListSource<F, { id: number }, C>,
  filter: F,
  context: C,
  rowsNeeded?: number,
): Promise<{ total: number; totalExact: boolean; estimated?: boolean; everything: number }> {
  // The unfiltered list's key: an empty filter's JSON is `{}`, so both share one count. It is
  // counted wherever it is first needed (once per read worker): it guides the plan.
  const key = filterKey(source, filter)
  const everythingKey = `${source.name}:{}`
  const everyRow = (handle: Db) =>
    countRows(handle.selectFrom(`${source.table} as p` as 'products as p'))
  const counting = cachedTotal(db, everythingKey, () => onOneCore(db, everyRow), {
    countedHere: true,
  })
  const estimate =
    rowsNeeded === undefined || key === everythingKey || source.fewMatches?.(filter)
      ? undefined
      : async () => estimateMatches(db, source, filter, context, (await counting).total, rowsNeeded)
  // Side by side: after a write, each may wait a moment for its recount (`cachedTotal`).
  const [{ total, exact, estimated }, everything] = await Promise.all([
    cachedTotal(db, key, () => countFilter(db, source, filter, context), {
      countedHere: key === everythingKey,
      estimate,
    }),
    counting,
  ])
  return { total, totalExact: exact, estimated, everything: everything.total }
}

/** The newest rows a total never counted is estimated from, each tested (decision 032). */
export const SAMPLE_ROWS = 20_000

/** Fewer matches than this among the sample say too little: the count is waited for. */
const SAMPLE_MATCHES_MIN = 10

/** A page planned from an estimate walks at most about this many rows; a longer walk (a deep
 * page, a rare filter) waits for the count instead. */
const ESTIMATED_WALK_MAX = 100_000

/** Every lookup walks the rows in the page's order, testing each. */
const WALK: Lookups = { text: 'scan', links: 'scan' }

/** The sample's rows are a range of ids, each tested on its own: on SQLite, the text index
 * bounded to that range still read a broad word's whole entry (870 ms at 10M, 14 ms tested). */
const SAMPLE: Lookups = { text: 'test', links: 'scan' }

/**
 * About how many of `everything` rows the filter matches, from the share of the newest
 * SAMPLE_ROWS that it matches; undefined when the list is no bigger than the sample (its count
 * is as quick), when the sample holds too few matches to say, or when walking to the page's
 * `rowsNeeded` matches would be long. Matches spread as in the newest rows: seeded catalogues
 * spread them evenly, a real one may lean, and the exact count replaces it within seconds.
 */
async function estimateMatches<F extends object, C>(
  db: Db,
  source: ListSource<F, { id: number }, C>,
  filter: F,
  context: C,
  everything: number,
  rowsNeeded: number,
): Promise<number | undefined> {
  if (everything <= SAMPLE_ROWS) return undefined
  // The bound is read first: as a subquery, PostgreSQL's planner guessed a third of the table
  // from it and counted in parallel workers (330 ms at 10M against 10 ms).
  const oldestSampled = await db
    .selectFrom(`${source.table} as s` as 'products as s')
    .select('s.id')
    .orderBy('s.id', 'desc')
    .limit(1)
    .offset(SAMPLE_ROWS - 1)
    .executeTakeFirst()
  if (!oldestSampled) return undefined
  const { query, newestFirst } = source.filter(db, filter, context, SAMPLE)
  const matched = await countRows(query.where(sql.ref(newestFirst), '>=', oldestSampled.id))
  if (matched < SAMPLE_MATCHES_MIN) return undefined
  if ((rowsNeeded * SAMPLE_ROWS) / matched > ESTIMATED_WALK_MAX) return undefined
  return Math.round((matched * everything) / SAMPLE_ROWS)
}

/**
 * How many rows the filter matches, counted now: the cheapest way the list offers. On
 * PostgreSQL without parallel workers (decision 033): counts run in the background while pages
 * are read, and workers took every core for a count's seconds, so each page waited for CPU; one
 * core also counted "package" at 10M sooner (6.0 s against 8.0).
 */
function countFilter<F extends object, C>(
  db: Db,
  source: ListSource<F, { id: number }, C>,
  filter: F,
  context: C,
): Promise<number> {
  return onOneCore(
    db,
    (handle) =>
      source.count?.(handle, filter, context) ??
      countRows(source.filter(handle, filter, context, COLLECT).query),
  )
}

/** A count on one core (PostgreSQL's parallel workers off for it; `countFilter`). */
function onOneCore(db: Db, count: (handle: Db) => Promise<number>): Promise<number> {
  // Inside a caller's transaction (a consistent page) the setting would outlive the count.
  if (!isPostgres(db) || db.isTransaction) return count(db)
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx)
    return count(trx)
  })
}

/** How many rows the filter matches, counted now rather than read from the cache (the recount
 * SQLite's read workers make for the main thread, ./list-pages.ts). */
export async function countTotal(db: Db, source: AnyListSource, filter: object): Promise<number> {
  const listed = withAttributeConditions(source)
  const context = await listed.prepare?.(db, filter)
  return countFilter(db, listed, filter, context)
}

/** The rows of a filtered query, counted. */
export async function countRows(query: FilteredQuery): Promise<number> {
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(total)
}

/**
 * A walked row costs a fraction of a collected match (an index entry, a visit to the row, a
 * place in the sort): on PostgreSQL at 1M products, 0.36 µs against 2.5 µs. Walking wins while
 * it reads at most this many rows per match the index would collect.
 */
const WALK_PER_MATCH = 5

/**
 * The cheaper lookup for the first `rowsNeeded` of `total` matches among `everything` rows,
 * matches being spread evenly: a walk reads about rowsNeeded × everything ÷ total rows, the
 * index all `total` matches. So a broad filter walks; a narrow one, or a deep page, collects.
 */
export function lookupFor(rowsNeeded: number, total: number, everything: number): Lookup {
  if (total === 0) return 'index'
  return (rowsNeeded * everything) / total <= WALK_PER_MATCH * total ? 'scan' : 'index'
}

/** From this share of all rows on, walking the newest rows finds a page sooner than probing
 * each walked row's links through an index (a 0.7 % category walked: 10–18 ms against 7–9
 * collected). */
const BROAD_LINKS_SHARE = 0.02

function plan(rowsNeeded: number, total: number, everything: number): Lookups {
  return {
    text: lookupFor(rowsNeeded, total, everything),
    links: total >= everything * BROAD_LINKS_SHARE ? 'scan' : 'index',
  }
}

/** True when the filter sets nothing but (some of) `these`: such a filter can be counted from
 * their own index. */
export function onlyFilters<F extends object>(filter: F, ...these: Array<keyof F>): boolean {
  return Object.entries(filter).every(
    ([key, value]) => value === undefined || these.includes(key as keyof F),
  )
}

/** A narrow filter's matches are listed (`narrowPage`) up to this many. */
export const MATCH_LIST_MAX = 10_000

/** Under this share of all rows a filter is narrow: walking the newest rows for a page would
 * test over fifty rows per match. */
const NARROW_SHARE = 0.02

/** Whether a filter matching `total` of `everything` rows lists its matches (`narrowPage`). */
export function isNarrow(total: number, everything: number): boolean {
  return total > 0 && total <= MATCH_LIST_MAX && total < everything * NARROW_SHARE
}

/**
 * One page of a narrow filter, its rows read by id with `read`; undefined when the filter now
 * matches more than MATCH_LIST_MAX rows (then the caller counts and walks). The ids of every
 * match, in the sort's order, are collected once and kept in the read cache until the next
 * write; the total is that list's length, which may be newer than the cached count. Walking the
 * newest rows tests everything ÷ total rows per match on every page, and several broad filters
 * together can match few rows (at 1M products, name + category + price + rating: 15,000 rows for
 * the first page, 10 ms on PostgreSQL, and as many more for each further page); collecting the
 * matches through their indexes costs about what the count does, once.
 */
async function narrowPage<Row>(
  db: Db,
  key: string,
  query: FilteredQuery,
  sort: Sort,
  id: string,
  { page, pageSize }: PageRequest,
  read: (ids: number[]) => Promise<Row[]>,
): Promise<Page<Row> | undefined> {
  const matches = await cachedMatches(db, `${key}:${sort.field}:${sort.order}`, async () => {
    const rows = await orderBySort(query.select('p.id'), sort, 'p', id)
      .limit(MATCH_LIST_MAX + 1)
      .execute()
    return rows.map((row) => Number(row.id))
  })
  const listed = matches.length <= MATCH_LIST_MAX
  rememberNarrow(db, key, listed)
  if (!listed) return undefined
  const ids = matches.slice((page - 1) * pageSize, page * pageSize)
  // The matches are read since the latest write (writes forget them): their number is exact.
  return { rows: ids.length === 0 ? [] : await read(ids), total: matches.length, totalExact: true }
}

/**
 * A list page and its total that agree. `read` counts through the cache and reads the rows
 * fresh; when the rows show that a cached total said to be exact is out of date (a write not yet
 * announced, or made outside the product), the caches are dropped and both are read again in
 * one snapshot. A total said not to be exact is already being counted again: counting it here
 * too would cost every request the count the read cache spares it.
 */
async function consistentPage<Row>(
  db: Db,
  { page, pageSize }: PageRequest,
  read: (db: Db) => Promise<Page<Row>>,
): Promise<Page<Row>> {
  const first = await read(db)
  const expected = Math.min(pageSize, Math.max(0, first.total - (page - 1) * pageSize))
  if (first.rows.length === expected || !first.totalExact || db.isTransaction) return first
  forgetReadCaches(db)
  // Not a transaction (checked above), so the database handle itself.
  return (db as Kysely<Database>)
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => read(trx))
}

async function timestampsOf(db: Db, table: string, ids: number[]) {
  const rows = await db
    .selectFrom(table as 'products')
    .select(['id', 'createdAt', 'updatedAt'])
    .where('id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [row.id, { createdAt: row.createdAt, updatedAt: row.updatedAt }]),
  )
}
