// The routes of one category hierarchy. Both hierarchies share them; they differ in their path,
// table, schema file, the name of the parent field in JSON and the filters they offer.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { EntityName } from '../db/entity-columns'
import type { CategoryTableName, Database } from '../db/types'
import { HttpError } from '../errors'
import type { Db } from '../lib/category-links'
import { sendCsv, withCustomColumns } from '../lib/csv-export'
import { customFields } from '../lib/custom-fields'
import { sendTagged, writeIfMatch } from '../lib/etag'
import {
  idFilter,
  MAX_ID,
  nullableIdFilter,
  pageRequest,
  pagination,
  pathId,
  positiveInteger,
  type RawQuery,
  single,
  textFilter,
} from '../lib/list-query'
import { categorySorts, sortParams, sortRequest } from '../lib/list-sort'
import {
  exportQuery,
  idListParam,
  idParam as idQueryParam,
  nullableIdParam,
  pageParams,
  positiveWhole,
  querySchema,
  textParam,
} from '../lib/query-schema'
import { cachedJson } from '../lib/read-cache'
import { requestAudit } from '../lib/request-audit'
import { categoryColumns } from './category-export'
import {
  type CategoryFilter,
  type CategoryInput,
  type CategoryRow,
  createCategory,
  exportCategories,
  findCategory,
  InvalidParentError,
  listCategories,
  updateCategory,
} from './category-queries'
import { searchCategories } from './category-search'

/** The most matches one search answers (the pickers show 20). */
export const MAX_SEARCH_LIMIT = 50

export interface CategoryKind {
  path: string
  table: CategoryTableName
  /** The schema file's $id: bodies are checked against `<schemaId>#/definitions/create|update`. */
  schemaId: Extract<EntityName, `${string}category`>
  parentField: 'parentId' | 'parentCategoryId'
  /** Text filters offered by the list besides `name`. */
  extraTextFilters: Array<'description'>
  notFound: string
}

type Body = Record<string, unknown> & { name: string; description: string }

