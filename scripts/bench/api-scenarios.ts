// What `npm run bench:api` measures: each scenario is one HTTP request (fixed, or made afresh
// for rotating ids) and the same work done in-process through the server's own request parsing
// and query functions: the floor the HTTP layer cannot go below.
import { sql } from 'kysely'
import { productCategories } from '../../server/categories/category-kinds'
import { categoryList } from '../../server/categories/category-queries'
import type { DatabaseHandle } from '../../server/db/connection'
import { ENTITIES } from '../../server/entities'
import { readPage } from '../../server/lists/list-engine'
import { pageRequest, type RawQuery } from '../../server/lists/list-params'
import { categorySorts, productSorts, providerSorts, sortRequest } from '../../server/lists/sorts'
import { findProduct, productList } from '../../server/products/product-queries'
import {
  type NewProductBody,
  productFilter,
  toNewProduct,
} from '../../server/products/product-request'
import { createProduct } from '../../server/products/product-writes'
import { DEFAULT_SEARCH_LIMIT } from '../../server/search/search'
import { searchEverything } from '../../server/search/search-routes'
import { providerList } from '../../server/service-providers/provider-queries'
import { providerFilter } from '../../server/service-providers/provider-request'
import { FIRST_NAMES, LAST_NAMES, SEARCH_TERMS } from '../seed-demo/words'
import type { Shot } from './cannon'

export interface Scenario {
  name: string
  shot: Shot | (() => Shot)
  /** The route's database work in-process; a list's total (rows matched), else undefined. */
  query: () => Promise<number | undefined>
}

/** Facts about the seeded data the scenarios need. */
export interface DataFacts {
  products: number
  providers: number
  topCategory: { id: number; name: string }
  /** The service-provider category with the most providers. */
  providerCategoryId: number
  /** Third-level product categories, for new products. */
  leafCategoryIds: number[]
  /** The first provider's last name (the top bar's search finds a person by name). */
  lastName: string
}

