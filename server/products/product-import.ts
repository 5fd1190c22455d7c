// How a CSV row creates or updates a product (../imports/): the export's columns read back
// (./product-export.ts), the route's own body handling (pricing spelling, toNewProduct,
// toUpdate) and its writes. The provider is checked before any write, in the route's words.
import type { Product } from '../../types/records'
import type { EntityImport } from '../imports/entity-import'
import { categoryNames } from '../lib/csv-export'
import {
  canonicalPricing,
  type NewProductBody,
  type ProductBody,
  toNewProduct,
  toUpdate,
} from './product-request'
import { httpError } from './product-routes'
import { createProduct, UnknownProviderError, updateProduct } from './product-writes'

export const productImport: EntityImport = {
  body: (record) => {
    const product = record as unknown as Product
    return {
      ...record,
      productCategoryIds: product.productCategories.map((category) => category.id),
      productCategoryIdsNames: categoryNames(product.productCategories),
    }
  },
  normalise: canonicalPricing,
  async check(db, body, id, { seen }) {
    if (id !== undefined) return []
    const providerId = Number(body.serviceProviderId)
    const key = `provider:${providerId}`
    if (!seen.has(key)) {
      const found = await db
        .selectFrom('serviceProviders')
        .select('id')
        .where('id', '=', providerId)
        .executeTakeFirst()
      seen.set(key, found !== undefined)
    }
    if (seen.get(key)) return []
    const refusal = httpError(new UnknownProviderError(providerId)) as Error
    return [{ field: 'serviceProviderId', detail: refusal.message }]
  },
  create: (trx, body, attributes, audit) =>
    createProduct(trx, toNewProduct(body as unknown as NewProductBody), attributes, audit),
  update: async (trx, id, body, attributes, audit) => {
    await updateProduct(trx, id, toUpdate(body as unknown as ProductBody), attributes, audit)
  },
}
