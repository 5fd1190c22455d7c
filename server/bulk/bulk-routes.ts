// The bulk routes of every list (decision 013): which actions each entity offers and how its
// filters read, over the generic route of ./bulk.ts.
import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import { categoryList } from '../categories/category-queries'
import {
  categoryFilter,
  categoryListQuery,
  productCategories,
  serviceProviderCategories,
} from '../categories/category-routes'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { customFields } from '../lib/custom-fields'
import { deletion } from '../lib/delete-routes'
import { booleanParam, idParam } from '../lib/query-schema'
import { matchingIds } from '../lists/list-engine'
import { booleanFilter, idFilter } from '../lists/list-params'
import { operatorImageAudit } from '../products/product-audit'
import { deleteImageIn, matchingImageIds } from '../products/product-image-queries'
import { productExists, productList } from '../products/product-queries'
import {
  IMAGE_NOT_FOUND,
  NOT_FOUND as PRODUCT_NOT_FOUND,
  BASE_PATH as PRODUCTS_PATH,
  productFilter,
  productId,
  productListQuery,
} from '../products/product-request'
import { providerList } from '../service-providers/provider-queries'
import {
  NOT_FOUND as PROVIDER_NOT_FOUND,
  BASE_PATH as PROVIDERS_PATH,
  providerFilter,
  providerListQuery,
} from '../service-providers/provider-request'
import { type BulkApply, type BulkResult, filtersOf, registerBulkRoute } from './bulk'
import { deleting } from './bulk-delete'
import { type EnabledRecords, setEnabled } from './bulk-enable'

/** Enable and Disable for a table with `enabled`. */
function enabling<Scope>(records: (scope: Scope) => EnabledRecords) {
  const to =
    (enabled: boolean): BulkApply<Scope> =>
    (trx, ids, { scope, operatorId }) =>
      setEnabled(trx, records(scope), ids, enabled, operatorId)
  return { enable: to(true), disable: to(false) }
}

const topLevel = async () => undefined

export function registerBulkRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  registerBulkRoute(app, db, {
    path: PRODUCTS_PATH,
    // A provider's products page sends its provider as a filter too.
    filters: { ...filtersOf(productListQuery), serviceProviderId: idParam },
    actions: {
      ...enabling(() => ({ table: 'products', notFound: PRODUCT_NOT_FOUND, entity: 'product' })),
      delete: deleting(deletion(app, PRODUCTS_PATH)),
    },
    scope: topLevel,
    matching: (trx, filter, _scope, limit) =>
      matchingIds(
        trx,
        productList,
        { ...productFilter(filter), serviceProviderId: idFilter(filter, 'serviceProviderId') },
        limit,
      ),
  })

  registerBulkRoute(app, db, {
    path: PROVIDERS_PATH,
    filters: filtersOf(providerListQuery),
    actions: {
      ...enabling(() => ({
        table: 'serviceProviders',
        notFound: PROVIDER_NOT_FOUND,
        entity: 'service-provider',
      })),
      delete: deleting(deletion(app, PROVIDERS_PATH)),
    },
    scope: topLevel,
    matching: (trx, filter, _scope, limit) =>
      matchingIds(trx, providerList, providerFilter(filter), limit),
  })

  registerBulkRoute(app, db, {
    path: `${PRODUCTS_PATH}/:id/images`,
    filters: { enabled: booleanParam },
    actions: {
      ...enabling((productId: number) => ({
        table: 'productImages',
        notFound: IMAGE_NOT_FOUND,
        entity: 'product',
        productId,
      })),
      delete: deletingImages(operatorImageAudit(customFields(app, 'product-image'))),
    },
    scope: productOfPath,
    matching: (trx, filter, productId, limit) =>
      matchingImageIds(trx, productId, { enabled: booleanFilter(filter, 'enabled') }, limit),
  })

  for (const kind of [serviceProviderCategories, productCategories]) {
    registerBulkRoute(app, db, {
      path: kind.path,
      filters: filtersOf(categoryListQuery(kind)),
      actions: { delete: deleting(deletion(app, kind.path)) },
      scope: topLevel,
      matching: (trx, filter, _scope, limit) =>
        matchingIds(trx, categoryList(kind.table), categoryFilter(kind, filter), limit),
    })
  }
}

/** The product of `/products/:id/images/bulk`; 404 when it does not exist. */
async function productOfPath(trx: Transaction<Database>, params: unknown): Promise<number> {
  const id = productId(params)
  if (!(await productExists(trx, id))) throw new HttpError(404, PRODUCT_NOT_FOUND)
  return id
}

/** Each image as DELETE of it would: the product loses its preview if that image was it, and
 * the product's history gets the very entry the single DELETE leaves. */
function deletingImages(audit: ReturnType<typeof operatorImageAudit>): BulkApply<number> {
  return async (trx, ids, { scope: productId, operatorId }) => {
    const result: BulkResult = { done: [], refused: [] }
    const imageAudit = audit(operatorId, productId)
    for (const id of ids) {
      if ((await deleteImageIn(trx, productId, id, imageAudit)) === 'deleted') result.done.push(id)
      else result.refused.push({ id, detail: IMAGE_NOT_FOUND })
    }
    return result
  }
}
