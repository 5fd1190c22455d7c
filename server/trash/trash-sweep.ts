// Emptying the trash (decision 022): a record deleted more than TRASH_DAYS days ago is deleted
// for good (with the images its versions kept), its history keeping a `purge` by operator 0
// (the server itself). On PostgreSQL several instances share the database: a transaction-scoped
// advisory lock lets one instance sweep at a time and the others skip their turn. SQLite has
// one process.

import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'
import { forgetKeptImages } from '../images/kept-images'
import { recordHistory } from '../lib/history'

const DAY_MS = 24 * 60 * 60 * 1000
/** At most this many records a sweep, so one sweep never holds a long transaction. */
const SWEEP_BATCH = 500
/** The advisory lock's key: "trash" in ASCII. */
const SWEEP_LOCK = 0x7472_6173
/** How often each instance sweeps. */
const SWEEP_EVERY_MS = 60 * 60 * 1000

/** Deletes for good what is old enough: how many, or undefined when another instance sweeps. */
export function sweepTrash(
  db: Kysely<Database>,
  { days, now = Date.now() }: { days: number; now?: number },
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`.execute(trx)
      if (!rows[0]?.locked) return undefined
    }
    const old = await trx
      .selectFrom('trash')
      .select(['id', 'entity', 'recordId'])
      .where('deletedAt', '<=', now - days * DAY_MS)
      .orderBy('id')
      .limit(SWEEP_BATCH)
      .execute()
    if (old.length === 0) return 0
    await trx
      .deleteFrom('trash')
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .execute()
    for (const row of old) {
      await forgetKeptImages(trx, row.entity, row.recordId)
      await recordHistory(trx, {
        operatorId: 0,
        entity: row.entity,
        entityId: row.recordId,
        action: 'purge',
        changes: {},
      })
    }
    return old.length
  })
}

/** Sweeps now and every hour until the returned function is called (main.ts, on shutdown). */
export function startTrashSweeps(
  db: Kysely<Database>,
  days: number,
  onError: (error: unknown) => void,
): () => void {
  const sweep = async () => {
    try {
      // A full batch: more may be waiting.
      while ((await sweepTrash(db, { days })) === SWEEP_BATCH) {}
    } catch (error) {
      onError(error)
    }
  }
  void sweep()
  const timer = setInterval(sweep, SWEEP_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