export function registerCategoryRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: CategoryKind,
) {
  const { path, table, schemaId, parentField, notFound } = kind
  const custom = customFields(app, schemaId)
  const toJson = (row: CategoryRow) => categoryJson(kind, row)
  /** The category as GET answers it; undefined when it does not exist. */
  const current = async (conn: Db, id: number) => {
    const row = await findCategory(conn, table, id)
    return row && custom.show(conn, toJson(row))
  }
  const audit = requestAudit(schemaId, current)
  const toInput = (body: Body): CategoryInput => ({
    name: body.name.trim(),
    description: body.description.trim(),
    parentId: (body[parentField] as number | null | undefined) ?? null,
  })
  // `/categories/abc` names no category, exactly like `/categories/999999`: both are 404.
  const idParam = (params: unknown) => {
    const id = pathId(params)
    if (id === undefined) throw new HttpError(404, notFound)
    return id
  }
  const parentError = (error: unknown) => {
    if (!(error instanceof InvalidParentError)) return error
    return new HttpError(
      400,
      error.reason === 'missing'
        ? `${parentField} ${error.parentId} is not an existing category`
        : `${parentField} cannot be the category itself or one of its descendants`,
    )
  }

  const listQuery = categoryListQuery(kind)
  app.get(path, { schema: { querystring: listQuery } }, async (request, reply) => {
    const query = request.query as RawQuery
    const page = pageRequest(query)
    const sort = sortRequest(query, categorySorts, 'name')
    const filter = categoryFilter(kind, query)
    // The dropdowns ask for every category each time a form opens: serialised once per write.
    const key = `${table}:${JSON.stringify([filter, page, sort])}`
    const body = await cachedJson(db, key, async () => {
      const { rows, total } = await listCategories(db, table, filter, page, sort)
      const data = await custom.showAll(db, rows.map(toJson))
      return { data, pagination: pagination(page, total) }
    })
    return reply.type('application/json; charset=utf-8').send(body)
  })

  app.get(
    `${path}/export`,
    { schema: { querystring: exportQuery(listQuery) } },
    async (request, reply) => {
      const query = request.query as RawQuery
      const sort = sortRequest(query, categorySorts, 'name')
      const rows = await exportCategories(db, table, categoryFilter(kind, query), sort)
      const csv = withCustomColumns(db, custom, categoryColumns(kind), rows)
      return sendCsv(reply, path.replace('/api/', ''), ...csv)
    },
  )

  // The pickers: categories by name (or by id) with their full paths, a few at a time.
  const searchQuery = querySchema({
    q: textParam,
    ids: idListParam,
    exclude: idQueryParam,
    limit: positiveWhole,
  })
  app.get(`${path}/search`, { schema: { querystring: searchQuery } }, async (request) => {
    const query = request.query as RawQuery
    const ids = single(query, 'ids')
    const search = {
      q: textFilter(query, 'q'),
      ids: ids
        ?.split(',')
        .map(Number)
        .filter((id) => id <= MAX_ID),
      exclude: idFilter(query, 'exclude'),
      limit: Math.min(positiveInteger(query, 'limit') ?? 20, MAX_SEARCH_LIMIT),
    }
    return { data: await searchCategories(db, table, search) }
  })

  app.post<{ Body: Body }>(
    path,
    { schema: { body: { $ref: `${schemaId}#/definitions/create` } } },
    async (request, reply) => {
      const attributes = custom.write('create', request.body)
      const input = toInput(request.body)
      const id = await createCategory(db, table, input, attributes, audit(request)).catch(
        (error) => {
          throw parentError(error)
        },
      )
      return reply.code(201).send({ id })
    },
  )

  app.get(`${path}/:id`, async (request, reply) => {
    const row = await findCategory(db, table, idParam(request.params))
    if (!row) throw new HttpError(404, notFound)
    return sendTagged(reply, await custom.show(db, toJson(row)))
  })

  app.put<{ Body: Body }>(
    `${path}/:id`,
    { schema: { body: { $ref: `${schemaId}#/definitions/update` } } },
    async (request) => {
      const id = idParam(request.params)
      const input = toInput(request.body)
      const found = await writeIfMatch(db, request, {
        record: [table, id],
        current: (conn) => current(conn, id),
        write: (conn) =>
          updateCategory(
            conn,
            table,
            id,
            input,
            custom.write('update', request.body),
            audit(request),
          ),
      }).catch((error) => {
        throw parentError(error)
      })
      if (!found) throw new HttpError(404, notFound)
      return custom.show(db, toJson({ id, ...input }))
    },
  )
}

/** A category as its GET shows it (before custom fields), its parent under the kind's name. */
export function categoryJson({ parentField }: CategoryKind, row: CategoryRow) {
  return { id: row.id, name: row.name, description: row.description, [parentField]: row.parentId }
}

/** GET of a category list: its parameters, in the order their errors are reported. */
export function categoryListQuery(kind: CategoryKind) {
  return querySchema({
    ...pageParams,
    ...sortParams(categorySorts),
    name: textParam,
    ...(kind.extraTextFilters.includes('description') ? { description: textParam } : {}),
    [kind.parentField]: nullableIdParam,
  })
}

/** The list's filters from its query (checked beforehand by categoryListQuery). */
export function categoryFilter(kind: CategoryKind, query: RawQuery): CategoryFilter {
  return {
    name: textFilter(query, 'name'),
    description: kind.extraTextFilters.includes('description')
      ? textFilter(query, 'description')
      : undefined,
    parentId: nullableIdFilter(query, kind.parentField),
  }
}

export const serviceProviderCategories: CategoryKind = {
  path: '/api/service-provider-categories',
  table: 'serviceProviderCategories',
  schemaId: 'service-provider-category',
  parentField: 'parentId',
  extraTextFilters: [],
  notFound: 'Service provider category not found',
}

export const productCategories: CategoryKind = {
  path: '/api/product-categories',
  table: 'productCategories',
  schemaId: 'product-category',
  parentField: 'parentCategoryId',
  extraTextFilters: ['description'],
  notFound: 'Product category not found',
}
