// GET of every entity's list, its CSV export (decision 014) and one record (with its ETag,
// decision 006), from the entity's descriptor:
// its query parameters, sorts, filter and list source. Pages are read by ./list-pages.ts (in a
// SQLite read worker where the list reads there); exports stream batch by batch, with the
// entity's custom fields as columns titled from its schema.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ } from '../auth/rights'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { sendCsv, withCustomColumns } from '../lib/csv-export'
import { customFields } from '../lib/custom-fields'
import { sendTagged } from '../lib/etag'
import { titledColumns } from '../lib/field-titles'
import { declaredOnly, exportQuery } from '../lib/query-schema'
import { cachedJson } from '../lib/read-cache'
import { ok, pathParams } from '../lib/responses'
import {
  attributeConditions,
  filterParam,
  type ListedField,
  MISSING_PARAM,
  missingConditions,
  missingParam,
  withAttributes,
} from './custom-list'
import { exportRows } from './list-engine'
import { type ListPage, pageBody, sendPage } from './list-pages'
import { pageRequest, pathId, type RawQuery } from './list-params'
import { type SortFields, sortParams, sortRequest } from './sorts'

const recordSchema = { params: pathParams('id'), response: ok.record }

export function registerListRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
): void {
  for (const entity of entities) {
    const { collection, list } = entity
    const custom = customFields(app, entity.schemaId, entity.table)
    const { params, sorts, filterable, missable } = customListParams(
      list,
      custom.listed,
      isPostgres(db),
      custom.missable,
    )
    // A built-in column whose field an analyst renamed is headed by its new title.
    const exportColumns = titledColumns(app, entity.schemaId, entity.export.columns)
    const ask = (query: RawQuery): ListPage => ({
      filter: withAttributes(list.filter(query), [
        ...attributeConditions(query, filterable),
        ...missingConditions(query, missable),
      ]),
      page: pageRequest(query),
      sort: sortRequest(query, sorts, list.defaultSort),
      shown: custom.shown,
    })

    const listSchema = { querystring: params, response: ok.page }
    app.get(collection, { config: READ, schema: listSchema }, async (request, reply) => {
      const page = ask(request.query as RawQuery)
      if (!list.cacheBodies) return sendPage(reply, db, list.source, page)
      const key = `${collection}:${JSON.stringify([page.filter, page.page, page.sort])}`
      const body = await cachedJson(
        db,
        key,
        () => pageBody(db, list.source, page),
        (built) => built.pagination.totalExact,
      )
      return reply.type('application/json; charset=utf-8').send(body)
    })

    app.get(`${collection}/:id`, { config: READ, schema: recordSchema }, async (request, reply) => {
      // `/products/abc` names no product, exactly like `/products/999999`: both are 404.
      const id = pathId(request.params)
      const record = id === undefined ? undefined : await entity.find(db, id)
      if (id === undefined || !record) throw new HttpError(404, entity.notFound)
      return sendTagged(reply, await custom.show(db, { id, ...record }))
    })

    app.get(
      `${collection}/export`,
      { config: READ, schema: { querystring: exportQuery(params), response: ok.csv } },
      async (request, reply) => {
        const { filter, sort } = ask(request.query as RawQuery)
        const rows = await exportRows(db, entity.export.source ?? list.source, filter, sort)
        const csv = withCustomColumns(db, custom, exportColumns, rows)
        return sendCsv(reply, entity.export.file, ...csv)
      },
    )
  }
}

/**
 * A list's query parameters and sorts with the custom fields the schema marks (./custom-list.ts)
 * added after its own (a custom field named like one of them is left out), and `missing` when
 * a form requires custom fields that records may lack (`missable`), refusing any parameter
 * they do not declare.
 */
export function customListParams(
  list: { params: Record<string, unknown>; sorts: SortFields },
  listed: readonly ListedField[],
  postgres: boolean,
  missable: readonly string[] = [],
) {
  const own = list.params.properties as Record<string, unknown>
  const filterable = listed.filter((field) => field.filterable && !Object.hasOwn(own, field.name))
  const sorts: SortFields = { ...list.sorts }
  for (const { name, kind, sortable } of listed) {
    if (sortable && !Object.hasOwn(sorts, name)) {
      sorts[name] = { columns: [], order: 'asc', attribute: { name, kind, postgres } }
    }
  }
  const properties: Record<string, unknown> = { ...own }
  if ('sort' in own) properties.sort = sortParams(sorts).sort
  for (const field of filterable) properties[field.name] = filterParam(field)
  const missing = Object.hasOwn(properties, MISSING_PARAM) ? [] : missable
  if (missing.length > 0) properties[MISSING_PARAM] = missingParam(missing)
  return {
    params: declaredOnly({ ...list.params, properties }),
    sorts,
    filterable,
    missable: missing,
  }
}
