// Bulk loading into the server's SQLite file with better-sqlite3 directly: one transaction,
// prepared many-row INSERTs, explicit ids. Kysely would compile every row; this does not.
import { totalmem } from 'node:os'
import SqliteDatabase, { type Database, type Statement } from 'better-sqlite3'
import { addUnicodeLower, BUSY_TIMEOUT_MS } from '../../server/db/sqlite-setup.mjs'
import type { Batch, TableSpec } from './generate'
import {
  type BeginOptions,
  type BulkTarget,
  MARKETPLACE_TABLES,
  type StepReport,
  timed,
} from './target'

/** Rows per INSERT: binding many rows per statement halves the cost of a row. */
const ROWS_PER_STATEMENT = 32

/** FTS5's documented default for 'hashsize'. */
const DEFAULT_FTS5_HASHSIZE = 1024 * 1024

interface SavedSql {
  name: string
  sql: string
}

export class SqliteTarget implements BulkTarget {
  private readonly file: Database
  private readonly statements = new Map<string, [Statement, Statement]>()
  private indexes: SavedSql[] = []
  private triggers: SavedSql[] = []
  private ftsTables: string[] = []

  constructor(readonly where: string) {
    this.file = new SqliteDatabase(where)
    // As the server opens it (server/db/connection.ts): WAL, and the same Unicode lower() in
    // case a trigger or index expression calls it.
    this.file.pragma('journal_mode = WAL')
    this.file.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    addUnicodeLower(this.file)
    // A big page cache keeps the one large transaction from spilling to the WAL mid-way, and
    // lets each index build sort in memory; the table's pages are read through mmap rather than
    // copied into it. At 10M products: indexes 313 → 2xx s (each build scans the whole table).
    this.file.pragma(`cache_size = -${Math.floor(Math.min(2 * 1024 ** 3, totalmem() / 8) / 1024)}`)
    this.file.pragma('mmap_size = 17179869184')
    this.file.pragma('temp_store = MEMORY')
  }

  async count(table: string): Promise<number> {
    return this.file.prepare(`select count(*) from ${table}`).pluck().get() as number
  }

  async maxId(table: string): Promise<number> {
    return (this.file.prepare(`select max(id) from ${table}`).pluck().get() as number | null) ?? 0
  }

  async ids(table: string): Promise<number[]> {
    return this.file.prepare(`select id from ${table} order by id`).pluck().all() as number[]
  }

  async begin({ wipe, bulkTables }: BeginOptions): Promise<void> {
    // Off for the load: every id the rows refer to was made, or read, inside this transaction
    // (which holds the write lock), so checking each one again would only cost time. The
    // pragma is ignored inside a transaction, hence before BEGIN.
    this.file.pragma('foreign_keys = OFF')
    this.file.exec('begin immediate')
    const tables = new Set(wipe ? [...bulkTables, ...MARKETPLACE_TABLES] : bulkTables)
    this.setAsideIndexes(tables)
    if (wipe) {
      // Without triggers and foreign keys, SQLite empties a table without visiting its rows.
      for (const table of MARKETPLACE_TABLES) this.file.exec(`delete from ${table}`)
      const names = MARKETPLACE_TABLES.map((table) => `'${table}'`).join(', ')
      this.file.exec(`delete from sqlite_sequence where name in (${names})`)
    }
  }

