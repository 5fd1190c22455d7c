// Reading products with their categories and their provider's brand name. Plain functions
// taking `db` first. Money leaves the database as kobo and the API as naira (toNaira).
import { sql } from 'kysely'
import type { Pricing } from '../db/types'
import { type CategoryRef, categoriesOf, type Db, productLinks } from '../lib/category-links'
import type { PageRequest } from '../lib/list-query'
import { containsText, productName } from '../lib/text-search'
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

/** One page, newest first (by id), plus the total; categories come in one extra query. */
export async function listProducts(
  db: Db,
  filter: ProductFilter,
  { page, pageSize }: PageRequest,
): Promise<{ rows: Product[]; total: number }> {
  let query = db.selectFrom('products as p')
  if (filter.serviceProviderId !== undefined) {
    query = query.where('p.serviceProviderId', '=', filter.serviceProviderId)
  }
  if (filter.name) query = query.where(containsText(db, productName, filter.name))
  if (filter.enabled !== undefined) query = query.where('p.enabled', '=', filter.enabled ? 1 : 0)
  if (filter.categoryId !== undefined) {
    const tree = categoryAndDescendants(filter.categoryId)
    query = query.where('p.id', 'in', (eb) =>
      eb
        .selectFrom('productCategoryLinks as l')
        .select('l.productId')
        .where('l.categoryId', 'in', tree),
    )
  }
  // A Fixed product has only price_kobo, a Range one only min/max (the others are null, and a
  // comparison with null is never true), so each bound is one test per pricing.
  const { minPriceKobo: min, maxPriceKobo: max } = filter
  if (min !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('p.priceKobo', '>=', min), eb('p.maxPriceKobo', '>=', min)]),
    )
  }
  if (max !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('p.priceKobo', '<=', max), eb('p.minPriceKobo', '<=', max)]),
    )
  }
  if (filter.minRating !== undefined) query = query.where('p.rating', '>=', filter.minRating)
  if (filter.maxRating !== undefined) query = query.where('p.rating', '<=', filter.maxRating)

  const [rows, count] = await Promise.all([
    query
      .innerJoin('serviceProviders as sp', 'sp.id', 'p.serviceProviderId')
      .select(productColumns)
      .orderBy('p.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  const categories = await categoriesOf(
    db,
    productLinks,
    rows.map((row) => row.id),
  )
  return { rows: rows.map((row) => toProduct(row, categories)), total: Number(count.total) }
}

/**
 * The ids of a product category and all of its descendants, as a subquery. A recursive CTE
 * runs the same on SQLite and PostgreSQL; `union` (not `union all`) would stop even on a cycle,
 * which the category routes never let form.
 */
function categoryAndDescendants(categoryId: number) {
  return sql<number>`(
    with recursive tree(id) as (
      select id from product_categories where id = ${categoryId}
      union
      select c.id from product_categories c inner join tree on c.parent_id = tree.id
    )
    select id from tree
  )`
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
