// DELETE of a category, a service provider or a product (issue 14): 204 when deleted, 404 for
// a missing id (with the entity's own "not found" text), 409 `{detail}` when something still
// holds the record, and then nothing has changed; each delete is recorded in the history. The
// rules live in ./delete-rules.ts; `deletion()` (rules, texts, the record history keeps) is
// shared with bulk delete; this file only maps their outcome to HTTP. The read caches are
// dropped by the hooks every write request passes through (./read-cache.ts, ./write-notices.ts).
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
import type { Database, Db } from '../db/types'
import { HttpError } from '../errors'
import { pathId } from '../lists/list-params'
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
import { customFields } from './custom-fields'
import {
  type DeleteOutcome,
  deleteCategory,
  deleteProduct,
  deleteServiceProvider,
} from './delete-rules'
import { writeIfMatch } from './etag'
import { changesBetween, type HistoryEntity, recordHistory } from './history'

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

/** How a record is deleted, shared by its DELETE and bulk delete (../bulk) so they cannot drift. */
export interface Deletion {
  entity: HistoryEntity
  /** The single DELETE's 404 text. */
  notFound: string
  /** The record as GET shows it, custom fields included (its history's `before`). */
  shown: (db: Db, id: number) => Promise<object | undefined>
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

/** The deletion of the records listed at `path` (e.g. /api/products), with `app`'s custom fields. */
export function deletion(app: FastifyInstance, path: string): Deletion {
  const deletable = DELETABLES.find((candidate) => candidate.path === path)
  if (!deletable) throw new Error(`No delete for ${path}`)
  const { entity, notFound, find, remove } = deletable
  const custom = customFields(app, entity)
  const shown = async (db: Db, id: number) => {
    const record = await find(db, id)
    return record && custom.show(db, { id, ...record })
  }
  return { entity, notFound, shown, remove }
}

export function registerDeleteRoutes(app: FastifyInstance, db: Kysely<Database>) {
  for (const { path, table } of DELETABLES) {
    const { notFound, entity, shown, remove } = deletion(app, path)
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
