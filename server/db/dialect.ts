// Which database a handle (or a transaction on it) talks to, where their SQL differs.
import { PostgresAdapter } from 'kysely'
import type { Db } from './types'

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
