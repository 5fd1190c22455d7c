import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import type { Database } from './types'

// The only module that knows which database is in use. Everything else receives a
// Kysely<Database> and writes SQL that both dialects understand.

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: Dialect
  destroy(): Promise<void>
}

export interface DatabaseOptions {
  /** Called for errors on idle PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void
}

export const SQLITE_FILE_NAME = 'backoffice.sqlite'

export function createDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: DatabaseOptions = {},
): DatabaseHandle {
  const handle = config.databaseUrl
    ? createPostgres(config.databaseUrl, options)
    : createSqlite(config.dataDir)
  return handle
}

function createSqlite(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true })
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME))
  // WAL lets readers run while a write is in progress; NORMAL sync is safe with WAL and much
  // faster; busy_timeout makes a second process (the operator CLI) wait instead of failing.
  file.pragma('journal_mode = WAL')
  file.pragma('synchronous = NORMAL')
  file.pragma('busy_timeout = 5000')
  // SQLite ignores foreign keys (and ON DELETE CASCADE) unless asked, per connection.
  file.pragma('foreign_keys = ON')
  // SQLite's lower() folds ASCII only, so a filter "àmàlà" would miss "Àmàlà" while PostgreSQL
  // finds it. Case-insensitive filters compare lower(column) with a pattern lowered in
  // JavaScript; make lower() the same full Unicode lowering here.
  file.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  )
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: file }),
    plugins: [new CamelCasePlugin()],
  })
  return { db, dialect: 'sqlite', destroy: () => db.destroy() }
}

// pg returns int8 (bigint, count(*)) and numeric as strings to avoid precision loss. Our
// values (epoch milliseconds, counts, prices in naira with kobo) fit a JS number exactly, and
// SQLite returns numbers, so parse them here to keep both dialects identical.
const INT8_OID = 20
const NUMERIC_OID = 1700
const getTypeParser = ((oid: number, format?: 'text' | 'binary') => {
  if (oid === INT8_OID || oid === NUMERIC_OID) {
    return (value: string) => (value === null ? null : Number(value))
  }
  return pg.types.getTypeParser(oid, format)
}) as typeof pg.types.getTypeParser

function createPostgres(connectionString: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Fail fast when the server is unreachable, so /api/health can answer 503 promptly.
    connectionTimeoutMillis: 5000,
    types: { getTypeParser },
  })
  pool.on('error', (error) => options.onPoolError?.(error))
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  })
  return { db, dialect: 'postgres', destroy: () => db.destroy() }
}
