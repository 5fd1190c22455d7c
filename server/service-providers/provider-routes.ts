// The service provider's own routes: create and update. Its list, export, record, delete,
// history and bulk routes come from its descriptor (./provider-entity.ts). Every one needs a token.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { WRITE } from '../auth/rights'
import type { Database } from '../db/types'
import type { EntityUpdate } from '../entity'
import { HttpError } from '../errors'
import { customFields } from '../lib/custom-fields'
import { writeIfMatch } from '../lib/etag'
import { errors, ok, pathParams } from '../lib/responses'
import { providerAudit } from './provider-audit'
import {
  BASE_PATH,
  DUPLICATE_EMAIL,
  type NewProviderBody,
  NOT_FOUND,
  type ProviderBody,
  providerId,
  toInput,
  toNewProvider,
} from './provider-request'
import { providerPartsRestorer } from './provider-revert'
import {
  createProvider,
  DuplicateEmailError,
  UnknownCategoriesError,
  updateProvider,
} from './provider-writes'

export function registerServiceProviderRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const custom = customFields(app, 'service-provider', 'serviceProviders')
  const { current, audit } = providerAudit(custom)
  const update = providerUpdate(app)
  app.post<{ Body: NewProviderBody }>(
    BASE_PATH,
    {
      config: WRITE,
      schema: {
        body: { $ref: 'service-provider#/definitions/create' },
        response: { ...ok.created, ...errors(409) },
      },
    },
    async (request, reply) => {
      const attributes = custom.write('create', request.body)
      const input = toNewProvider(request.body)
      const id = await createProvider(db, input, attributes, audit(request)).catch((error) => {
        throw httpError(error)
      })
      return reply.code(201).send({ id })
    },
  )

  app.put<{ Body: ProviderBody }>(
    `${BASE_PATH}/:id`,
    {
      config: WRITE,
      schema: {
        params: pathParams('id'),
        body: { $ref: 'service-provider#/definitions/update' },
        response: { ...ok.record, ...errors(412) },
      },
    },
    async (request) => {
      const id = providerId(request.params)
      const provider = await writeIfMatch(db, request, {
        record: ['serviceProviders', id],
        current: (conn) => current(conn, id),
        write: (conn) => update.write(conn, id, request.body, audit(request)),
      })
      if (!provider) throw new HttpError(404, NOT_FOUND)
      return provider
    },
  )
}

/** PUT's write, which a revert also saves through (decision 022). */
export function providerUpdate(app: FastifyInstance): EntityUpdate {
  const custom = customFields(app, 'service-provider', 'serviceProviders')
  return {
    body: ({ serviceProviderCategories, ...fields }) => ({
      ...fields,
      serviceProviderCategoryIds: (serviceProviderCategories as Array<{ id: number }>).map(
        ({ id }) => id,
      ),
    }),
    write: async (conn, id, body, audit) => {
      const input = toInput(body as ProviderBody)
      const attributes = custom.write('update', body)
      const provider = await updateProvider(conn, id, input, attributes, audit).catch((error) => {
        throw httpError(error)
      })
      return provider && custom.show(conn, provider)
    },
    restoreParts: providerPartsRestorer(app),
  }
}

/** The 4xx of a write its rules refused (a taken email, a category that does not exist). */
export function httpError(error: unknown): unknown {
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
