// DELETE of a record of every entity that can be deleted (decision 012): 204 when deleted, 404
// for a missing id (with the entity's own "not found" text), 409 `{detail}` when something still
// holds the record, and then nothing has changed; the record moves to the trash (decision 022)
// and the delete is recorded in the history, in the delete's own transaction. The rules are the entity's (`Entity.remove`); `deletion()` (rules,
// texts, the record history keeps) is shared with bulk delete; this file only maps their outcome
// to HTTP. The read caches are dropped by the hooks every write request passes through
// (./read-cache.ts, ./write-notices.ts).
import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { WRITE } from '../auth/rights'
import type { Database, Db } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { pathId } from '../lists/list-params'
import { type Trash, trashOf } from '../trash/trash'
import { customFields } from './custom-fields'
import type { DeleteOutcome } from './delete-rules'
import { writeIfMatch } from './etag'
import { errors, ok, pathParams } from './responses'

/** How a record is deleted, shared by its DELETE and bulk delete (../bulk) so they cannot drift. */
export interface Deletion {
  entity: string
  /** The single DELETE's 404 text. */
  notFound: string
  /** The record as GET shows it, custom fields included (its history's `before`). */
  shown: (db: Db, id: number) => Promise<object | undefined>
  /** Deletes under the entity's rules, into the trash, recorded in the history. */
  remove: (trx: Transaction<Database>, id: number, operatorId: number) => Promise<DeleteOutcome>
  trash: Trash
}

/** The deletion of an entity's records, with `app`'s custom fields. */
export function deletion(
  app: FastifyInstance,
  entity: Entity & Required<Pick<Entity, 'remove'>>,
): Deletion {
  const custom = customFields(app, entity.schemaId, entity.table)
  const shown = async (db: Db, id: number) => {
    const record = await entity.find(db, id)
    return record && custom.show(db, { id, ...record })
  }
  const trash = trashOf(entity, shown)
  return { entity: entity.schemaId, notFound: entity.notFound, shown, remove: trash.remove, trash }
}

/** Whether the entity's records can be deleted. */
export const deletable = (entity: Entity): entity is Entity & Required<Pick<Entity, 'remove'>> =>
  entity.remove !== undefined

export function registerDeleteRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
) {
  for (const entity of entities.filter(deletable)) {
    const { notFound, shown, remove } = deletion(app, entity)
    const schema = {
      params: pathParams('id'),
      response: { ...ok.deleted, ...errors(...(entity.canBeHeld ? [409, 412] : [412])) },
    }
    app.delete(`${entity.collection}/:id`, { config: WRITE, schema }, async (request, reply) => {
      // `/products/abc` names no product, exactly like `/products/999999`: both are 404.
      const id = pathId(request.params)
      if (id === undefined) throw new HttpError(404, notFound)
      const operatorId = requireOperator(request).id
      // If-Match is honoured as for PUT (412 when stale).
      const result = await writeIfMatch(db, request, {
        record: [entity.table, id],
        current: (conn) => shown(conn, id),
        write: (conn) => conn.transaction().execute((trx) => remove(trx, id, operatorId)),
      })
      if (result.outcome === 'missing') throw new HttpError(404, notFound)
      if (result.outcome === 'refused') throw new HttpError(409, result.detail)
      return reply.code(204).send()
    })
  }
}
