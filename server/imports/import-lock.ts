// One import (or undo) per collection at a time (issue 29): a second answers 409 at once instead
// of waiting. In this process a set of busy collections; on PostgreSQL also a transaction-level
// advisory lock, so it holds across every instance on the database and ends with the transaction
// whatever happens to the process.
import { createHash } from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'
import { HttpError } from '../errors'

export const BUSY = 'Another import of this list is running: try again when it has finished'

const busy = new Set<string>()

/** Runs `work` in a transaction holding the collection's import lock: 409 when another holds
 * it. (Checked before the transaction opens: on SQLite it would wait for the other's.) */
export async function lockedTransaction<T>(
  db: Kysely<Database>,
  collection: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (busy.has(collection)) throw new HttpError(409, BUSY)
  busy.add(collection)
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await instancesLock(trx, collection))) throw new HttpError(409, BUSY)
      return work(trx)
    })
  } finally {
    busy.delete(collection)
  }
}

/** PostgreSQL: takes the lock every instance sees until `trx` ends; false when another holds it.
 * (SQLite has one writer, this process.) */
export async function instancesLock(trx: Transaction<Database>, collection: string) {
  if (!isPostgres(trx)) return true
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(${LOCK_SPACE}::int4, ${key(collection)}::int4) as locked
  `.execute(trx)
  return rows[0]?.locked === true
}

/** The lock's first key, apart from the record locks of lib/etag.ts. */
const LOCK_SPACE = key('imports')

function key(text: string): number {
  return createHash('sha256').update(text).digest().readInt32BE(0)
}
