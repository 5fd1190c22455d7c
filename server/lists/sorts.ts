// The `sort` and `order` query parameters every list takes, and the ORDER BY they give. Each
// list names its sortable fields once (below); ties always break by id in the same direction,
// so a row sits at one place in the order and pages never repeat or skip it. Migration 009
// gives every (field, id) pair an index, so a first page reads just its rows.
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely'
import { oneOf } from '../lib/query-schema'
import { type AttributeKey, attributeValue } from './custom-list'
import { type RawQuery, single } from './list-params'

export type Order = 'asc' | 'desc'

/** A sortable field: the columns it orders by (camelCase, before the id) and its usual order. */
interface SortField {
  columns: readonly string[]
  order: Order
  /** A custom field (./custom-list.ts) ordered before the id, instead of columns. */
  attribute?: AttributeKey
}

/** A list's sortable fields, by the name `sort` takes. */
export type SortFields = Record<string, SortField>

export interface Sort {
  field: string
  columns: readonly string[]
  order: Order
  /** A custom field's value, ordered with rows lacking one last (either way), then by id. */
  attribute?: AttributeKey
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
  const { columns, order: usual, attribute } = fields[field]
  const order = (single(query, 'order') as Order | undefined) ?? usual
  return { field, columns, order, ...(attribute ? { attribute } : {}) }
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
  if (sort.attribute) {
    const value = attributeValue(sort.attribute, alias)
    ordered = ordered.orderBy(sql`${value} ${sql.raw(sort.order)} nulls last`) as Q
  }
  return ordered.orderBy(sql.ref(id), sort.order) as Q
}

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
  size: number,
  alias?: string,
  id = alias ? `${alias}.id` : 'id',
): AsyncGenerator<number[]> {
  const keys = [...sort.columns.map((column) => (alias ? `${alias}.${column}` : column)), id]
  const refs: RawBuilder<unknown>[] = keys.map((key) => sql`${sql.ref(key)}`)
  // A custom field's value comes first; rows without one come last whichever the order.
  const value = sort.attribute ? attributeValue(sort.attribute, alias) : undefined
  if (value) refs.unshift(value)
  const selected = refs.map((ref, index) => ref.as(`k${index}`))
  const idKey = `k${refs.length - 1}`
  const after = sort.order === 'asc' ? sql.raw('>') : sql.raw('<')
  let last: unknown[] | undefined
  for (;;) {
    let batch = query.select(selected)
    if (last && value) batch = batch.where(afterAttribute(value, refs.slice(1), last, after))
    else if (last)
      batch = batch.where(sql<SqlBool>`(${sql.join(refs)}) ${after} (${sql.join(last)})`)
    const rows: Record<string, unknown>[] = await orderBySort(batch, sort, alias, id)
      .limit(size)
      .execute()
    if (rows.length > 0) yield rows.map((row) => Number(row[idKey]))
    if (rows.length < size) return
    const end = rows[rows.length - 1]
    last = refs.map((_, index) => end[`k${index}`])
  }
}

/** After key `last` (a custom field's value, then the other keys) in an order that puts rows
 * without a value last: a later value, the same value and later keys, or no value at all. */
function afterAttribute(
  value: RawBuilder<unknown>,
  rest: RawBuilder<unknown>[],
  last: unknown[],
  after: RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  const [lastValue, ...lastRest] = last
  const laterRest = sql<SqlBool>`(${sql.join(rest)}) ${after} (${sql.join(lastRest)})`
  if (lastValue === null || lastValue === undefined) {
    return sql<SqlBool>`(${value} is null and ${laterRest})`
  }
  return sql<SqlBool>`(${value} ${after} ${lastValue} or (${value} = ${lastValue} and ${laterRest}) or ${value} is null)`
}
