// GET /{collection}/missing-fields of every entity: for each custom field a form requires (an
// analyst's edit, issue 27), how many records lack it (the dashboard's queues). Each count is
// the total of the list filtered by `missing=<field>`, read by the same engine with the same
// filter, so the count and the list it links to always agree (and share one cached total).
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ } from '../auth/rights'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { customFields } from '../lib/custom-fields'
import { withAttributes } from './custom-list'
import { readPage } from './list-engine'
import { customListParams } from './list-routes'
import { sortRequest } from './sorts'

const schema = {
  response: {
    200: {
      description: 'Each custom field a form requires, with how many records lack it',
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'title', 'missing'],
            properties: {
              field: { type: 'string', description: 'The list filter: `?missing=<field>`' },
              title: { type: 'string', description: 'Its title on the forms' },
              missing: { type: 'integer', description: 'How many records lack it' },
            },
          },
        },
      },
    },
  },
}

export function registerMissingFieldRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
): void {
  for (const { collection, schemaId, table, list } of entities) {
    const custom = customFields(app, schemaId, table)
    // The fields the list's `missing` filter takes, so each count links to a list that exists.
    const { missable } = customListParams(list, custom.listed, isPostgres(db), custom.missable)
    const title = (field: string) =>
      custom.titled.find((titled) => titled.name === field)?.title ?? field
    app.get(`${collection}/missing-fields`, { config: READ, schema }, async () => {
      const sort = sortRequest({}, list.sorts, list.defaultSort)
      const data = await Promise.all(
        missable.map(async (field) => {
          const filter = withAttributes(list.filter({}), [{ name: field, kind: 'missing' }])
          const { total } = await readPage(db, list.source, filter, { page: 1, pageSize: 1 }, sort)
          return { field, title: title(field), missing: total }
        }),
      )
      return { data }
    })
  }
}