export async function dataFacts({ db }: DatabaseHandle): Promise<DataFacts> {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]
  const count = async (table: string) =>
    Number((await one(sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`)).n)
  const topCategory = await one(
    sql<{ id: number; name: string }>`select id, name from product_categories
      where parent_id is null order by id limit 1`,
  )
  const providerCategory = await one(
    sql<{ id: number }>`select category_id as id from service_provider_category_links
      group by category_id order by count(*) desc, category_id limit 1`,
  )
  const leaves = await sql<{ id: number }>`select c.id from product_categories c
      where not exists (select 1 from product_categories k where k.parent_id = c.id)
      order by c.id limit 100`.execute(db)
  const person = await one(
    sql<{ lastName: string }>`select last_name as "lastName" from service_providers
      order by id limit 1`,
  )
  if (!topCategory || !providerCategory) throw new Error('The database has no categories')
  return {
    products: await count('products'),
    providers: await count('service_providers'),
    topCategory,
    providerCategoryId: providerCategory.id,
    leafCategoryIds: leaves.rows.map((row) => row.id),
    lastName: person?.lastName ?? 'Okafor',
  }
}

/** Ids 1..n visited in a scattered order, so a detail benchmark is not one cached row. */
export function rotatingIds(n: number): () => number {
  let i = 0
  return () => 1 + ((i++ * 7919) % n)
}

export function apiScenarios(handle: DatabaseHandle, facts: DataFacts): Scenario[] {
  const { db } = handle
  const name = SEARCH_TERMS.productName
  const brand = SEARCH_TERMS.brandName
  const lastName = LAST_NAMES[0]
  const person = `${FIRST_NAMES[0]} ${lastName}`

  const products = (title: string, params: Record<string, string | number>): Scenario => {
    const query = toRawQuery(params)
    return {
      name: title,
      shot: { path: `/api/products${queryString(params)}` },
      query: async () => {
        const sort = sortRequest(query, productSorts, 'newest')
        return (await readPage(db, productList, productFilter(query), pageRequest(query), sort))
          .total
      },
    }
  }
  /** One provider's products per request, a different provider each time (ten or so each). */
  const providerProducts = (title: string, params: Record<string, string | number>): Scenario => {
    const query = toRawQuery(params)
    const shotProvider = rotatingIds(facts.providers)
    const queryProvider = rotatingIds(facts.providers)
    return {
      name: title,
      shot: () => ({
        path: `/api/service-providers/${shotProvider()}/products${queryString(params)}`,
      }),
      query: async () => {
        const sort = sortRequest(query, productSorts, 'newest')
        const filter = { ...productFilter(query), serviceProviderId: queryProvider() }
        return (await readPage(db, productList, filter, pageRequest(query), sort)).total
      },
    }
  }
  const providers = (title: string, params: Record<string, string | number>): Scenario => {
    const query = toRawQuery(params)
    return {
      name: title,
      shot: { path: `/api/service-providers${queryString(params)}` },
      query: async () => {
        const sort = sortRequest(query, providerSorts, 'newest')
        return (await readPage(db, providerList, providerFilter(query), pageRequest(query), sort))
          .total
      },
    }
  }

  // The top bar's search over every collection (`npm run bench:search` runs these alone).
  const searched = (title: string, q: string): Scenario => ({
    name: `search "${q}" (${title})`,
    shot: { path: `/api/search?${new URLSearchParams({ q })}` },
    query: async () => {
      const groups = await searchEverything(db, ENTITIES, q, DEFAULT_SEARCH_LIMIT)
      return groups.reduce((hits, group) => hits + group.hits.length, 0)
    },
  })

  const top = facts.topCategory.id
  const detailId = rotatingIds(facts.products)
  const queryDetailId = rotatingIds(facts.products)
  const providerId = rotatingIds(facts.providers)
  const queryProviderId = rotatingIds(facts.providers)
  const newProduct = (serviceProviderId: number): NewProductBody => ({
    name: 'Bench Ofada Rice Bag',
    description: 'Created by npm run bench:api.',
    pricing: 'Fixed',
    price: 12_500,
    estimatedDeliveryDays: 3,
    enabled: true,
    productCategoryIds: [facts.leafCategoryIds[serviceProviderId % facts.leafCategoryIds.length]],
    serviceProviderId,
  })

  return [
    {
      name: 'health (trivial route)',
      shot: { path: '/api/health' },
      query: async () => {
        await sql`select 1`.execute(db)
        return undefined
      },
    },
    products('products, unfiltered', {}),
    products(`products, name "${name.selective}" (selective)`, { name: name.selective }),
    products(`products, name "${name.broad}" (broad)`, { name: name.broad }),
    products(`products, category "${facts.topCategory.name}" + descendants`, { categoryId: top }),
    products('products, price 10,000–20,000', { minPrice: 10_000, maxPrice: 20_000 }),
    products('products, rating ≥ 4.5', { minRating: 4.5 }),
    products('products, all filters combined', {
      name: name.broad,
      categoryId: top,
      minPrice: 5_000,
      maxPrice: 50_000,
      minRating: 4,
    }),
    // Every sort's first page, each way: the indexes of migration 009 keep these short.
    ...Object.keys(productSorts).flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) =>
        products(`products, sort=${sort}&order=${order}`, { sort, order }),
      ),
    ),
    ...Object.keys(providerSorts).flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) =>
        providers(`providers, sort=${sort}&order=${order}`, { sort, order }),
      ),
    ),
    providers(`providers, brand "${brand.selective}" (selective)`, { brandName: brand.selective }),
    providers(`providers, brand "${brand.broad}" (broad)`, { brandName: brand.broad }),
    providers(`providers, category ${facts.providerCategoryId}`, {
      serviceProviderCategoryId: facts.providerCategoryId,
    }),
    searched('product name, selective', name.selective),
    searched('product name, broad', name.broad),
    searched('brand, selective', brand.selective),
    searched('email, medium', SEARCH_TERMS.email.medium),
    searched("a person's last name", facts.lastName.toLowerCase()),
    // One in ten seeded phones is +234 803 …: 0.1 % of providers start 0803 12.
    searched('phone digits', '0803 12'),
    searched('two letters: names starting with them', 'pa'),
    searched('no match anywhere', 'qxzv'),
    // Seeded people are a first and a last name drawn at random: one provider in 1,200 has this
    // full name, one in 30 this last name.
    providers(`providers, person "${person}" (selective)`, { personName: person }),
    providers(`providers, person "${lastName}" (broad)`, { personName: lastName }),
    // Seeded phones are +234, one of ten network codes, seven random digits: "0803 12" keys as
    // 80312 (about one provider in 1,000), "0803" as 803 (one in ten and more).
    providers('providers, phone "0803 12" (selective)', { phone: '0803 12' }),
    providers('providers, phone "0803" (broad)', { phone: '0803' }),
    providerProducts("a provider's products, unfiltered", {}),
    providerProducts(`a provider's products, name "${name.broad}"`, { name: name.broad }),
    providerProducts(`a provider's products, category "${facts.topCategory.name}" + price`, {
      categoryId: top,
      minPrice: 5_000,
      maxPrice: 50_000,
    }),
    {
      name: 'product categories, pageSize=3000',
      shot: { path: '/api/product-categories?pageSize=3000' },
      query: async () =>
        (
          await readPage(
            db,
            categoryList(productCategories),
            {},
            { page: 1, pageSize: 3000 },
            sortRequest({}, categorySorts, 'name'),
          )
        ).total,
    },
    {
      name: 'product detail, rotating ids',
      shot: () => ({ path: `/api/products/${detailId()}` }),
      query: async () => {
        await findProduct(db, queryDetailId())
        return undefined
      },
    },
    {
      name: 'product create (POST)',
      shot: () => ({
        method: 'POST',
        path: '/api/products',
        body: JSON.stringify(newProduct(providerId())),
      }),
      query: async () => {
        await createProduct(db, toNewProduct(newProduct(queryProviderId())))
        return undefined
      },
    },
  ]
}

function toRawQuery(params: Record<string, string | number>): RawQuery {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]))
}

function queryString(params: Record<string, string | number>): string {
  const text = new URLSearchParams(toRawQuery(params) as Record<string, string>).toString()
  return text ? `?${text}` : ''
}
