// Reading service providers with their categories and image flags. Plain functions taking
// `db` first.
import type { ExpressionBuilder } from 'kysely'
import type { ServiceProvider } from '../../types/records'
import type { Database, Db, ProviderImageKind } from '../db/types'
import { type CategoryRef, categoriesOf, providerLinks } from '../lib/category-links'
import {
  countRows,
  type Filtered,
  type FilteredQuery,
  type ListSource,
  type Lookups,
  onlyFilters,
} from '../lists/list-engine'
import { orderBySort, type Sort } from '../lists/sorts'
import {
  filterByText,
  providerBrandName,
  providerEmail,
  providerPersonName,
  providerPhone,
  type TextColumn,
  textIndexMatches,
} from '../lists/text-search'

/** A provider as GET /service-providers/:id answers it (types/records.ts, from the schema; keys in
 * the order toProvider gives them). */
export type Provider = ServiceProvider

export interface ProviderFilter {
  /** Substring of the email, any case. */
  email?: string
  /** Substring of the brand name, any case. */
  brandName?: string
  /** Substring of "First Last", any case. */
  personName?: string
  /** Substring of the phone's key: a searched number's own key (./phone-key.ts). */
  phone?: string
  enabled?: boolean
  categoryId?: number
}

export async function findProvider(db: Db, id: number): Promise<Provider | undefined> {
  const row = await selectProviders(db).where('p.id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const categories = await categoriesOf(db, providerLinks, [id])
  return toProvider(row, categories)
}

/** The providers list (../lists/list-engine.ts plans its pages); categories come in one extra
 * query. */
export const providerList: ListSource<ProviderFilter, Provider> = {
  name: 'providers',
  table: 'serviceProviders',
  filter: (db, filter, _context, lookups) => filterProviders(db, filter, lookups),
  // Text filters alone are counted from the text index alone (see `textIndexMatches`).
  count: (db, filter) => {
    const byTextIndex = onlyFilters(filter, 'email', 'brandName', 'personName', 'phone')
      ? textIndexMatches(db, textSearches(filter))
      : undefined
    return byTextIndex && countRows(byTextIndex)
  },
  read: providersIn,
  inReadWorkers: true,
}

function textSearches(filter: ProviderFilter): Array<[TextColumn, string | undefined]> {
  return [
    [providerEmail, filter.email],
    [providerBrandName, filter.brandName],
    [providerPersonName, filter.personName],
    [providerPhone, filter.phone],
  ]
}

/** These providers (ids, or a query selecting them) read in full, in the sort's order. */
async function providersIn(db: Db, ids: number[] | FilteredQuery, sort: Sort): Promise<Provider[]> {
  const rows = await orderBySort(selectProviders(db).where('p.id', 'in', ids), sort, 'p').execute()
  const categories = await categoriesOf(
    db,
    providerLinks,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toProvider(row, categories))
}

/** The providers the list's filter matches, and how to walk them newest first. Text filters
 * collect their matches through the index, except in an estimate's sample (`Lookup` 'test'). */
function filterProviders(db: Db, filter: ProviderFilter, lookups: Lookups): Filtered {
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
  const lookup = lookups.text === 'test' ? 'test' : 'index'
  return filterByText(db, filtered, textSearches(filter), lookup)
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
