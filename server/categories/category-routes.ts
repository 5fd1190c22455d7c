// The own routes of one category hierarchy (create, update, the pickers' search); its list,
// export, record, delete, history and bulk routes come from its descriptor
// (./category-entity.ts). Both hierarchies share them (./category-kinds.ts).
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ, WRITE } from '../auth/rights'
import type { Database, Db } from '../db/types'
import type { EntityUpdate } from '../entity'
import { HttpError } from '../errors'
import { customFields } from '../lib/custom-fields'
import { writeIfMatch } from '../lib/etag'
import {
  idListParam,
  idParam as idQueryParam,
  positiveWhole,
  querySchema,
  textParam,
} from '../lib/query-schema'
import { requestAudit } from '../lib/request-audit'
import { errors, ok, pathParams } from '../lib/responses'
import {
  idFilter,
  MAX_ID,
  pathId,
  positiveInteger,
  type RawQuery,
  single,
  textFilter,
} from '../lists/list-params'
import { type CategoryKind, categoryJson } from './category-kinds'
import {
  type CategoryInput,
  createCategory,
  findCategoryJson,
  InvalidParentError,
  updateCategory,
} from './category-queries'
import { searchCategories } from './category-search'

/** The most matches one search answers (the pickers show 20). */
export const MAX_SEARCH_LIMIT = 50

type Body = Record<string, unknown> & { name: string; description: string }

/** What create and update write, from a checked body. */
export function categoryInput(kind: CategoryKind, body: Body): CategoryInput {
  return {
    name: body.name.trim(),
    description: body.description.trim(),
    parentId: (body[kind.parentField] as number | null | undefined) ?? null,
  }
}

/** The 400 text of a parent that cannot be. */
export function parentDetail({ parentField }: CategoryKind, error: InvalidParentError): string {
  return error.reason === 'missing'
    ? `${parentField} ${error.parentId} is not an existing category`
    : `${parentField} cannot be the category itself or one of its descendants`
}

export function registerCategoryRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: CategoryKind,
) {
  const { path, table, schemaId, notFound } = kind
  const custom = customFields(app, schemaId, table)
  /** The category as GET answers it; undefined when it does not exist. */
  const current = async (conn: Db, id: number) => {
    const category = await findCategoryJson(conn, kind, id)
    return category && custom.show(conn, category)
  }
  const audit = requestAudit(schemaId, current)
  const toInput = (body: Body) => categoryInput(kind, body)
  const update = categoryUpdate(kind)(app)
  // `/categories/abc` names no category, exactly like `/categories/999999`: both are 404.
  const idParam = (params: unknown) => {
    const id = pathId(params)
    if (id === undefined) throw new HttpError(404, notFound)
    return id
  }
  const parentError = (error: unknown) => parentFieldError(kind, error)

  // The pickers: categories by name (or by id) with their full paths, a few at a time.
  const searchQuery = querySchema({
    q: textParam,
    ids: idListParam,
    exclude: idQueryParam,
    limit: positiveWhole,
  })
  const searchSchema = { querystring: searchQuery, response: ok.categorySearch }
  app.get(`${path}/search`, { config: READ, schema: searchSchema }, async (request) => {
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
    {
      config: WRITE,
      schema: { body: { $ref: `${schemaId}#/definitions/create` }, response: ok.created },
    },
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

  app.put<{ Body: Body }>(
    `${path}/:id`,
    {
      config: WRITE,
      schema: {
        params: pathParams('id'),
        body: { $ref: `${schemaId}#/definitions/update` },
        response: { ...ok.record, ...errors(412) },
      },
    },
    async (request) => {
      const id = idParam(request.params)
      const found = await writeIfMatch(db, request, {
        record: [table, id],
        current: (conn) => current(conn, id),
        write: (conn) => update.write(conn, id, request.body, audit(request)),
      })
      if (!found) throw new HttpError(404, notFound)
      return found
    },
  )
}

function parentFieldError(kind: CategoryKind, error: unknown): unknown {
  return error instanceof InvalidParentError ? new HttpError(400, parentDetail(kind, error)) : error
}

/** PUT's write, which a revert also saves through (decision 022). */
export function categoryUpdate(kind: CategoryKind) {
  return (app: FastifyInstance): EntityUpdate => {
    const custom = customFields(app, kind.schemaId, kind.table)
    return {
      body: (fields) => fields,
      write: async (conn, id, body, audit) => {
        const input = categoryInput(kind, body as Body)
        const attributes = custom.write('update', body)
        const found = await updateCategory(conn, kind.table, id, input, attributes, audit).catch(
          (error) => {
            throw parentFieldError(kind, error)
          },
        )
        return found ? custom.show(conn, categoryJson(kind, { id, ...input })) : undefined
      },
    }
  }
}
