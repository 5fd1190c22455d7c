// Reading products with their categories and their provider's brand name. Plain functions
// taking `db` first. Money leaves the database as kobo and the API as naira (toNaira).
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely'
import type { Pricing } from '../db/types'
import { type CategoryRef, categoriesOf, type Db, productLinks } from '../lib/category-links'
import { type Dated, type ExportRows, exportInBatches } from '../lib/csv-export'
import { type Lookup, lookupFor, onlyFilters, type PageRequest } from '../lib/list-query'
import { EXPORT_BATCH_SIZE, isNarrow, narrowPage, orderBySort, type Sort } from '../lib/list-sort'
import { cachedCount, cachedIds, cachedTotal, consistentPage, wasNarrow } from '../lib/read-cache'
import { filterByText, type ListQuery, productName, textIndexMatches } from '../lib/text-search'
import { toNaira } from './money'

export type { Db }

/** A product as GET /products/:id answers it (keys in that order). */
export interface Product {
  id: number
  name: string
  description: string
  pricing: Pricing
  /** Naira with kobo; a Fixed product's price, else null. */
  price: number | null
  /** A Range product's bounds, else null. */
  minPrice: number | null
  maxPrice: number | null
  productCategories: CategoryRef[]
  serviceProviderId: number
  serviceProviderBrandName: string
  estimatedDeliveryDays: number
  enabled: boolean
  rating: number
  noOfRatings: number
  previewImageId: number | null
}

export interface ProductFilter {
  serviceProviderId?: number
  /** The category or any of its descendants. */
  categoryId?: number
  /** Substring of the name, any case. */
  name?: string
  enabled?: boolean
  /** Inclusive bounds in kobo: a Fixed price within them, a Range overlapping them. */
  minPriceKobo?: number
  maxPriceKobo?: number
  minRating?: number
  maxRating?: number
}

