// How CSV rows create or update products (../imports/): the export's columns read back
// (./product-export.ts), the route's own body handling (pricing spelling, toNewProduct,
// toUpdate) and batch writes. New products' providers are checked before any write, a batch at
// a time, in the route's words. A provider's own import (`/service-providers/:id/products/import`) is
// of its products: the provider column may be left out.
import type { Product } from '../../types/records'
import type { EntityImport } from '../imports/entity-import'
import { categoryNames } from '../lib/csv-export'
import { providerExists } from '../service-providers/provider-image-queries'
import {
  NOT_FOUND as PROVIDER_NOT_FOUND,
  BASE_PATH as PROVIDERS_PATH,
} from '../service-providers/provider-request'
import { createProducts, updateProducts } from './product-batch-writes'
import {
  canonicalPricing,
  type NewProductBody,
  type ProductBody,
  toNewProduct,
  toUpdate,
} from './product-request'
import { httpError } from './product-routes'
import { UnknownProviderError } from './product-writes'

const providerKey = (id: number) => `provider:${id}`

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
  async check(db, rows, { seen }) {
    const providerOf = (body: Record<string, unknown>) => Number(body.serviceProviderId)
    const creates = rows.filter((row) => row.id === undefined)
    const unknown = [...new Set(creates.map((row) => providerOf(row.body)))].filter(
      (id) => !seen.has(providerKey(id)),
    )
    if (unknown.length > 0) {
      const found = await db
        .selectFrom('serviceProviders')
        .select('id')
        .where('id', 'in', unknown)
        .execute()
      const known = new Set(found.map((row) => row.id))
      for (const id of unknown) seen.set(providerKey(id), known.has(id))
    }
    return rows.map(({ id, body }) => {
      if (id !== undefined || seen.get(providerKey(providerOf(body)))) return []
      const refusal = httpError(new UnknownProviderError(providerOf(body))) as Error
      return [{ field: 'serviceProviderId', detail: refusal.message }]
    })
  },
  create: (trx, records) =>
    createProducts(
      trx,
      records.map(({ body, attributes }) => ({
        input: toNewProduct(body as unknown as NewProductBody),
        attributes,
      })),
    ),
  update: (trx, records) =>
    updateProducts(
      trx,
      records.map(({ id, body, attributes }) => ({
        id,
        input: toUpdate(body as unknown as ProductBody),
        attributes,
      })),
    ),
  under: {
    collection: PROVIDERS_PATH,
    field: 'serviceProviderId',
    notFound: PROVIDER_NOT_FOUND,
    exists: providerExists,
    otherParent: (parentId) =>
      `This file imports the products of service provider ${parentId}: a row cannot name or change another provider's product`,
  },
}
