// The `sort` and `order` query parameters every list takes, and the ORDER BY they give. Each
// list names its sortable fields once (below); ties always break by id in the same direction,
// so a row sits at one place in the order and pages never repeat or skip it. Migration 009
// gives every (field, id) pair an index, so a first page reads just its rows.
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely'
import type { Db } from './category-links'
import { type PageRequest, type RawQuery, single } from './list-query'
import { oneOf } from './query-schema'
import { cachedMatches, rememberNarrow } from './read-cache'

export type Order = 'asc' | 'desc'

/** A sortable field: the columns it orders by (camelCase, before the id) and its usual order. */
interface SortField {
  columns: readonly string[]
  order: Order
}

export interface Sort {
  field: string
  columns: readonly string[]
  order: Order
}

/** `newest` (by id, newest first by default) and `id` are offered by every list. */
const byId = { newest: { columns: [], order: 'desc' }, id: { columns: [], order: 'asc' } } as const

export const categorySorts = { name: { columns: ['name'], order: 'asc' }, ...byId } as const

export const productSorts = {
  name: { columns: ['name'], order: 'asc' },
  ...byId,
  // A Range product sorts by its lower bound (the same column the price filter reads).
  price: { columns: ['priceLowKobo'], order: 'asc' },
  rating: { columns: ['rating'], order: 'desc' },
} as const

export const providerSorts = {
  name: { columns: ['firstName', 'lastName'], order: 'asc' },
  ...byId,
  brandName: { columns: ['brandName'], order: 'asc' },
} as const

export const productImageSorts = {
  name: { columns: ['imageName'], order: 'asc' },
  ...byId,
} as const

/** The `sort` and `order` parameters of a list taking these fields (see ./query-schema.ts). */
export function sortParams(fields: Record<string, SortField>) {
  const names = Object.keys(fields)
  return {
    sort: oneOf(names, `must be one of ${names.join(', ')}`),
    order: oneOf(['asc', 'desc'], 'must be asc or desc'),
  }
}

/**
 * The sort asked for (already checked by `sortParams` in the route's schema), or the list's
 * default; an omitted order takes the field's usual one.
 */
export function sortRequest(
  query: RawQuery,
  fields: Record<string, SortField>,
  fallback: string,
): Sort {
  const field = single(query, 'sort') ?? fallback
  const { columns, order: usual } = fields[field]
  const order = (single(query, 'order') as Order | undefined) ?? usual
  return { field, columns, order }
}

// biome-ignore lint/suspicious/noExplicitAny: any list query
type AnyQuery = SelectQueryBuilder<any, any, any>

/**
 * Orders a query by the sort's columns of the table aliased `alias` (none for an unaliased
 * table), then by its id: `id` names another expression walking the ids where one drives the
 * query (a text index's rowid).
 */
export function orderBySort<Q extends AnyQuery>(
  query: Q,
  sort: Sort,
  alias?: string,
  id = alias ? `${alias}.id` : 'id',
): Q {
  let ordered = query
  for (const column of sort.columns) {
    ordered = ordered.orderBy(sql.ref(alias ? `${alias}.${column}` : column), sort.order) as Q
  }
  return ordered.orderBy(sql.ref(id), sort.order) as Q
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
 * One page of a narrow filter (`isNarrow`, or `wasNarrow` in ./read-cache.ts), its rows read by
 * id with `read`; undefined when the filter now matches more than MATCH_LIST_MAX rows (then the
 * caller counts and walks). The ids of every match, in the sort's order (arguments `sort` to `id`
 * as for `orderBySort`), are collected once and kept in the read cache until the next write
 * (outside writers: 5–10 s, like totals); the total is that list's length, which may be newer
 * than the cached count. Walking the newest rows tests everything ÷ total rows per match on every
 * page, and several broad filters together can match few rows (at 1M products, name + category
 * + price + rating: 15,000 rows for the first page, 10 ms on PostgreSQL, and as many more for each
 * further page); collecting the matches through their indexes costs about what the count does,
 * once. That the filter was narrow is remembered across writes, so that the first request after
 * a write lists its matches without counting them first (which doubled its wait).
 */
export async function narrowPage<Row>(
  db: Db,
  key: string,
  query: AnyQuery,
  sort: Sort,
  alias: string,
  id: string,
  { page, pageSize }: PageRequest,
  read: (ids: number[]) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number } | undefined> {
  const matches = await cachedMatches(db, `${key}:${sort.field}:${sort.order}`, async () => {
    const rows = await orderBySort(query.select(`${alias}.id`), sort, alias, id)
      .limit(MATCH_LIST_MAX + 1)
      .execute()
    return rows.map((row) => Number(row.id))
  })
  const listed = matches.length <= MATCH_LIST_MAX
  rememberNarrow(db, key, listed)
  if (!listed) return undefined
  const ids = matches.slice((page - 1) * pageSize, page * pageSize)
  return { rows: ids.length === 0 ? [] : await read(ids), total: matches.length }
}

/** Rows read per batch by `keysetIds`: big enough to amortise a query, small in memory. */
export const EXPORT_BATCH_SIZE = 1000

/**
 * Every id of a filtered list query in the sort's order, batch by batch: each batch starts
 * after the previous one's last key (its sort columns and id), so the millionth row costs what
 * the first does, where an offset would walk all rows before it again. Arguments as for
 * `orderBySort`. Each batch is read on its own, without a snapshot: a row whose sort key
 * changes during the walk may be missed or met twice, but no other row is.
 */
export async function* keysetIds(
  query: AnyQuery,
  sort: Sort,
  alias?: string,
  id = alias ? `${alias}.id` : 'id',
  size = EXPORT_BATCH_SIZE,
): AsyncGenerator<number[]> {
  const keys = [...sort.columns.map((column) => (alias ? `${alias}.${column}` : column)), id]
  const refs = keys.map((key) => sql.ref(key))
  const selected = refs.map((ref, index) => ref.as(`k${index}`))
  const idKey = `k${keys.length - 1}`
  const after = sort.order === 'asc' ? sql.raw('>') : sql.raw('<')
  let last: unknown[] | undefined
  for (;;) {
    let batch = query.select(selected)
    if (last) batch = batch.where(sql<SqlBool>`(${sql.join(refs)}) ${after} (${sql.join(last)})`)
    const rows: Record<string, unknown>[] = await orderBySort(batch, sort, alias, id)
      .limit(size)
      .execute()
    if (rows.length > 0) yield rows.map((row) => Number(row[idKey]))
    if (rows.length < size) return
    const end = rows[rows.length - 1]
    last = keys.map((_, index) => end[`k${index}`])
  }
}
