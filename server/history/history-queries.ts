// Reading one record's history, newest first (the history_record_idx index of migration 011).
import type { Db } from '../db/types'
import type { Changes, HistoryEntity } from '../lib/history'
import type { PageRequest } from '../lists/list-params'

/** One entry as GET /{entity}/{id}/history answers it (keys in that order). */
export interface HistoryItem {
  id: number
  /** When, as an ISO 8601 instant in UTC. */
  at: string
  /** Who; `username` is null if the operator no longer exists. */
  operator: { id: number; username: string | null }
  action: string
  /** The part of the record the action concerns (a product image's id), else null. */
  partId: number | null
  changes: Changes
}

/** An entry's columns as a page of history shows it (joined with its operator). */
export const ENTRY_COLUMNS = [
  'history.id',
  'history.at',
  'history.operatorId',
  'operators.username',
  'history.action',
  'history.partId',
  'history.changes',
] as const

export async function listHistory(
  db: Db,
  entity: HistoryEntity,
  entityId: number,
  { page, pageSize }: PageRequest,
): Promise<{ rows: HistoryItem[]; total: number }> {
  const entries = db
    .selectFrom('history')
    .where('history.entity', '=', entity)
    .where('history.entityId', '=', entityId)
  const [rows, count] = await Promise.all([
    entries
      .leftJoin('operators', 'operators.id', 'history.operatorId')
      .select(ENTRY_COLUMNS)
      .orderBy('history.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    entries.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    rows: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      operator: { id: row.operatorId, username: row.username },
      action: row.action,
      partId: row.partId,
      changes: JSON.parse(row.changes) as Changes,
    })),
    total: Number(count.total),
  }
}
