import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/types'
import { type DatabaseSuite, uniqueName } from './databases'
import { type Json, type Query, stringify } from './requests'
import { providerApi } from './service-providers'

// A factory for valid product bodies and a small client for the product and product-image
// routes, shared by the product and product-image suites.

export const PRODUCTS = '/api/products'

/** Inserts `copies` copies of a product straight into the database, as an outside writer would,
 * each named `name(i)` if given. */
export async function insertCopies(
  db: Db,
  id: number,
  copies: number,
  name?: (i: number) => string,
): Promise<void> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const { id: _, priceLowKobo: _low, priceHighKobo: _high, attributes: _none, ...copy } = row
  for (let at = 0; at < copies; at += 1000) {
    const batch = Array.from({ length: Math.min(copies - at, 1000) }, (_, i) =>
      name ? { ...copy, name: name(at + i) } : copy,
    )
    await db.insertInto('products').values(batch).execute()
  }
}

/** The keys of a product as GET answers it, in the contract's order. */
export const PRODUCT_KEYS = [
  'id',
  'name',
  'description',
  'pricing',
  'price',
  'minPrice',
  'maxPrice',
  'productCategories',
  'serviceProviderId',
  'serviceProviderBrandName',
  'estimatedDeliveryDays',
  'enabled',
  'rating',
  'noOfRatings',
  'previewImageId',
]

export interface ProductBody {
  name: string
  description: string
  pricing: string
  price?: number | null
  minPrice?: number | null
  maxPrice?: number | null
  estimatedDeliveryDays?: number
  enabled?: boolean
  productCategoryIds?: number[]
  serviceProviderId: number
  rating?: number
  noOfRatings?: number
}

/** A valid Fixed-price create body for this provider; the name carries a unique tag. */
export function buildProduct(
  serviceProviderId: number,
  overrides: Partial<ProductBody> = {},
): ProductBody {
  return {
    name: `${uniqueName('product')} Jollof for 50`,
    description: 'Party jollof rice with chicken, delivered warm.',
    pricing: 'Fixed',
    price: 12500,
    estimatedDeliveryDays: 2,
    enabled: true,
    productCategoryIds: [],
    serviceProviderId,
    ...overrides,
  }
}

/** A PUT body made from a create body: everything but the provider. */
export function productUpdateBody(body: ProductBody): Omit<ProductBody, 'serviceProviderId'> {
  const { serviceProviderId: _, ...rest } = body
  return rest
}

export function productApi(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` }
  const providers = providerApi(app, token)
  const api = {
    headers,
    providers,
    post: (payload: object) => app.inject({ method: 'POST', url: PRODUCTS, headers, payload }),
    put: (id: number | string, payload: object) =>
      app.inject({ method: 'PUT', url: `${PRODUCTS}/${id}`, headers, payload }),
    get: (id: number | string) => app.inject({ method: 'GET', url: `${PRODUCTS}/${id}`, headers }),
    list: (query: Query = {}) =>
      app.inject({ method: 'GET', url: PRODUCTS, headers, query: stringify(query) }),
    providerList: (providerId: number | string, query: Query = {}) =>
      app.inject({
        method: 'GET',
        url: `/api/service-providers/${providerId}/products`,
        headers,
        query: stringify(query),
      }),
    async provider(): Promise<number> {
      return (await providers.create()).id
    },
    async create(serviceProviderId: number, overrides: Partial<ProductBody> = {}) {
      const body = buildProduct(serviceProviderId, overrides)
      const response = await api.post(body)
      expect(response.statusCode, response.body).toBe(201)
      return { id: response.json().id as number, body }
    },
    /** A product category, optionally under a parent. */
    async category(name = uniqueName('category'), parentCategoryId: number | null = null) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/product-categories',
        headers,
        payload: { name, description: 'For product tests', parentCategoryId },
      })
      expect(response.statusCode, response.body).toBe(201)
      return { id: response.json().id as number, name }
    },
    /** The data of one list call that must succeed. */
    async rows(query: Query): Promise<Json[]> {
      const response = await api.list(query)
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data as Json[]
    },
  }
  return api
}

export type ProductApi = ReturnType<typeof productApi>

/** What the product-list suites start each test with. */
export interface ProductFixture {
  app: FastifyInstance
  api: ProductApi
  /** A unique tag for this test's names, so a filter on it finds only this test's rows. */
  tag: string
  /** A fresh service provider for the test's products. */
  providerId: number
}

/** A new app, a signed-in operator's client, a unique tag and a provider (call in beforeEach). */
export async function productFixture(
  suite: DatabaseSuite,
  prefix: string,
): Promise<ProductFixture> {
  const app = await suite.makeApp()
  const { token } = await suite.loginAsNewOperator(app)
  const api = productApi(app, token)
  return { app, api, tag: uniqueName(prefix), providerId: await api.provider() }
}
