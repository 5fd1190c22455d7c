// A write that may run alone (its own transaction) or as one step of a larger one (a CSV
// import writes many records in one transaction): Kysely cannot open a transaction inside one.
import type { Transaction } from 'kysely'
import type { Database, Db } from './types'

export function inTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work)
}
