// POST /api/imports/{batchId}/undo (issue 29): reverts a whole import in one transaction. A
// record the import created is deleted under its delete rules; one it changed gets back the
// values its history entry holds as `before`, through the entity's own batch update. A record
// whose history has anything after the import's entry changed since: then nothing is undone
// (409 naming them). Each record's undo is recorded as action `undo` with the import's batch id.
import { type Kysely, sql } from 'kysely'
import type { Database, Db } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { type Changes, changesBetween, recordHistories } from '../lib/history'
import type { Body } from './entity-import'
import { lockedTransaction } from './import-lock'
import type { ImportPlan } from './import-plan'
import { BATCH } from './import-run'
import { type RecordsToWrite, writeRecords } from './import-write'

const IMPORT_NOT_FOUND = 'Import not found'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How many records a 409 names (then "and N more"). */
const NAMED = 20

export async function undoImport(
  db: Kysely<Database>,
  plans: ReadonlyMap<string, ImportPlan>,
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
  const plan = run && plans.get(run.collection)
  if (!run || !plan) throw new HttpError(404, IMPORT_NOT_FOUND)
  if (run.undoneAt !== null) throw new HttpError(409, 'This import was already undone')
  const { entity, how } = plan
  const as = { operatorId, action: 'undo', batchId } as const

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
    for (let start = 0; start < entries.length; start += BATCH) {
      const batch = entries.slice(start, start + BATCH)
      const ids = batch.map((entry) => entry.entityId)
      const shown = await plan.shown(trx, ids)
      const created = await createdSince(trx, entity, ids, run.at)
      const toWrite: RecordsToWrite = { creates: [], updates: [] }
      for (const entry of batch) {
        const current = shown.get(entry.entityId)
        if (!current) continue
        if (created.has(entry.entityId)) {
          const outcome = await entity.remove?.(trx, entry.entityId)
          if (outcome?.outcome === 'refused') {
            throw new HttpError(
              409,
              `Record ${entry.entityId} cannot be deleted: ${outcome.detail}`,
            )
          }
          await recordHistories(trx, [
            {
              ...as,
              entity: entity.schemaId,
              entityId: entry.entityId,
              changes: changesBetween(current, undefined),
            },
          ])
          deleted += 1
          continue
        }
        const record: Body = { ...current }
        for (const [field, change] of Object.entries(JSON.parse(entry.changes) as Changes)) {
          record[field] = change.before
        }
        const body = how.body(record)
        how.normalise?.(body)
        toWrite.updates.push({ id: entry.entityId, body, before: current })
        reverted += 1
      }
      await writeRecords(trx, plan, toWrite, as)
    }
    await trx
      .updateTable('imports')
      .set({ undoneAt: Date.now() })
      .where('batchId', '=', batchId)
      .execute()
    return { deleted, reverted }
  })
}

/** Those of these records the import created (they did not exist before the import began). */
async function createdSince(
  db: Db,
  entity: Entity,
  ids: number[],
  at: number,
): Promise<Set<number>> {
  const rows = await (db as Kysely<Record<string, { id: number; createdAt: number }>>)
    .selectFrom(entity.table)
    .select(['id', 'createdAt'])
    .where('id', 'in', ids)
    .execute()
  return new Set(rows.filter((row) => Number(row.createdAt) >= at).map((row) => row.id))
}

function changedDetail(ids: number[]): string {
  const named = ids.slice(0, NAMED).join(', ')
  const more = ids.length > NAMED ? ` and ${ids.length - NAMED} more` : ''
  const records = ids.length === 1 ? 'record has' : 'records have'
  return `Nothing was undone: ${ids.length} ${records} changed since the import (ids ${named}${more})`
}
