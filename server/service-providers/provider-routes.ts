// The operators' service-provider routes: list, create, read, update. Every one needs a token.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { sendCsv, withCustomColumns } from '../lib/csv-export'
import { customFields } from '../lib/custom-fields'
import { sendTagged, writeIfMatch } from '../lib/etag'
import { pageRequest, type RawQuery } from '../lib/list-query'
import { providerSorts, sortRequest } from '../lib/list-sort'
import { exportQuery } from '../lib/query-schema'
import { sendPage } from '../list-pages'
import { providerAudit } from './provider-audit'
import { providerColumns } from './provider-export'
import { exportProviders, findProvider } from './provider-queries'
import {
  BASE_PATH,
  DUPLICATE_EMAIL,
  type NewProviderBody,
  NOT_FOUND,
  type ProviderBody,
  providerFilter,
  providerId,
  providerListQuery,
  toInput,
  toNewProvider,
} from './provider-request'
import {
  createProvider,
  DuplicateEmailError,
  UnknownCategoriesError,
  updateProvider,
} from './provider-writes'

export function registerServiceProviderRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const custom = customFields(app, 'service-provider')
  const { current, audit } = providerAudit(custom)
  app.get(BASE_PATH, { schema: { querystring: providerListQuery } }, async (request, reply) => {
    const query = request.query as RawQuery
    return sendPage(reply, db, {
      list: 'providers',
      filter: providerFilter(query),
      page: pageRequest(query),
      sort: sortRequest(query, providerSorts, 'newest'),
      shown: custom.shown,
    })
  })

  app.get(
    `${BASE_PATH}/export`,
    { schema: { querystring: exportQuery(providerListQuery) } },
    async (request, reply) => {
      const query = request.query as RawQuery
      const sort = sortRequest(query, providerSorts, 'newest')
      const rows = await exportProviders(db, providerFilter(query), sort)
      const csv = withCustomColumns(db, custom, providerColumns, rows)
      return sendCsv(reply, 'service-providers', ...csv)
    },
  )

  app.post<{ Body: NewProviderBody }>(
    BASE_PATH,
    { schema: { body: { $ref: 'service-provider#/definitions/create' } } },
    async (request, reply) => {
      const attributes = custom.write('create', request.body)
      const input = toNewProvider(request.body)
      const id = await createProvider(db, input, attributes, audit(request)).catch((error) => {
        throw httpError(error)
      })
      return reply.code(201).send({ id })
    },
  )

  app.get(`${BASE_PATH}/:id`, async (request, reply) => {
    const provider = await findProvider(db, providerId(request.params))
    if (!provider) throw new HttpError(404, NOT_FOUND)
    return sendTagged(reply, await custom.show(db, provider))
  })

  app.put<{ Body: ProviderBody }>(
    `${BASE_PATH}/:id`,
    { schema: { body: { $ref: 'service-provider#/definitions/update' } } },
    async (request) => {
      const id = providerId(request.params)
      const input = toInput(request.body)
      const provider = await writeIfMatch(db, request, {
        record: ['serviceProviders', id],
        current: (conn) => current(conn, id),
        write: (conn) =>
          updateProvider(conn, id, input, custom.write('update', request.body), audit(request)),
      }).catch((error) => {
        throw httpError(error)
      })
      if (!provider) throw new HttpError(404, NOT_FOUND)
      return custom.show(db, provider)
    },
  )
}

function httpError(error: unknown): unknown {
  if (error instanceof DuplicateEmailError) return new HttpError(409, DUPLICATE_EMAIL)
  if (error instanceof UnknownCategoriesError) {
    const what =
      error.ids.length === 1
        ? 'is not an existing service provider category'
        : 'are not existing service provider categories'
    return new HttpError(400, `serviceProviderCategoryIds ${error.ids.join(', ')} ${what}`)
  }
  return error
}
