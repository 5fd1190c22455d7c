// GET /{entity}/{id}/history: one page of a record's history, newest first (decision 011). A
// record that no longer exists still shows the history it left; an id that never had a record
// nor a history is 404, with the entity's usual text.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { productCategories, serviceProviderCategories } from '../categories/category-routes'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import type { HistoryEntity } from '../lib/history'
import { pageParams, querySchema } from '../lib/query-schema'
import { pageRequest, pagination, pathId, type RawQuery } from '../lists/list-params'
import * as products from '../products/product-request'
import * as providers from '../service-providers/provider-request'
import { listHistory } from './history-queries'

interface Histories {
  path: string
  entity: HistoryEntity
  table: 'serviceProviderCategories' | 'productCategories' | 'serviceProviders' | 'products'
  notFound: string
}

const HISTORIES: Histories[] = [
  { ...serviceProviderCategories, entity: 'service-provider-category' },
  { ...productCategories, entity: 'product-category' },
  {
    path: providers.BASE_PATH,
    entity: 'service-provider',
    table: 'serviceProviders',
    notFound: providers.NOT_FOUND,
  },
  { path: products.BASE_PATH, entity: 'product', table: 'products', notFound: products.NOT_FOUND },
]

const historyQuery = querySchema(pageParams)

export function registerHistoryRoutes(app: FastifyInstance, db: Kysely<Database>) {
  for (const { path, entity, table, notFound } of HISTORIES) {
    app.get(`${path}/:id/history`, { schema: { querystring: historyQuery } }, async (request) => {
      const id = pathId(request.params)
      if (id === undefined) throw new HttpError(404, notFound)
      const page = pageRequest(request.query as RawQuery)
      const [{ rows, total }, record] = await Promise.all([
        listHistory(db, entity, id, page),
        db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst(),
      ])
      if (total === 0 && !record) throw new HttpError(404, notFound)
      return { data: rows, pagination: pagination(page, total) }
    })
  }
}