export async function findProduct(db: Db, id: number): Promise<Product | undefined> {
  const row = await selectProducts(db).where('p.id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const categories = await categoriesOf(db, productLinks, [id])
  return toProduct(row, categories)
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

/**
 * One page in the sort's order, plus the exact total; categories come in one extra query.
 *
 * The page is found among the products alone and only its rows are then read in full. How
 * to find it depends on how many rows match, which the (cached) total tells: a broad filter is
 * fastest checked row by row while walking the newest products (thirty hits come quickly), a
 * narrow one by collecting its few matches through their indexes and sorting those, once until
 * the next write (`narrowPage`).
 */
export function listProducts(
  db: Db,
  filter: ProductFilter,
  request: PageRequest,
  sort: Sort,
): Promise<{ rows: Product[]; total: number }> {
  return consistentPage(db, request, (reader) => readProductPage(reader, filter, request, sort))
}

async function readProductPage(
  db: Db,
  filter: ProductFilter,
  request: PageRequest,
  sort: Sort,
): Promise<{ rows: Product[]; total: number }> {
  const { page, pageSize } = request
  const tree = await categoryTree(db, filter)
  const key = filterKey(filter)
  // A filter narrow when last seen lists its matches straight away, without counting them.
  const counted = wasNarrow(db, key)
    ? undefined
    : await matchingProducts(db, filter, tree, page * pageSize)
  if (!counted || isNarrow(counted.total, counted.everything)) {
    const { query, newestFirst } = filterProducts(db, filter, tree, COLLECT)
    const narrow = await narrowPage(db, key, query, sort, 'p', newestFirst, request, (ids) =>
      productsIn(db, ids, sort),
    )
    if (narrow) return narrow
  }
  const matching = counted ?? (await matchingProducts(db, filter, tree, page * pageSize))
  const pageIds = orderBySort(matching.query.select('p.id'), sort, 'p', matching.newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { rows: await productsIn(db, pageIds, sort), total: matching.total }
}

/** Every product matching the filter, in the sort's order, batch by batch (the CSV export). */
export async function exportProducts(
  db: Db,
  filter: ProductFilter,
  sort: Sort,
): Promise<ExportRows<Dated<Product>>> {
  const matching = await matchingProducts(
    db,
    filter,
    await categoryTree(db, filter),
    EXPORT_BATCH_SIZE,
  )
  return exportInBatches(db, 'products', matching, sort, 'p', (ids) => productsIn(db, ids, sort))
}

/**
 * The products matching the filter (a query over `p`, the id expression ordering it newest
 * first) and how many there are (cached). How the query finds its first `rowsNeeded` rows
 * depends on that number (see `lookupFor`).
 */
async function matchingProducts(db: Db, filter: ProductFilter, tree: number[], rowsNeeded: number) {
  const total = await cachedTotal(db, filterKey(filter), () => countProducts(db, filter, tree))
  const everything = await cachedCount(db, 'products:{}', () => db.selectFrom('products as p'))
  const lookups: Lookups = {
    text: lookupFor(rowsNeeded, total, everything),
    // Probing each walked product's links costs more than a tested name: walking a category
    // pays from 2 % of all rows on (a 0.7 % category walked: 10–18 ms against 7–9 collected).
    category: total >= everything * BROAD_SHARE ? 'scan' : 'index',
  }
  return { ...filterProducts(db, filter, tree, lookups), total, everything }
}

/** How the text filter (on PostgreSQL) and the category filter find their rows. */
interface Lookups {
  text: Lookup
  category: Lookup
}

/** Every match through the indexes: for counts and id lists, which read them all. */
const COLLECT: Lookups = { text: 'index', category: 'index' }

/** From this share of all rows on, walking the newest rows finds a page sooner than an index. */
const BROAD_SHARE = 0.02

/**
 * How many products the filter matches. A lone category or a lone name is counted from its
 * index alone, visiting no product: every link names an existing product (a foreign key, and
 * links go with their product), every row of the text index is a product (migration 005's
 * triggers). At 1M products: the 5 % category 37 ms instead of 370 (PostgreSQL), a 0.5 % name
 * 1.5 ms instead of 24 (SQLite). Totals are counted at most once per write or 5 s, but each
 * count holds a connection (and on SQLite the process) meanwhile.
 */
async function countProducts(db: Db, filter: ProductFilter, tree: number[]): Promise<number> {
  if (onlyFilters(filter, 'categoryId') && tree.length > 0) {
    // A product linked to several categories of the tree counts once.
    const { n } = await db
      .selectFrom('productCategoryLinks as l')
      .select((eb) => eb.fn.count<number>('l.productId').distinct().as('n'))
      .where('l.categoryId', 'in', tree)
      .executeTakeFirstOrThrow()
    return Number(n)
  }
  const byTextIndex = onlyFilters(filter, 'name')
    ? textIndexMatches(db, [[productName, filter.name]])
    : undefined
  const matching: ListQuery = byTextIndex ?? filterProducts(db, filter, tree, COLLECT).query
  const { n } = await matching.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
  return Number(n)
}

/** These products (ids, or a query selecting them) read in full, in the sort's order. */
async function productsIn(
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: a filtered list query selecting ids
  ids: number[] | SelectQueryBuilder<any, any, { id: number }>,
  sort: Sort,
): Promise<Product[]> {
  const rows = await orderBySort(selectProducts(db).where('p.id', 'in', ids), sort, 'p').execute()
  const categories = await categoriesOf(
    db,
    productLinks,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toProduct(row, categories))
}

/** The ids of the products the filter matches, in id order, at most `limit` (bulk actions). */
export async function matchingProductIds(
  db: Db,
  filter: ProductFilter,
  limit: number,
): Promise<number[]> {
  const tree = await categoryTree(db, filter)
  const { query } = filterProducts(db, filter, tree, COLLECT)
  const rows = await query.select('p.id').orderBy('p.id').limit(limit).execute()
  return rows.map((row) => row.id)
}

function filterProducts(db: Db, filter: ProductFilter, tree: number[], lookups: Lookups) {
  const text = filterByText(
    db,
    db.selectFrom('products as p'),
    [[productName, filter.name]],
    lookups.text,
  )
  let query = text.query
  // Walked in id order by a text index, rows are best checked one by one as well.
  const how = text.newestFirst === 'p.id' ? lookups.category : 'scan'
  if (filter.serviceProviderId !== undefined) {
    query = query.where('p.serviceProviderId', '=', filter.serviceProviderId)
  }
  if (filter.enabled !== undefined) query = query.where('p.enabled', '=', filter.enabled ? 1 : 0)
  if (filter.categoryId !== undefined) {
    const links = 'productCategoryLinks as l'
    // No category means no product (and `in ()` is not valid SQL).
    if (tree.length === 0) query = query.where(sql<SqlBool>`1 = 0`)
    else if (how === 'scan') {
      // Each product has a few links: read them by product id (the `+` keeps SQLite from
      // probing the category index once per category of the tree instead).
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom(links)
            .select('l.productId')
            .whereRef('l.productId', '=', 'p.id')
            .where(sql`+l.category_id`, 'in', tree),
        ),
      )
    } else {
      query = query.where('p.id', 'in', (eb) =>
        eb.selectFrom(links).select('l.productId').where('l.categoryId', 'in', tree),
      )
    }
  }
  // Overlap of the product's price interval with the filter's bounds.
  if (filter.minPriceKobo !== undefined) {
    query = query.where('p.priceHighKobo', '>=', filter.minPriceKobo)
  }
  if (filter.maxPriceKobo !== undefined) {
    query = query.where('p.priceLowKobo', '<=', filter.maxPriceKobo)
  }
  if (filter.minRating !== undefined) query = query.where('p.rating', '>=', filter.minRating)
  if (filter.maxRating !== undefined) query = query.where('p.rating', '<=', filter.maxRating)
  return { query, newestFirst: text.newestFirst }
}

/**
 * The ids of the filter's category and all of its descendants (none when it does not exist;
 * none either without a category filter), read on their own: inside the list query PostgreSQL
 * plans the recursion badly. `union` (not `union all`) would stop even on a cycle, which the
 * category routes never let form. Kept in the read cache until the next write: every page of a
 * category filter needs it.
 */
async function categoryTree(db: Db, { categoryId }: ProductFilter): Promise<number[]> {
  if (categoryId === undefined) return []
  return cachedIds(db, `product-category-tree:${categoryId}`, async () => {
    const { rows } = await sql<{ id: number }>`
      with recursive tree(id) as (
        select id from product_categories where id = ${categoryId}
        union
        select c.id from product_categories c inner join tree on c.parent_id = tree.id
      )
      select id from tree`.execute(db)
    return rows.map((row) => Number(row.id))
  })
}

/** The read cache's name for this filter's total and matches. */
function filterKey(filter: ProductFilter): string {
  return `products:${JSON.stringify(filter)}`
}

const productColumns = [
  'p.id',
  'p.name',
  'p.description',
  'p.pricing',
  'p.priceKobo',
  'p.minPriceKobo',
  'p.maxPriceKobo',
  'p.serviceProviderId',
  'sp.brandName as serviceProviderBrandName',
  'p.estimatedDeliveryDays',
  'p.enabled',
  'p.rating',
  'p.noOfRatings',
  'p.previewImageId',
] as const

function selectProducts(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('serviceProviders as sp', 'sp.id', 'p.serviceProviderId')
    .select(productColumns)
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>

function toProduct(row: ProductRow, categories: Map<number, CategoryRef[]>): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pricing: row.pricing,
    price: toNaira(row.priceKobo),
    minPrice: toNaira(row.minPriceKobo),
    maxPrice: toNaira(row.maxPriceKobo),
    productCategories: categories.get(row.id) ?? [],
    serviceProviderId: row.serviceProviderId,
    serviceProviderBrandName: row.serviceProviderBrandName,
    estimatedDeliveryDays: row.estimatedDeliveryDays,
    enabled: row.enabled === 1,
    rating: row.rating,
    noOfRatings: row.noOfRatings,
    previewImageId: row.previewImageId,
  }
}