  /**
   * Drops the explicit indexes of these tables and the triggers that keep an FTS5 table in step
   * with them (migration 005), remembering their SQL. Each such FTS5 table must index external
   * content ("content=<table>"), so 'rebuild' can refill it from the table afterwards; triggers
   * that do anything else stay and fire as usual.
   */
  private setAsideIndexes(tables: Set<string>) {
    const schema = this.file
      .prepare(
        `select type, name, tbl_name as "table", sql from sqlite_master where sql is not null`,
      )
      .all() as Array<{ type: string; name: string; table: string; sql: string }>
    this.ftsTables = schema
      .filter((row) => row.type === 'table' && /using\s+fts5/i.test(row.sql))
      .filter((row) => tables.has(/content\s*=\s*['"]?(\w+)/i.exec(row.sql)?.[1] ?? ''))
      .map((row) => row.name)
    const feedsFts = (sql: string) =>
      this.ftsTables.some((fts) => new RegExp(`\\b${fts}\\b`, 'i').test(sql))
    const mine = schema.filter((row) => tables.has(row.table))
    this.indexes = mine.filter((row) => row.type === 'index')
    this.triggers = mine.filter((row) => row.type === 'trigger' && feedsFts(row.sql))
    for (const { name } of this.triggers) this.file.exec(`drop trigger "${name}"`)
    for (const { name } of this.indexes) this.file.exec(`drop index "${name}"`)
  }

  async insert(batch: Batch): Promise<void> {
    const { table, columns, length } = batch
    const width = columns.length
    const [many, one] = this.statementsFor(table)
    // Full groups through the many-row statement, the rest one by one.
    const group = new Array<unknown>(ROWS_PER_STATEMENT * width)
    let r = 0
    for (; r + ROWS_PER_STATEMENT <= length; r += ROWS_PER_STATEMENT) {
      for (let i = 0; i < ROWS_PER_STATEMENT; i += 1) {
        for (let c = 0; c < width; c += 1) group[i * width + c] = columns[c][r + i]
      }
      many.run(group)
    }
    const row = new Array<unknown>(width)
    for (; r < length; r += 1) {
      for (let c = 0; c < width; c += 1) row[c] = columns[c][r]
      one.run(row)
    }
  }

  private statementsFor(table: TableSpec): [Statement, Statement] {
    let statements = this.statements.get(table.name)
    if (!statements) {
      const names = table.columns.map(([name]) => name)
      const values = `(${names.map(() => '?').join(', ')})`
      const insert = (rows: number) =>
        this.file.prepare(
          `insert into ${table.name} (${names.join(', ')}) values ${Array(rows).fill(values).join(', ')}`,
        )
      statements = [insert(ROWS_PER_STATEMENT), insert(1)]
      this.statements.set(table.name, statements)
    }
    return statements
  }

  async commit(step: StepReport): Promise<void> {
    await timed('indexes', step, () => {
      for (const { sql } of this.indexes) this.file.exec(sql)
    })
    await timed('text search', step, () => {
      for (const { sql } of this.triggers) this.file.exec(sql)
      for (const fts of this.ftsTables) this.rebuild(fts)
    })
    this.file.exec('commit')
    this.file.pragma('foreign_keys = ON')
    // Moves the transaction from the WAL into the database file now and shrinks the WAL, rather
    // than leaving it to the server's first write.
    await timed('checkpoint', step, () => this.file.pragma('wal_checkpoint(TRUNCATE)'))
  }

  /**
   * Refills an external-content FTS5 table from its table. A 64 MB buffer of pending terms
   * (FTS5's 'hashsize', 1 MB by default) writes fewer, larger segments: about 40% less time
   * for a million names. The table's own setting is put back afterwards.
   */
  private rebuild(fts: string) {
    // A BigInt binds as an integer, which FTS5 requires here (a JS number binds as a real).
    const command = (name: string, value: number) =>
      this.file.prepare(`insert into ${fts}(${fts}, rank) values (?, ?)`).run(name, BigInt(value))
    const previous = this.file
      .prepare(`select v from ${fts}_config where k = 'hashsize'`)
      .pluck()
      .get() as number | undefined
    command('hashsize', 64 * 1024 * 1024)
    this.file.exec(`insert into ${fts}(${fts}) values ('rebuild')`)
    command('hashsize', previous ?? DEFAULT_FTS5_HASHSIZE)
  }

  async rollback(): Promise<void> {
    if (this.file.inTransaction) this.file.exec('rollback')
  }

  async close(): Promise<void> {
    this.file.close()
  }
}
