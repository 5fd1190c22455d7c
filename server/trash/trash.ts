// The trash of one entity (decision 022): a delete under the entity's rules moves the record's
// rows here, a restore puts them back with the same ids, a delete for good drops them. Each
// runs inside the caller's transaction (single and bulk alike) and records itself in the
// record's history: `delete`, `restore`, `purge`.
import { sql, type Transaction } from 'kysely'
import { constraintViolation, violationDetail } from '../db/constraint-errors'
import { isPostgres } from '../db/dialect'
import type { Database, Db } from '../db/types'
import type { Entity, Row } from '../entity'
import { forgetKeptImages } from '../images/kept-images'
import type { DeleteOutcome } from '../lib/delete-rules'
import { changesBetween, recordHistory } from '../lib/history'
import { decodeRows, encodeRows, partsOf, putBack } from './trash-rows'

export type RestoreOutcome =
  | { outcome: 'restored'; record: object | undefined }
  | { outcome: 'missing' }
  /** It can no longer stand; `detail` says why, for the 409. */
  | { outcome: 'refused'; detail: string }

export interface Trash {
  remove(trx: Transaction<Database>, id: number, operatorId: number): Promise<DeleteOutcome>
  restore(trx: Transaction<Database>, id: number, operatorId: number): Promise<RestoreOutcome>
  /** False when the record is not in the trash. */
  purge(db: Db, id: number, operatorId: number): Promise<boolean>
}

/** `shown` reads the record as GET shows it (custom fields included). */
export function trashOf(
  entity: Entity & Required<Pick<Entity, 'remove'>>,
  shown: (db: Db, id: number) => Promise<object | undefined>,
): Trash {
  const record = (db: Db, id: number) =>
    db
      .selectFrom('trash')
      .selectAll()
      .where('entity', '=', entity.schemaId)
      .where('recordId', '=', id)
  const history = (db: Db, id: number, operatorId: number, action: TrashAction, changes = {}) =>
    recordHistory(db, { operatorId, entity: entity.schemaId, entityId: id, action, changes })

  return {
    async remove(trx, id, operatorId) {
      const before = await shown(trx, id)
      const parts = await partsOf(trx, entity, id)
      const outcome = await entity.remove(trx, id)
      if (outcome.outcome !== 'deleted') return outcome
      const rows = { ...parts, [entity.table]: [outcome.record as Row] }
      await trx
        .insertInto('trash')
        .values({
          entity: entity.schemaId,
          recordId: id,
          rows: encodeRows(rows),
          shown: JSON.stringify(before ?? { id }),
          deletedAt: Date.now(),
          deletedBy: operatorId,
        })
        .execute()
      await history(trx, id, operatorId, 'delete', changesBetween(before, undefined))
      return outcome
    },

    async restore(trx, id, operatorId) {
      // Locked (PostgreSQL), so two restores of one record cannot both put it back.
      const trashed = await record(trx, id)
        .$if(isPostgres(trx), (q) => q.forUpdate())
        .executeTakeFirst()
      if (!trashed) return { outcome: 'missing' }
      const checked = entity.trash?.check
        ? await entity.trash.check(trx, decodeRows(trashed.rows))
        : decodeRows(trashed.rows)
      if (typeof checked === 'string') return { outcome: 'refused', detail: checked }
      // A savepoint: a row the database refuses (a key taken meanwhile) leaves the rest of a
      // bulk restore's transaction usable on PostgreSQL.
      await sql`savepoint restore_record`.execute(trx)
      try {
        await putBack(trx, entity, checked)
      } catch (error) {
        const detail = refusal(error)
        if (detail === undefined) throw error
        await sql`rollback to savepoint restore_record`.execute(trx)
        return { outcome: 'refused', detail }
      }
      await sql`release savepoint restore_record`.execute(trx)
      await trx.deleteFrom('trash').where('id', '=', trashed.id).execute()
      const after = await shown(trx, id)
      await history(trx, id, operatorId, 'restore', changesBetween(undefined, after))
      return { outcome: 'restored', record: after }
    },

    async purge(db, id, operatorId) {
      const { numDeletedRows } = await db
        .deleteFrom('trash')
        .where('entity', '=', entity.schemaId)
        .where('recordId', '=', id)
        .executeTakeFirst()
      if (Number(numDeletedRows) === 0) return false
      await forgetKeptImages(db, entity.schemaId, id)
      await history(db, id, operatorId, 'purge')
      return true
    },
  }
}

type TrashAction = 'delete' | 'restore' | 'purge'

/** The 409 of a row the database refuses: a unique key taken, a record it names gone. */
function refusal(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code
  if (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  ) {
    return 'It can no longer be restored: another record now holds one of its unique values'
  }
  const violation = constraintViolation(error)
  return violation && `It can no longer be restored: ${violationDetail(violation)}`
}

/** Why a record cannot come back while `id` of `entity` (what it names: its parent, its
 * provider) is gone: in the trash, by name, or deleted for good. */
export async function goneDetail(db: Db, entity: string, id: number, what: string) {
  const trashed = await db
    .selectFrom('trash')
    .select('shown')
    .where('entity', '=', entity)
    .where('recordId', '=', id)
    .executeTakeFirst()
  if (!trashed) return `Its ${what} no longer exists`
  const { name, brandName } = JSON.parse(trashed.shown) as { name?: string; brandName?: string }
  return `Its ${what} "${name ?? brandName ?? id}" is in the trash: restore it first`
}
