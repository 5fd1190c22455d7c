import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import { attachReadWorkers, ReadWorkers } from './read-workers'
import { sqliteDialect } from './sqlite-driver'
import { addUnicodeLower, BUSY_TIMEOUT_MS } from './sqlite-setup.mjs'
import type { Database } from './types'

// The only module that knows which database is in use. Everything else receives a
// Kysely<Database> and writes SQL that both dialects understand.

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: Dialect
  /** Runs `work` while no other instance runs its own (start-up migrations and first operator
   * when several instances start at once): a PostgreSQL advisory lock; SQLite has one process. */
  exclusively<T>(work: () => Promise<T>): Promise<T>
  destroy(): Promise<void>
}

export interface DatabaseOptions {
  /** Told when a PostgreSQL connection fails (the database stopped, the network broke). */
  onConnectionError?: (error: Error) => void
  /** SQLite: worker threads that answer plain reads (config.sqliteReadWorkers; decision 018).
   * 0, the default, runs everything on the main connection: one-shot scripts need no workers. */
  readWorkers?: number
  /** The module that reads whole list pages in the read workers (`ReadWorkers.page`); without
   * it they answer plain SELECTs only. */
  workerPages?: URL
}

export const SQLITE_FILE_NAME = 'backoffice.sqlite'

export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl'> &
  Partial<Pick<Config, 'dbPoolSize' | 'dbStatementTimeoutMs'>>

export function createDatabase(
  config: DatabaseConfig,
  options: DatabaseOptions = {},
): DatabaseHandle {
  const handle = config.databaseUrl
    ? createPostgres(config.databaseUrl, config, options)
    : createSqlite(config.dataDir, options.readWorkers ?? 0, options.workerPages)
  return handle
}

function createSqlite(dataDir: string, readWorkers: number, pages?: URL): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true })
  const filePath = path.join(dataDir, SQLITE_FILE_NAME)
  const file = new SqliteDatabase(filePath)
  // WAL lets readers (the read workers, a backup) run while a write is in progress; NORMAL sync
  // is safe with WAL and much faster; busy_timeout makes a second process (the operator CLI)
  // wait instead of failing.
  file.pragma('journal_mode = WAL')
  file.pragma('synchronous = NORMAL')
  file.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  // SQLite ignores foreign keys (and ON DELETE CASCADE) unless asked, per connection.
  file.pragma('foreign_keys = ON')
  addUnicodeLower(file)
  // Changes to the file that no request announces: data_version moves when another process
  // commits, total_changes when this connection changes rows outside a writing request (a
  // session renewed on a read).
  const dataVersion = file.prepare('pragma data_version').pluck()
  const ownChanges = file.prepare('select total_changes()').pluck()
  const unannounced = () => `${dataVersion.get()}.${ownChanges.get()}`
  const pool =
    readWorkers > 0 ? new ReadWorkers(filePath, readWorkers, pages, unannounced) : undefined
  const db = new Kysely<Database>({
    dialect: sqliteDialect(file, pool),
    plugins: [new CamelCasePlugin()],
  })
  if (pool) attachReadWorkers(db, pool)
  return { db, dialect: 'sqlite', exclusively: (work) => work(), destroy: () => db.destroy() }
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

function createPostgres(
  connectionString: string,
  { dbPoolSize = 10, dbStatementTimeoutMs = 0 }: DatabaseConfig,
  options: DatabaseOptions,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: dbPoolSize,
    // 0 leaves PostgreSQL's own setting (no limit by default).
    ...(dbStatementTimeoutMs > 0 ? { statement_timeout: dbStatementTimeoutMs } : {}),
    // Fail fast when the server is unreachable, so /api/health can answer 503 promptly.
    connectionTimeoutMillis: 5000,
    types: { getTypeParser },
  })
  // pg emits 'error' on a client whose connection dies, and an 'error' event nobody listens to
  // crashes the process. The pool listens only while a client is idle, so every client gets a
  // listener of its own that also covers the time it is in use (e.g. between two statements of
  // a transaction when PostgreSQL shuts down): its query fails by itself, and the pool discards
  // the broken client when it is released.
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)))
  // The pool re-emits an idle client's error, already reported by the listener above.
  pool.on('error', () => {})
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  })
  return {
    db,
    dialect: 'postgres',
    exclusively: (work) => withAdvisoryLock(connectionString, work),
    destroy: () => db.destroy(),
  }
}

/** Any fixed number: every instance of the product asks for the same lock. */
const STARTUP_LOCK = 7_150_001

// The lock is held by a connection of its own, not one of the pool's, so `work` can use the
// whole pool (even a pool of one); it is released when that connection ends, even on a crash.
async function withAdvisoryLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString })
  // A lost connection fails the lock query or releases the lock; it must not crash the process.
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
    return await work()
  } finally {
    await client.end()
  }
}

// Errors that mean "the database cannot be reached right now" rather than "this query is
// wrong": the API answers them 503 so that clients try again later.
// SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, and
// class 08 (connection exceptions).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// pg's own errors for a connection that ended or never came up carry no code, only these texts.
const PG_CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    if (NETWORK_ERRORS.has(code)) return true
  }
  if (PG_CONNECTION_LOST.test(error.message)) return true
  // A refused connection to a host with several addresses arrives as an AggregateError.
  const inner = error instanceof AggregateError ? [...error.errors, error.cause] : [error.cause]
  return inner.some((cause) => isDatabaseUnavailable(cause, depth + 1))
}
