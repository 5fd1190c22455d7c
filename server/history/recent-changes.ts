// The latest changes across every collection (the dashboard's "Recent changes"): history entries
// of the descriptors' records, newest first, each with its operator and the record's readable
// name while the record still exists. Ids grow with time, so the page walks the history's
// primary key backwards; the few entries of no collection (an operator's own sign-in settings,
// the team) are skipped on the way. The total is counted from an index once per write
// (../lib/read-cache.ts); when it is from before the latest write, one entry more tells whether
// another page follows.
import { sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Db } from '../db/types'
import { collectionName, type Entity } from '../entity'
import { cachedTotal } from '../lib/read-cache'
import { countRows, type Page } from '../lists/list-engine'
import type { PageRequest } from '../lists/list-params'
import { ENTRY_COLUMNS, type HistoryItem } from './history-queries'

/** One entry as GET /api/history answers it. */
export interface RecentChange extends Omit<HistoryItem, 'changes'> {
  /** The record's collection, as its path under /api names it (`products`). */
  collection: string
  recordId: number
  /** The record's name as its page heads it; null once the record is gone. */
  name: string | null
  /** The fields the change touched, by name. */
  fields: string[]
}

/** The page's entries of these entities (schema ids), newest first, with their operators, and
 * the first entry of the next page if there is one. */
export function recentPage(db: Db, kinds: string[], { page, pageSize }: PageRequest) {
  // Read by walking the ids down: SQLite, without statistics, would otherwise take the entity
  // index and sort every entry for a page (the unary + keeps it off that index).
  const kind = isPostgres(db) ? sql.ref('history.entity') : sql`+history.entity`
  return db
    .selectFrom('history')
    .where(kind, 'in', kinds)
    .leftJoin('operators', 'operators.id', 'history.operatorId')
    .select([...ENTRY_COLUMNS, 'history.entity', 'history.entityId'])
    .orderBy('history.id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
}

export async function listRecentChanges(
  db: Db,
  entities: readonly Entity[],
  request: PageRequest,
): Promise<Page<RecentChange>> {
  const bySchema = new Map(entities.map((entity) => [entity.schemaId, entity]))
  const kinds = [...bySchema.keys()]
  // Counted from history_record_idx (entity first) alone, never reading the entries.
  const entries = db.selectFrom('history').where('history.entity', 'in', kinds)
  const [found, { total, exact }] = await Promise.all([
    recentPage(db, kinds, request).execute(),
    cachedTotal(db, `recent-changes:${kinds.join(',')}`, () => countRows(entries)),
  ])
  const rows = found.slice(0, request.pageSize)
  const names = await recordNames(
    db,
    rows.map((row) => ({ entity: bySchema.get(row.entity) as Entity, id: row.entityId })),
  )
  return {
    rows: rows.map((row) => {
      const entity = bySchema.get(row.entity) as Entity
      return {
        id: row.id,
        at: new Date(row.at).toISOString(),
        operator: { id: row.operatorId, username: row.username },
        action: row.action,
        partId: row.partId,
        collection: collectionName(entity),
        recordId: row.entityId,
        name: names.get(`${entity.schemaId}:${row.entityId}`) ?? null,
        fields: Object.keys(JSON.parse(row.changes) as object),
      }
    }),
    total,
    totalExact: exact,
    hasNext: found.length > request.pageSize,
  }
}

/** The names of these records that still exist, by `schemaId:id`: one query per collection. */
async function recordNames(
  db: Db,
  records: Array<{ entity: Entity; id: number }>,
): Promise<Map<string, string>> {
  const idsByEntity = new Map<Entity, Set<number>>()
  for (const { entity, id } of records) {
    if (!entity.nameColumns?.length) continue
    const ids = idsByEntity.get(entity) ?? new Set()
    idsByEntity.set(entity, ids.add(id))
  }
  const names = new Map<string, string>()
  await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      const columns = entity.nameColumns ?? []
      const found = await db
        .selectFrom(entity.table as 'products')
        .select(['id', ...columns.map((column) => sql.ref(column).as(column))])
        .where('id', 'in', [...ids])
        .execute()
      for (const row of found as Array<Record<string, unknown>>) {
        const name = columns
          .map((column) => row[column])
          .filter((part) => typeof part === 'string' && part !== '')
          .join(' ')
        names.set(`${entity.schemaId}:${row.id}`, name)
      }
    }),
  )
  return names
}
