// GET /api/history: the latest changes across every collection, newest first, a list page like
// any other (the dashboard's "Recent changes"). Read right: whoever may read the records may
// read who changed them.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ } from '../auth/rights'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { pageParams, querySchema } from '../lib/query-schema'
import { PAGINATION_SCHEMA } from '../lib/responses'
import { pageRequest, pagination, type RawQuery } from '../lists/list-params'
import { listRecentChanges } from './recent-changes'

const nullable = (type: string) => ({ type: [type, 'null'] })

const recentChange = {
  type: 'object',
  required: [
    'id',
    'at',
    'operator',
    'action',
    'partId',
    'collection',
    'recordId',
    'name',
    'fields',
  ],
  properties: {
    id: { type: 'integer', description: 'The history entry' },
    at: { type: 'string', format: 'date-time' },
    operator: {
      type: 'object',
      required: ['id', 'username'],
      properties: { id: { type: 'integer' }, username: nullable('string') },
    },
    action: { type: 'string', description: 'As a record’s history names it (`update`, `delete`…)' },
    partId: { ...nullable('integer'), description: 'A product image’s id for image actions' },
    collection: { type: 'string', description: 'The record’s collection, e.g. `products`' },
    recordId: { type: 'integer' },
    name: { ...nullable('string'), description: 'The record’s name; null once it is gone' },
    fields: { type: 'array', items: { type: 'string' }, description: 'The fields it changed' },
  },
}

const schema = {
  querystring: querySchema(pageParams),
  response: {
    200: {
      description: 'One page of the latest changes, newest first',
      type: 'object',
      required: ['data', 'pagination'],
      properties: {
        data: { type: 'array', items: recentChange },
        pagination: PAGINATION_SCHEMA,
      },
    },
  },
}

export function registerRecentChangesRoute(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
) {
  app.get('/api/history', { config: READ, schema }, async (request) => {
    const page = pageRequest(request.query as RawQuery)
    const read = await listRecentChanges(db, entities, page)
    return { data: read.rows, pagination: pagination(page, read.total, read) }
  })
}
