// The trash of every entity that can be deleted (decision 022): its list, restore (one, or in
// bulk through the bulk route of ../bulk/bulk.ts) and delete for good (administrators only).
// A restore answers the record as GET shows it, or 409 when it can no longer stand.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { PURGE, READ, WRITE } from '../auth/rights'
import { type BulkApply, type Refusal, registerBulkRoute } from '../bulk/bulk'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { deletable, deletion } from '../lib/delete-routes'
import { pageParams, querySchema } from '../lib/query-schema'
import { errors, ok, pathParams } from '../lib/responses'
import { pageRequest, pagination, pathId, type RawQuery } from '../lists/list-params'
import type { Trash } from './trash'
import { listTrash, trashedIds } from './trash-queries'

const listSchema = { querystring: querySchema(pageParams), response: ok.page }
const restoreSchema = { params: pathParams('id'), response: { ...ok.record, ...errors(409) } }
const purgeSchema = { params: pathParams('id'), response: ok.deleted }

export function registerTrashRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
) {
  for (const entity of entities.filter(deletable)) {
    const { trash } = deletion(app, entity)
    const { collection, schemaId } = entity
    const notInTrash = `${entity.notFound} in the trash`

    app.get(`${collection}/trash`, { config: READ, schema: listSchema }, async (request) => {
      const page = pageRequest(request.query as RawQuery)
      const { rows, total } = await listTrash(db, schemaId, page)
      return { data: rows, pagination: pagination(page, total) }
    })

    app.post(
      `${collection}/:id/restore`,
      { config: WRITE, schema: restoreSchema },
      async (request) => {
        const id = pathId(request.params)
        if (id === undefined) throw new HttpError(404, notInTrash)
        const operatorId = requireOperator(request).id
        const result = await db.transaction().execute((trx) => trash.restore(trx, id, operatorId))
        if (result.outcome === 'missing') throw new HttpError(404, notInTrash)
        if (result.outcome === 'refused') throw new HttpError(409, result.detail)
        return result.record
      },
    )

    app.delete(
      `${collection}/trash/:id`,
      { config: PURGE, schema: purgeSchema },
      async (request, reply) => {
        const id = pathId(request.params)
        const operatorId = requireOperator(request).id
        const purged =
          id !== undefined &&
          (await db.transaction().execute((trx) => trash.purge(trx, id, operatorId)))
        if (!purged) throw new HttpError(404, notInTrash)
        return reply.code(204).send()
      },
    )

    registerBulkRoute(app, db, {
      path: `${collection}/trash`,
      filters: {},
      actions: { restore: restoring(trash, notInTrash) },
      scope: async () => undefined,
      matching: (trx, _filter, _scope, limit) => trashedIds(trx, schemaId, limit),
    })
  }
}

/** Bulk restore: each record as its single restore, in the bulk's one transaction. */
function restoring(trash: Trash, notInTrash: string): BulkApply<undefined> {
  return async (trx, ids, { operatorId }) => {
    const done: number[] = []
    const refused: Refusal[] = []
    // A category chosen with its parent comes back once the parent has: the refused are tried
    // again while a pass still restores something (at most the depth).
    let pending = ids
    for (;;) {
      const held: Refusal[] = []
      for (const id of pending) {
        const result = await trash.restore(trx, id, operatorId)
        if (result.outcome === 'restored') done.push(id)
        else if (result.outcome === 'missing') refused.push({ id, detail: notInTrash })
        else held.push({ id, detail: result.detail })
      }
      if (held.length === 0 || held.length === pending.length) {
        refused.push(...held)
        break
      }
      pending = held.map((refusal) => refusal.id)
    }
    const order = new Map(ids.map((id, index) => [id, index]))
    refused.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    return { done, refused }
  }
}
