// Writing a batch of records an import (or its undo) checked: the entity's own batch create and
// update, then every record's history entry, read back as GET shows it, in one multi-row insert.
// All inside the caller's transaction.
import type { Transaction } from 'kysely'
import type { Database } from '../db/types'
import { changesBetween, type HistoryAction, recordHistories } from '../lib/history'
import type { Body } from './entity-import'
import type { ImportPlan } from './import-plan'

/** Who writes, and how the history names it. */
export interface WrittenAs {
  operatorId: number
  action: HistoryAction
  batchId: string
}

export interface RecordsToWrite {
  creates: Body[]
  /** `before`: the record as GET showed it. */
  updates: Array<{ id: number; body: Body; before: Body }>
}

export async function writeRecords(
  trx: Transaction<Database>,
  plan: ImportPlan,
  { creates, updates }: RecordsToWrite,
  as: WrittenAs,
): Promise<void> {
  const { how, custom } = plan
  // An entity's batch writes are never called with nothing to write.
  const createdIds =
    creates.length === 0
      ? []
      : await how.create(
          trx,
          creates.map((body) => ({ body, attributes: custom.write('create', body) })),
        )
  if (updates.length > 0) {
    await how.update(
      trx,
      updates.map(({ id, body }) => ({ id, body, attributes: custom.write('update', body) })),
    )
  }
  const written = [
    ...createdIds.map((id) => ({ id, before: undefined })),
    ...updates.map(({ id, before }) => ({ id, before })),
  ]
  if (written.length === 0) return
  const after = await plan.shown(
    trx,
    written.map(({ id }) => id),
  )
  await recordHistories(
    trx,
    written.map(({ id, before }) => ({
      ...as,
      entity: plan.entity.schemaId,
      entityId: id,
      changes: changesBetween(before, after.get(id)),
    })),
  )
}
