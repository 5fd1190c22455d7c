// GET /{collection}/{id}/history of every entity: one page of a record's history, newest first
// (decision 011). A record that no longer exists still shows the history it left; an id that
// never had a record nor a history is 404, with the entity's usual text.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ } from '../auth/rights'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { pageParams, querySchema } from '../lib/query-schema'
import { ok, pathParams } from '../lib/responses'
import { pageRequest, pagination, pathId, type RawQuery } from '../lists/list-params'
import { listHistory } from './history-queries'

const schema = {
  params: pathParams('id'),
  querystring: querySchema(pageParams),
  response: ok.page,
}

export function registerHistoryRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
) {
  for (const { collection, schemaId, table, notFound } of entities) {
    app.get(`${collection}/:id/history`, { config: READ, schema }, async (request) => {
      const id = pathId(request.params)
      if (id === undefined) throw new HttpError(404, notFound)
      const page = pageRequest(request.query as RawQuery)
      const [{ rows, total }, record] = await Promise.all([
        listHistory(db, schemaId, id, page),
        db
          .selectFrom(table as 'products')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst(),
      ])
      if (total === 0 && !record) throw new HttpError(404, notFound)
      return { data: rows, pagination: pagination(page, total) }
    })
  }
}
