// Request parsing shared by the product and product-image routes: ids in the path, the list
// filters (prices in naira turned into exact kobo), the pricing spelling and the JSON bodies.
import type { preValidationAsyncHookHandler } from 'fastify'
import type { ProductCreateBody, ProductUpdateBody } from '../../types/records'
import { HttpError } from '../errors'
import { booleanParam, idParam, pageParams, querySchema, textParam } from '../lib/query-schema'
import {
  booleanFilter,
  idFilter,
  pathId,
  type RawQuery,
  single,
  textFilter,
} from '../lists/list-params'
import { productSorts, sortParams } from '../lists/sorts'
import { toKobo } from './money'
import type { ProductFilter } from './product-queries'
import type { NewProduct, ProductInput, ProductUpdate } from './product-writes'

export const BASE_PATH = '/api/products'
export const NOT_FOUND = 'Product not found'
export const IMAGE_NOT_FOUND = 'Product image not found'

/** The largest amount a price may be, in naira (the schema's `money` maximum). */
const MAX_NAIRA = 1_000_000_000_000

/** The body of PUT (generated from the update schema); a `serviceProviderId` in it is never read. */
export type ProductBody = ProductUpdateBody

/** The body of POST (generated from the create schema). */
export type NewProductBody = ProductCreateBody

/** `/products/abc` names no product, exactly like `/products/999999`. */
export function productId(params: unknown): number {
  const id = pathId(params)
  if (id === undefined) throw new HttpError(404, NOT_FOUND)
  return id
}

/** The image id of `/products/:id/images/:imageId`, with the same rule. */
export function productImageId(params: unknown): number {
  const id = pathId(params, 'imageId')
  if (id === undefined) throw new HttpError(404, IMAGE_NOT_FOUND)
  return id
}

/**
 * Accepts `pricing` in any case (`range`, `FIXED`: the specification's create form sends
 * `range`) and hands the schema the canonical `Range` / `Fixed`. Runs before validation; any
 * other value is left for the schema to refuse.
 */
export const normalisePricing: preValidationAsyncHookHandler = async (request) => {
  canonicalPricing(request.body)
}

/** The same for a body in hand (a CSV import's row). */
export function canonicalPricing(body: unknown): void {
  if (typeof body !== 'object' || body === null) return
  const fields = body as Record<string, unknown>
  if (typeof fields.pricing !== 'string') return
  const spelled = fields.pricing.trim().toLowerCase()
  if (spelled === 'fixed') fields.pricing = 'Fixed'
  else if (spelled === 'range') fields.pricing = 'Range'
}

// Picks the fields one by one. A Fixed product keeps only its price and a Range product only
// its bounds, whatever else the body holds. The schema's defaults were filled in before
// validation (fillSchemaDefaults); the fallbacks here only keep the types honest.
export function toInput(body: ProductBody | NewProductBody): ProductInput {
  const fixed = body.pricing === 'Fixed'
  const kobo = (naira: number | undefined) => (naira === undefined ? null : toKobo(naira))
  return {
    name: body.name.trim(),
    description: body.description.trim(),
    pricing: body.pricing,
    priceKobo: fixed ? kobo(body.price) : null,
    minPriceKobo: fixed ? null : kobo(body.minPrice),
    maxPriceKobo: fixed ? null : kobo(body.maxPrice),
    estimatedDeliveryDays: body.estimatedDeliveryDays ?? 1,
    enabled: body.enabled ?? true,
    categoryIds: body.productCategoryIds ?? [],
  }
}

export function toNewProduct(body: NewProductBody): NewProduct {
  return { ...toInput(body), serviceProviderId: body.serviceProviderId }
}

/** PUT may also set the rating and its count; omitted, they stay as they are. */
export function toUpdate(body: ProductBody): ProductUpdate {
  return { ...toInput(body), rating: body.rating, noOfRatings: body.noOfRatings }
}

export function productFilter(query: RawQuery): ProductFilter {
  return {
    categoryId: idFilter(query, 'categoryId'),
    name: textFilter(query, 'name'),
    enabled: booleanFilter(query, 'enabled'),
    minPriceKobo: nairaFilter(query, 'minPrice'),
    maxPriceKobo: nairaFilter(query, 'maxPrice'),
    minRating: ratingFilter(query, 'minRating'),
    maxRating: ratingFilter(query, 'maxRating'),
    hasPreviewImage: booleanFilter(query, 'hasPreviewImage'),
  }
}

/** An amount in naira in the query string, as exact kobo, read from the text itself (never
 * through a float): `12.5` → 1250. */
export function nairaFilter(query: RawQuery, name: string): number | undefined {
  const raw = single(query, name)
  if (raw === undefined) return undefined
  const [naira, decimals = ''] = raw.split('.')
  return Number(naira) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'))
}

/** A rating bound: a number from 0 to 5. */
export function ratingFilter(query: RawQuery, name: string): number | undefined {
  const raw = single(query, name)
  return raw === undefined ? undefined : Number(raw)
}

/** At most two decimals (trailing zeros aside), 0 to 10¹². */
const nairaParam = {
  type: 'string',
  pattern: '^\\d{1,15}(\\.\\d{0,2}0*)?$',
  'x-maximum': MAX_NAIRA,
  'x-detail': {
    pattern: 'must be an amount in naira with at most two decimals',
    'x-maximum': `must be at most ${MAX_NAIRA}`,
  },
}

const ratingParam = {
  type: 'string',
  pattern: '^\\d{1,3}(\\.\\d{1,15})?$',
  'x-maximum': 5,
  'x-detail': {
    pattern: 'must be a number from 0 to 5',
    'x-maximum': 'must be a number from 0 to 5',
  },
}

const productFilterParams = {
  categoryId: idParam,
  name: textParam,
  enabled: booleanParam,
  minPrice: nairaParam,
  maxPrice: nairaParam,
  minRating: ratingParam,
  maxRating: ratingParam,
  hasPreviewImage: booleanParam,
}

/** GET /products: its parameters, in the order their errors are reported. */
export const productListQuery = querySchema({
  ...pageParams,
  ...sortParams(productSorts),
  ...productFilterParams,
})

/** The filters of bulk actions on products: a provider's products page sends its provider too. */
export const productBulkQuery = querySchema({
  ...productFilterParams,
  serviceProviderId: idParam,
})

/** GET /service-providers/:id/products: the products list's own filters (`productFilter`),
 * the provider being the path's. */
export const providerProductListQuery = querySchema({
  ...pageParams,
  ...sortParams(productSorts),
  ...productFilterParams,
})
