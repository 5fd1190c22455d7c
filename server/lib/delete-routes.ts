// DELETE of a category, a service provider or a product (issue 14): 204 when deleted, 404 for
// a missing id (with the entity's own "not found" text), 409 `{detail}` when something still
// holds the record, and then nothing has changed; each delete is recorded in the history. The rules live in ./delete-rules.ts, shared
// with bulk delete; this file only maps their outcome to HTTP. The read caches are dropped by
// the hooks every write request passes through (./read-cache.ts, ./write-notices.ts).
import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { findCategory } from '../categories/category-queries'
import {
  type CategoryKind,
  categoryJson,
  productCategories,
  serviceProviderCategories,
} from '../categories/category-routes'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { findProduct } from '../products/product-queries'
import {
  NOT_FOUND as PRODUCT_NOT_FOUND,
  BASE_PATH as PRODUCTS_PATH,
} from '../products/product-request'
import { findProvider } from '../service-providers/provider-queries'
import {
  NOT_FOUND as PROVIDER_NOT_FOUND,
  BASE_PATH as PROVIDERS_PATH,
} from '../service-providers/provider-request'
import type { Db } from './category-links'
import { customFields } from './custom-fields'
import {
  type DeleteOutcome,
  deleteCategory,
  deleteProduct,
  deleteServiceProvider,
} from './delete-rules'
import { writeIfMatch } from './etag'
import { changesBetween, type HistoryEntity, recordHistory } from './history'
import { pathId } from './list-query'

interface Deletable {
  path: string
  notFound: string
  entity: HistoryEntity
  /** The table PUTs of the record lock by (./etag.ts): a PUT and a DELETE run one at a time. */
  table: 'serviceProviderCategories' | 'productCategories' | 'serviceProviders' | 'products'
  /** The record as GET shows it, before custom fields; undefined when missing. */
  find: (db: Db, id: number) => Promise<object | undefined>
  remove: (trx: Transaction<Database>, id: number) => Promise<DeleteOutcome<unknown>>
}

const category = (kind: CategoryKind): Deletable => ({
  path: kind.path,
  notFound: kind.notFound,
  entity: kind.schemaId,
  table: kind.table,
  find: async (db, id) => {
    const row = await findCategory(db, kind.table, id)
    return row && categoryJson(kind, row)
  },
  remove: (trx, id) => deleteCategory(trx, kind.table, id),
})

const DELETABLES: Deletable[] = [
  category(serviceProviderCategories),
  category(productCategories),
  {
    path: PROVIDERS_PATH,
    notFound: PROVIDER_NOT_FOUND,
    entity: 'service-provider',
    table: 'serviceProviders',
    find: findProvider,
    remove: deleteServiceProvider,
  },
  {
    path: PRODUCTS_PATH,
    notFound: PRODUCT_NOT_FOUND,
    entity: 'product',
    table: 'products',
    find: findProduct,
    remove: deleteProduct,
  },
]

export function registerDeleteRoutes(app: FastifyInstance, db: Kysely<Database>) {
  for (const { path, notFound, entity, table, find, remove } of DELETABLES) {
    const custom = customFields(app, entity)
    const shown = async (conn: Db, id: number) => {
      const record = await find(conn, id)
      return record && custom.show(conn, { id, ...record })
    }
    app.delete(`${path}/:id`, async (request, reply) => {
      // `/products/abc` names no product, exactly like `/products/999999`: both are 404.
      const id = pathId(request.params)
      if (id === undefined) throw new HttpError(404, notFound)
      const operatorId = requireOperator(request).id
      // If-Match is honoured as for PUT (412 when stale); history keeps the record as GET
      // showed it, written in the delete's own transaction.
      const result = await writeIfMatch(db, request, {
        record: [table, id],
        current: (conn) => shown(conn, id),
        write: (conn) =>
          conn.transaction().execute(async (trx) => {
            const before = await shown(trx, id)
            const outcome = await remove(trx, id)
            if (outcome.outcome === 'deleted') {
              const changes = changesBetween(before, undefined)
              await recordHistory(trx, {
                operatorId,
                entity,
                entityId: id,
                action: 'delete',
                changes,
              })
            }
            return outcome
          }),
      })
      if (result.outcome === 'missing') throw new HttpError(404, notFound)
      if (result.outcome === 'refused') throw new HttpError(409, result.detail)
      return reply.code(204).send()
    })
  }
}
