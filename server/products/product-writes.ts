// Creating and updating products: the product row and its category links change together, in
// one transaction.
import { inTransaction } from '../db/transaction'
import type { Db, Pricing } from '../db/types'
import {
  linkCategories,
  missingCategoryIds,
  productLinks,
  replaceCategoryLinks,
} from '../lib/category-links'
import { type AttributesWrite, saveAttributes } from '../lib/custom-fields'
import type { Audit } from '../lib/history'
import { findProduct, type Product } from './product-queries'

/** The fields create and PUT share. Money is whole kobo (see money.ts). */
export interface ProductInput {
  name: string
  description: string
  pricing: Pricing
  /** Fixed: the price, min/max null. Range: min ≤ max, price null. */
  priceKobo: number | null
  minPriceKobo: number | null
  maxPriceKobo: number | null
  estimatedDeliveryDays: number
  enabled: boolean
  categoryIds: number[]
}

export interface NewProduct extends ProductInput {
  serviceProviderId: number
}

/** PUT also sets the rating and its count; undefined leaves them as they are. */
export interface ProductUpdate extends ProductInput {
  rating?: number
  noOfRatings?: number
}

/** Some of the given category ids name no product category. */
export class UnknownCategoriesError extends Error {
  constructor(readonly ids: number[]) {
    super(`unknown product categories ${ids.join(', ')}`)
    this.name = 'UnknownCategoriesError'
  }
}

/** The service provider of a new product does not exist. */
export class UnknownProviderError extends Error {
  constructor(readonly id: number) {
    super(`unknown service provider ${id}`)
    this.name = 'UnknownProviderError'
  }
}

/** New products start enabled (unless told otherwise), unrated and without a preview image. */
export async function createProduct(
  db: Db,
  input: NewProduct,
  attributes?: AttributesWrite,
  audit?: Audit,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const provider = await trx
      .selectFrom('serviceProviders')
      .select('id')
      .where('id', '=', input.serviceProviderId)
      .executeTakeFirst()
    if (!provider) throw new UnknownProviderError(input.serviceProviderId)
    await assertCategoriesExist(trx, input.categoryIds)
    const now = Date.now()
    const row = await trx
      .insertInto('products')
      .values({
        ...productValues(input),
        serviceProviderId: input.serviceProviderId,
        rating: 0,
        noOfRatings: 0,
        previewImageId: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await linkCategories(trx, productLinks, row.id, input.categoryIds)
    await saveAttributes(trx, row.id, attributes)
    await audit?.record(trx, 'create', row.id, undefined)
    return row.id
  })
}

/** The updated product, or undefined when it does not exist. The provider never changes. */
export async function updateProduct(
  db: Db,
  id: number,
  input: ProductUpdate,
  attributes?: AttributesWrite,
  audit?: Audit,
): Promise<Product | undefined> {
  return inTransaction(db, async (trx) => {
    const before = await audit?.snapshot(trx, id)
    // Updating the row first also locks it (PostgreSQL), so two PUTs of one product replace
    // its categories one after the other instead of colliding on the link table.
    const updated = await trx
      .updateTable('products')
      .set({
        ...productValues(input),
        ...(input.rating === undefined ? {} : { rating: input.rating }),
        ...(input.noOfRatings === undefined ? {} : { noOfRatings: input.noOfRatings }),
        updatedAt: Date.now(),
      })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return undefined
    await assertCategoriesExist(trx, input.categoryIds)
    await replaceCategoryLinks(trx, productLinks, id, input.categoryIds)
    await saveAttributes(trx, id, attributes)
    await audit?.record(trx, 'update', id, before)
    return findProduct(trx, id)
  })
}

/** The columns a create and an update both write. */
export function productValues(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    pricing: input.pricing,
    priceKobo: input.priceKobo,
    minPriceKobo: input.minPriceKobo,
    maxPriceKobo: input.maxPriceKobo,
    estimatedDeliveryDays: input.estimatedDeliveryDays,
    enabled: input.enabled ? 1 : 0,
  }
}

/** An UnknownCategoriesError when one of these ids names no category. */
export async function assertCategoriesExist(db: Db, ids: number[]) {
  const missing = await missingCategoryIds(db, productLinks.categories, ids)
  if (missing.length > 0) throw new UnknownCategoriesError(missing)
}
