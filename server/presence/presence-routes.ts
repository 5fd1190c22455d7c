// PUT and DELETE /{collection}/{id}/presence of every entity, and of the records of their own
// that have edit pages too (a product's images: `Entity.nestedPresence`) (issue 31, decision
// 025): an edit page says "I am editing this" when it opens and every few seconds after, and is
// answered who else is; it says goodbye when it closes. Whenever who is editing a record changes, every
// instance's event streams hear `event: presence` with the record, and the pages that have it
// open ask again. Write rights: whoever may open an edit page.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { ok, pathParams } from '../lib/responses'
import { pathId } from '../lists/list-params'
import type { PresenceRecord, PresenceStore } from './presence-store'

export interface PresenceRouteOptions {
  db: Kysely<Database>
  entities: readonly Entity[]
  store: PresenceStore
  /** Tells every instance's streams that the record's editors changed; awaited before the
   * answer, so the announcements of one client's calls go out in the order it made them. */
  publish: (record: PresenceRecord) => Promise<void>
  /** Tests age heartbeats without waiting. */
  now?: () => number
}

// A heartbeat changes nothing any read shows: the read caches stay (../lib/read-cache.ts).
const config = { right: 'write', keepsReadCaches: true } as const

const editors = {
  200: {
    description: 'Who else has the record open for editing, first come first',
    type: 'object',
    required: ['editors'],
    properties: {
      editors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['username', 'since'],
          properties: {
            username: { type: 'string' },
            since: { type: 'string', format: 'date-time', description: 'When they opened it' },
          },
        },
      },
    },
  },
}

/** A kind of record an edit page can be open on: its presence route, and how the route's path
 * names the record (404 for a bad id or a record that is not there, as its other routes say). */
interface PresenceTarget {
  url: string
  params: ReturnType<typeof pathParams>
  recordOf: (params: unknown) => Promise<PresenceRecord>
}

/** Every entity's records, and the records of their own that have edit pages too
 * (`Entity.nestedPresence`: a product's images). */
function presenceTargets(db: Kysely<Database>, entities: readonly Entity[]): PresenceTarget[] {
  const own = entities.map(
    ({ collection, table, notFound }): PresenceTarget => ({
      url: `${collection}/:id/presence`,
      params: pathParams('id'),
      recordOf: async (params) => {
        const id = pathId(params)
        const found =
          id !== undefined &&
          (await db
            .selectFrom(table as 'products')
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst())
        if (!found) throw new HttpError(404, notFound)
        return { collection: collection.replace(/^\/api\//, ''), id: found.id }
      },
    }),
  )
  const nested = entities.flatMap(({ nestedPresence = [] }) =>
    nestedPresence.map(
      ({ url, params, find, notFound }): PresenceTarget => ({
        url,
        params: pathParams(...params),
        recordOf: async (path) => {
          const record = await find(db, path)
          if (!record) throw new HttpError(404, notFound)
          return record
        },
      }),
    ),
  )
  return [...own, ...nested]
}

export function registerPresenceRoutes(app: FastifyInstance, options: PresenceRouteOptions) {
  const { db, entities, store, publish, now = Date.now } = options
  for (const { url, params, recordOf } of presenceTargets(db, entities)) {
    app.put(url, { config, schema: { params, response: editors } }, async (request) => {
      const record = await recordOf(request.params)
      const operator = requireOperator(request)
      const at = now()
      if (await store.join(record, operator, at)) await publish(record)
      return { editors: await store.others(record, operator.id, at) }
    })

    app.delete(
      url,
      { config, schema: { params, response: ok.deleted } },
      async (request, reply) => {
        const record = await recordOf(request.params)
        if (await store.leave(record, requireOperator(request).id)) await publish(record)
        return reply.code(204).send()
      },
    )
  }
}
