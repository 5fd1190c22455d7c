// Who has which record's edit page open (issue 31, decision 025). An edit page says "I am here"
// every few seconds; someone not heard from for PRESENCE_TTL_MS has left (a closed laptop, a
// killed tab), even if they never said goodbye. Several instances on one PostgreSQL share the
// `presence` table (migration 022), so each sees the same editors. SQLite means one process:
// presence lives in its memory, so a heartbeat writes nothing to the database file (every write
// there would make the read workers drop their caches, ../read-worker-pages.ts).
import type { Db } from '../db/types'

/** The page repeats its heartbeat every 8 s (src/lib/presence.ts): a row older than this has
 * missed two of them, and with the next heartbeat of whoever is still there, an editor who
 * vanished is gone from their page within 30 s. */
export const PRESENCE_TTL_MS = 20_000

/** A record, named as the live changes name it: its collection's path under /api and its id. */
export interface PresenceRecord {
  collection: string
  id: number
}

/** Someone else with the record's edit page open. */
export interface Editor {
  username: string
  /** When they opened it (ISO 8601). */
  since: string
}

export interface PresenceStore {
  /** Notes that the operator has the record open now: true when they were not there already
   * (or had been gone long enough to count as left), so the others must hear of it. */
  join(
    record: PresenceRecord,
    operator: { id: number; username: string },
    now: number,
  ): Promise<boolean>
  /** Forgets them: true when they were there. */
  leave(record: PresenceRecord, operatorId: number): Promise<boolean>
  /** Everyone but `operatorId` seen within the TTL, first come first. */
  others(record: PresenceRecord, operatorId: number, now: number): Promise<Editor[]>
}

const editor = (username: string, since: number): Editor => ({
  username,
  since: new Date(since).toISOString(),
})

/** One process (SQLite). */
export function memoryPresence(): PresenceStore {
  type Seen = { username: string; since: number; seenAt: number }
  /** `collection/id` → operator id → when they came and were last heard from. */
  const records = new Map<string, Map<number, Seen>>()
  const keyOf = ({ collection, id }: PresenceRecord) => `${collection}/${id}`
  /** Drops whoever is gone, everywhere: a few entries per open edit page. */
  const sweep = (now: number) => {
    for (const [key, editors] of records) {
      for (const [id, seen] of editors) if (seen.seenAt < now - PRESENCE_TTL_MS) editors.delete(id)
      if (editors.size === 0) records.delete(key)
    }
  }
  return {
    async join(record, operator, now) {
      const key = keyOf(record)
      const seen = records.get(key)?.get(operator.id)
      if (seen && seen.seenAt >= now - PRESENCE_TTL_MS) {
        seen.seenAt = now
        return false
      }
      sweep(now)
      const editors = records.get(key) ?? new Map<number, Seen>()
      records.set(key, editors)
      editors.set(operator.id, { username: operator.username, since: now, seenAt: now })
      return true
    },
    async leave(record, operatorId) {
      const key = keyOf(record)
      const editors = records.get(key)
      const left = editors?.delete(operatorId) ?? false
      if (editors?.size === 0) records.delete(key)
      return left
    },
    async others(record, operatorId, now) {
      const editors = [...(records.get(keyOf(record)) ?? [])]
      return editors
        .filter(([id, seen]) => id !== operatorId && seen.seenAt >= now - PRESENCE_TTL_MS)
        .sort(([, a], [, b]) => a.since - b.since || a.username.localeCompare(b.username))
        .map(([, seen]) => editor(seen.username, seen.since))
    },
  }
}

/** Every instance on one PostgreSQL (the `presence` table). */
export function tablePresence(db: Db): PresenceStore {
  return {
    async join(record, operator, now) {
      const renewed = await db
        .updateTable('presence')
        .set({ seenAt: now })
        .where('collection', '=', record.collection)
        .where('recordId', '=', record.id)
        .where('operatorId', '=', operator.id)
        .where('seenAt', '>=', now - PRESENCE_TTL_MS)
        .executeTakeFirst()
      if (renewed.numUpdatedRows > 0n) return false
      // Someone new (or back): the moment to sweep out whoever is gone, so the table holds
      // about as many rows as there are open edit pages.
      await db
        .deleteFrom('presence')
        .where('seenAt', '<', now - PRESENCE_TTL_MS)
        .execute()
      await db
        .insertInto('presence')
        .values({
          collection: record.collection,
          recordId: record.id,
          operatorId: operator.id,
          since: now,
          seenAt: now,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['collection', 'recordId', 'operatorId'])
            .doUpdateSet({ since: now, seenAt: now }),
        )
        .execute()
      return true
    },
    async leave(record, operatorId) {
      const left = await db
        .deleteFrom('presence')
        .where('collection', '=', record.collection)
        .where('recordId', '=', record.id)
        .where('operatorId', '=', operatorId)
        .executeTakeFirst()
      return left.numDeletedRows > 0n
    },
    async others(record, operatorId, now) {
      const rows = await db
        .selectFrom('presence')
        .innerJoin('operators', 'operators.id', 'presence.operatorId')
        .select(['operators.username', 'presence.since'])
        .where('presence.collection', '=', record.collection)
        .where('presence.recordId', '=', record.id)
        .where('presence.operatorId', '!=', operatorId)
        .where('presence.seenAt', '>=', now - PRESENCE_TTL_MS)
        .orderBy('presence.since')
        .orderBy('operators.username')
        .execute()
      return rows.map((row) => editor(row.username, Number(row.since)))
    },
  }
}
