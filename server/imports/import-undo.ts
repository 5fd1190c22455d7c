// POST /api/imports/{batchId}/undo (issue 29): reverts a whole import in one transaction. A
// record the import created is deleted under its delete rules; one it changed gets back the
// values its history entry holds as `before`, through the entity's own update. A record whose
// history has anything after the import's entry changed since: then nothing is undone (409
// naming them). Each record's undo is recorded as action `undo` with the import's batch id.
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { Database, Db } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { customFields } from '../lib/custom-fields'
import { auditor, type Changes, changesBetween, recordHistory } from '../lib/history'
import { lockedTransaction } from './import-lock'

const IMPORT_NOT_FOUND = 'Import not found'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How many records a 409 names (then "and N more"). */
const NAMED = 20

export async function undoImport(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
  batchId: string,
  operatorId: number,
): Promise<{ deleted: number; reverted: number }> {
  // Batch ids are UUIDs: anything else names no import (and a NUL would upset PostgreSQL).
  if (!UUID.test(batchId)) throw new HttpError(404, IMPORT_NOT_FOUND)
  const run = await db
    .selectFrom('imports')
    .selectAll()
    .where('batchId', '=', batchId)
    .executeTakeFirst()
  const entity = entities.find((candidate) => candidate.collection === run?.collection)
  if (!run || !entity?.import) throw new HttpError(404, IMPORT_NOT_FOUND)
  if (run.undoneAt !== null) throw new HttpError(409, 'This import was already undone')
  const how = entity.import
  const custom = customFields(app, entity.schemaId, entity.table)
  const shown = async (conn: Db, id: number) => {
    const record = await entity.find(conn, id)
    return record && custom.show(conn, { id, ...record })
  }
  const as = { action: 'undo', batchId } as const
  const audit = auditor(operatorId, entity.schemaId, shown, undefined, as)

  return lockedTransaction(db, entity.collection, async (trx) => {
    const changedSince = await sql<{ entityId: number }>`
      select distinct later.entity_id as "entityId" from history entry
      join history later on later.entity = entry.entity and later.entity_id = entry.entity_id
        and later.id > entry.id
      where entry.batch_id = ${batchId} and entry.action = 'import'
      order by 1`.execute(trx)
    if (changedSince.rows.length > 0) {
      throw new HttpError(409, changedDetail(changedSince.rows.map((row) => row.entityId)))
    }
    const entries = await trx
      .selectFrom('history')
      .select(['entityId', 'changes'])
      .where('batchId', '=', batchId)
      .where('action', '=', 'import')
      .orderBy('id', 'desc')
      .execute()
    let deleted = 0
    let reverted = 0
    for (const entry of entries) {
      const current = (await shown(trx, entry.entityId)) as Record<string, unknown> | undefined
      if (!current) continue
      if (await createdBy(trx, entity, entry.entityId, run.at)) {
        const outcome = await entity.remove?.(trx, entry.entityId)
        if (outcome?.outcome === 'refused') {
          throw new HttpError(409, `Record ${entry.entityId} cannot be deleted: ${outcome.detail}`)
        }
        await recordHistory(trx, {
          operatorId,
          entity: entity.schemaId,
          entityId: entry.entityId,
          action: 'undo',
          changes: changesBetween(current, undefined),
          batchId,
        })
        deleted += 1
        continue
      }
      const before = JSON.parse(entry.changes) as Changes
      const record = { ...current }
      for (const [field, change] of Object.entries(before)) record[field] = change.before
      const body = how.body(record)
      how.normalise?.(body)
      await how.update(trx, entry.entityId, body, custom.write('update', body), audit)
      reverted += 1
    }
    await trx
      .updateTable('imports')
      .set({ undoneAt: Date.now() })
      .where('batchId', '=', batchId)
      .execute()
    return { deleted, reverted }
  })
}

/** The import created the record (it did not exist before the import began). */
async function createdBy(db: Db, entity: Entity, id: number, at: number): Promise<boolean> {
  const row = await (db as Kysely<Record<string, { id: number; createdAt: number }>>)
    .selectFrom(entity.table)
    .select('createdAt')
    .where('id', '=', id)
    .executeTakeFirst()
  return row !== undefined && Number(row.createdAt) >= at
}

function changedDetail(ids: number[]): string {
  const named = ids.slice(0, NAMED).join(', ')
  const more = ids.length > NAMED ? ` and ${ids.length - NAMED} more` : ''
  const records = ids.length === 1 ? 'record has' : 'records have'
  return `Nothing was undone: ${ids.length} ${records} changed since the import (ids ${named}${more})`
}
