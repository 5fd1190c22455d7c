// Reading the trash of one entity: a page of its deleted records, newest deletion first
// (trash_list_idx of migration 019), each as GET showed it with when and by whom it was deleted.
import type { Db } from '../db/types'
import type { PageRequest } from '../lists/list-params'

export interface TrashedItem {
  id: number
  [field: string]: unknown
  /** ISO 8601, UTC. */
  deletedAt: string
  /** `username` is null if the operator no longer exists. */
  deletedBy: { id: number; username: string | null }
}

export async function listTrash(
  db: Db,
  entity: string,
  { page, pageSize }: PageRequest,
): Promise<{ rows: TrashedItem[]; total: number }> {
  const entries = db.selectFrom('trash').where('trash.entity', '=', entity)
  const [rows, count] = await Promise.all([
    entries
      .leftJoin('operators', 'operators.id', 'trash.deletedBy')
      .select([
        'trash.recordId',
        'trash.shown',
        'trash.deletedAt',
        'trash.deletedBy',
        'operators.username',
      ])
      .orderBy('trash.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    entries.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    rows: rows.map((row) => ({
      ...(JSON.parse(row.shown) as object),
      id: row.recordId,
      deletedAt: new Date(row.deletedAt).toISOString(),
      deletedBy: { id: row.deletedBy, username: row.username },
    })),
    total: Number(count.total),
  }
}

/** The ids in the trash, oldest deletion first, at most `limit` (bulk restore of "all"). */
export async function trashedIds(db: Db, entity: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('trash')
    .select('recordId')
    .where('entity', '=', entity)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => row.recordId)
}
