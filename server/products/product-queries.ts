// Reading products with their categories and their provider's brand name. Plain functions
// taking `db` first. Money leaves the database as kobo and the API as naira (toNaira).
import { type SqlBool, sql } from 'kysely'
import type { Product } from '../../types/records'
import type { Db } from '../db/types'
import { type CategoryRef, categoriesOf, productLinks } from '../lib/category-links'
import { cachedIds } from '../lib/read-cache'
import {
  COLLECT,
  type Filtered,
  type FilteredQuery,
  type ListSource,
  type Lookups,
  onlyFilters,
} from '../lists/list-engine'
import { orderBySort, type Sort } from '../lists/sorts'
import {
  filterByText,
  productName,
  type TextColumn,
  testEachRow,
  textIndexMatches,
} from '../lists/text-search'
import { toNaira } from './money'

/** A product as GET /products/:id answers it (types/records.ts, from the schema; keys in the
 * order toProduct gives them). */
export type { Product }

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
  /** false: products without a preview image (the dashboard's queue). */
  hasPreviewImage?: boolean
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
 * The products list (../lists/list-engine.ts plans its pages). A broad filter is fastest checked
 * row by row while walking the newest products (thirty hits come quickly), a narrow one by
 * collecting its few matches through their indexes; categories come in one extra query.
 */
export const productList: ListSource<ProductFilter, Product, number[]> = {
  name: 'products',
  table: 'products',
  prepare: categoryTree,
  filter: filterProducts,
  fewMatches: (filter) => filter.serviceProviderId !== undefined,
  count: countProducts,
  read: productsIn,
  inReadWorkers: true,
}

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
  const matching: FilteredQuery = byTextIndex ?? filterProducts(db, filter, tree, COLLECT).query
  const { n } = await matching.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
  return Number(n)
}

/** These products (ids, or a query selecting them) read in full, in the sort's order. */
async function productsIn(db: Db, ids: number[] | FilteredQuery, sort: Sort): Promise<Product[]> {
  const rows = await orderBySort(selectProducts(db).where('p.id', 'in', ids), sort, 'p').execute()
  const categories = await categoriesOf(
    db,
    productLinks,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toProduct(row, categories))
}

function filterProducts(db: Db, filter: ProductFilter, tree: number[], lookups: Lookups): Filtered {
  const products = db.selectFrom('products as p')
  const searches: Array<[TextColumn, string | undefined]> = [[productName, filter.name]]
  // A provider's products are few, found through its index (products_provider_idx): each is
  // tested on its own rather than a text or category index collecting matches among them all.
  const ofProvider = filter.serviceProviderId !== undefined
  const text = ofProvider
    ? { query: testEachRow(db, products, searches), newestFirst: 'p.id' }
    : filterByText(db, products, searches, lookups.text)
  let query = text.query
  // Walked in id order by a text index, rows are best checked one by one as well.
  const how = !ofProvider && text.newestFirst === 'p.id' ? lookups.links : 'scan'
  // With the provider fixed, its index must lead: the other columns are tested as `+column`,
  // which no index serves (SQLite, guessing without statistics, took the enabled index as
  // readily, and would walk every enabled product).
  const column = (name: 'enabled' | 'priceHighKobo' | 'priceLowKobo' | 'rating') =>
    ofProvider ? sql<number>`+${sql.ref(`p.${name}`)}` : sql.ref<number>(`p.${name}`)
  if (filter.serviceProviderId !== undefined) {
    query = query.where('p.serviceProviderId', '=', filter.serviceProviderId)
  }
  if (filter.enabled !== undefined) {
    query = query.where(column('enabled'), '=', filter.enabled ? 1 : 0)
  }
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
    query = query.where(column('priceHighKobo'), '>=', filter.minPriceKobo)
  }
  if (filter.maxPriceKobo !== undefined) {
    query = query.where(column('priceLowKobo'), '<=', filter.maxPriceKobo)
  }
  if (filter.minRating !== undefined) query = query.where(column('rating'), '>=', filter.minRating)
  if (filter.maxRating !== undefined) query = query.where(column('rating'), '<=', filter.maxRating)
  if (filter.hasPreviewImage !== undefined) {
    query = query.where('p.previewImageId', filter.hasPreviewImage ? 'is not' : 'is', null)
  }
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
