// Bulk Enable, Disable and Delete of a product's images (decision 013), over the generic bulk
// route: each image as its single write would change it, recorded in its product's history.
import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import { type BulkApply, type BulkResult, registerBulkRoute } from '../bulk/bulk'
import { enabling } from '../bulk/bulk-routes'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { customFields } from '../lib/custom-fields'
import { booleanParam } from '../lib/query-schema'
import { attributeConditions, filterParam, withAttributes } from '../lists/custom-list'
import { booleanFilter } from '../lists/list-params'
import { operatorImageAudit } from './product-audit'
import { deleteImageIn, matchingImageIds } from './product-image-queries'
import { productExists } from './product-queries'
import { BASE_PATH, IMAGE_NOT_FOUND, NOT_FOUND, productId } from './product-request'

export function registerProductImageBulk(app: FastifyInstance, db: Kysely<Database>): void {
  const fields = customFields(app, 'product-image', 'productImages')
  // "All matching" matches the list's filters, its custom ones too (lists/custom-list.ts).
  const filterable = fields.listed.filter((field) => field.filterable)
  const filters: Record<string, unknown> = { enabled: booleanParam }
  for (const field of filterable) filters[field.name] = filterParam(field)
  registerBulkRoute(app, db, {
    path: `${BASE_PATH}/:id/images`,
    filters,
    actions: {
      ...enabling((productId: number) => ({
        table: 'productImages',
        notFound: IMAGE_NOT_FOUND,
        entity: 'product',
        productId,
        required: fields.required,
        named: (field) => app.fieldTitles('product-image')?.named(field) ?? field,
      })),
      delete: deletingImages(operatorImageAudit(fields)),
    },
    scope: productOfPath,
    matching: (trx, filter, productId, limit) =>
      matchingImageIds(
        trx,
        productId,
        withAttributes(
          { enabled: booleanFilter(filter, 'enabled') },
          attributeConditions(filter, filterable),
        ),
        limit,
      ),
  })
}

/** The product of `/products/:id/images/bulk`; 404 when it does not exist. */
async function productOfPath(trx: Transaction<Database>, params: unknown): Promise<number> {
  const id = productId(params)
  if (!(await productExists(trx, id))) throw new HttpError(404, NOT_FOUND)
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
