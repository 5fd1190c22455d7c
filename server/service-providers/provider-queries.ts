// Reading service providers with their categories and image flags. Plain functions taking
// `db` first.
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely'
import type { Database, ProviderImageKind } from '../db/types'
import { type CategoryRef, categoriesOf, type Db, providerLinks } from '../lib/category-links'
import { type Dated, type ExportRows, exportInBatches } from '../lib/csv-export'
import { onlyFilters, type PageRequest } from '../lib/list-query'
import { isNarrow, narrowPage, orderBySort, type Sort } from '../lib/list-sort'
import { cachedCount, consistentPage, wasNarrow } from '../lib/read-cache'
import {
  filterByText,
  type ListQuery,
  providerBrandName,
  providerEmail,
  type TextColumn,
  textIndexMatches,
} from '../lib/text-search'

export type { Db }

/** A provider as GET /service-providers/:id answers it (keys in that order). */
export interface Provider {
  id: number
  firstName: string
  lastName: string
  brandName: string
  email: string
  phoneNumber: string
  state: string
  city: string
  addressLine1: string
  addressLine2: string | null
  about: string
  enabled: boolean
  serviceProviderCategories: CategoryRef[]
  hasPassportPhoto: boolean
  hasBrandLogo: boolean
}

export interface ProviderFilter {
  /** Substring of the email, any case. */
  email?: string
  /** Substring of the brand name, any case. */
  brandName?: string
  enabled?: boolean
  categoryId?: number
}

export async function findProvider(db: Db, id: number): Promise<Provider | undefined> {
  const row = await selectProviders(db).where('p.id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const categories = await categoriesOf(db, providerLinks, [id])
  return toProvider(row, categories)
}

/** One page in the sort's order, plus the total; categories come in one extra query. A narrow
 * filter's pages come from the list of its matches (`narrowPage`). */
export function listProviders(
  db: Db,
  filter: ProviderFilter,
  request: PageRequest,
  sort: Sort,
): Promise<{ rows: Provider[]; total: number }> {
  return consistentPage(db, request, (reader) => readProviderPage(reader, filter, request, sort))
}

async function readProviderPage(
  db: Db,
  filter: ProviderFilter,
  request: PageRequest,
  sort: Sort,
): Promise<{ rows: Provider[]; total: number }> {
  const { page, pageSize } = request
  const { query, newestFirst } = filterProviders(db, filter)
  const key = filterKey(filter)
  // A filter narrow when last seen lists its matches straight away, without counting them.
  const total = wasNarrow(db, key) ? undefined : await countProviders(db, filter)
  const everything = () => db.selectFrom('serviceProviders as p')
  if (total === undefined || isNarrow(total, await cachedCount(db, 'providers:{}', everything))) {
    const narrow = await narrowPage(db, key, query, sort, 'p', newestFirst, request, (ids) =>
      providersIn(db, ids, sort),
    )
    if (narrow) return narrow
  }
  // Only the page's ids are looked for with the filters; then just those rows are read in full.
  const pageIds = orderBySort(query.select('p.id'), sort, 'p', newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return {
    rows: await providersIn(db, pageIds, sort),
    total: total ?? (await countProviders(db, filter)),
  }
}

/** Every provider matching the filter, in the sort's order, batch by batch (the CSV export). */
export async function exportProviders(
  db: Db,
  filter: ProviderFilter,
  sort: Sort,
): Promise<ExportRows<Dated<Provider>>> {
  const matching = { ...filterProviders(db, filter), total: await countProviders(db, filter) }
  return exportInBatches(db, 'serviceProviders', matching, sort, 'p', (ids) =>
    providersIn(db, ids, sort),
  )
}

/** How many providers match the filter (cached). Text filters alone are counted from the text
 * index alone (see `textIndexMatches`). */
function countProviders(db: Db, filter: ProviderFilter): Promise<number> {
  return cachedCount(db, filterKey(filter), (): ListQuery => {
    const byTextIndex = onlyFilters(filter, 'email', 'brandName')
      ? textIndexMatches(db, textSearches(filter))
      : undefined
    return byTextIndex ?? filterProviders(db, filter).query
  })
}

/** The read cache's name for this filter's total and matches. */
function filterKey(filter: ProviderFilter): string {
  return `providers:${JSON.stringify(filter)}`
}

function textSearches(filter: ProviderFilter): Array<[TextColumn, string | undefined]> {
  return [
    [providerEmail, filter.email],
    [providerBrandName, filter.brandName],
  ]
}

/** These providers (ids, or a query selecting them) read in full, in the sort's order. */
async function providersIn(
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: a filtered list query selecting ids
  ids: number[] | SelectQueryBuilder<any, any, { id: number }>,
  sort: Sort,
): Promise<Provider[]> {
  const rows = await orderBySort(selectProviders(db).where('p.id', 'in', ids), sort, 'p').execute()
  const categories = await categoriesOf(
    db,
    providerLinks,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toProvider(row, categories))
}

/** The providers the list's filter matches, and how to walk them newest first. */
function filterProviders(db: Db, filter: ProviderFilter) {
  let filtered = db.selectFrom('serviceProviders as p')
  if (filter.enabled !== undefined)
    filtered = filtered.where('p.enabled', '=', filter.enabled ? 1 : 0)
  if (filter.categoryId !== undefined) {
    const categoryId = filter.categoryId
    filtered = filtered.where('p.id', 'in', (eb) =>
      eb
        .selectFrom('serviceProviderCategoryLinks')
        .select('providerId')
        .where('categoryId', '=', categoryId),
    )
  }
  return filterByText(db, filtered, textSearches(filter))
}

/** The ids of the providers the filter matches, in id order, at most `limit` (bulk actions). */
export async function matchingProviderIds(
  db: Db,
  filter: ProviderFilter,
  limit: number,
): Promise<number[]> {
  const { query } = filterProviders(db, filter)
  const rows = await query.select('p.id').orderBy('p.id').limit(limit).execute()
  return rows.map((row) => row.id)
}

type ProviderScope = ExpressionBuilder<Database & { p: Database['serviceProviders'] }, 'p'>

function hasImage(eb: ProviderScope, kind: ProviderImageKind) {
  return eb.exists(
    eb
      .selectFrom('providerImages as i')
      .select('i.kind')
      .whereRef('i.providerId', '=', 'p.id')
      .where('i.kind', '=', kind),
  )
}

const providerColumns = (eb: ProviderScope) =>
  [
    'p.id',
    'p.firstName',
    'p.lastName',
    'p.brandName',
    'p.email',
    'p.phoneNumber',
    'p.state',
    'p.city',
    'p.addressLine1',
    'p.addressLine2',
    'p.about',
    'p.enabled',
    hasImage(eb, 'passport-photo').as('hasPassportPhoto'),
    hasImage(eb, 'brand-logo').as('hasBrandLogo'),
  ] as const

function selectProviders(db: Db) {
  return db.selectFrom('serviceProviders as p').select(providerColumns)
}

type ProviderRow = Awaited<
  ReturnType<ReturnType<typeof selectProviders>['executeTakeFirstOrThrow']>
>

// SQLite answers booleans (exists, the enabled column) as 0/1, PostgreSQL exists as true/false.
function toProvider(row: ProviderRow, categories: Map<number, CategoryRef[]>): Provider {
  const { enabled, hasPassportPhoto, hasBrandLogo, ...fields } = row
  return {
    ...fields,
    enabled: enabled === 1,
    serviceProviderCategories: categories.get(row.id) ?? [],
    hasPassportPhoto: Boolean(hasPassportPhoto),
    hasBrandLogo: Boolean(hasBrandLogo),
  }
}
