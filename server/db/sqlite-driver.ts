import type SqliteDatabase from 'better-sqlite3'
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  IdentifierNode,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import type { ReadWorkers } from './read-workers'
import { reusingStatements } from './sqlite-setup.mjs'

// Kysely's own SQLite driver lends its one connection to one caller at a time, every SELECT
// included. This one keeps that for everything that writes, and sends plain reads to the read
// workers (decision 018):
// - a SELECT on a connection that holds nothing goes to the workers, without waiting;
// - any other statement, a transaction (begin to release) and a stream first claim the main
//   connection, waiting while another caller holds it, and keep it until Kysely releases
//   the connection; every statement after that runs on the main connection.
// An autocommit write has therefore committed before its caller sends the next read, which a
// worker then sees; a transaction's uncommitted rows stay on the main connection.

/** Kysely's SQLite dialect with the driver below. */
export function sqliteDialect(
  file: SqliteDatabase.Database,
  readWorkers: ReadWorkers | undefined,
): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new RoutingDriver(file, readWorkers),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  }
}

class RoutingDriver implements Driver {
  readonly #main: MainConnection
  readonly #readWorkers: ReadWorkers | undefined
  readonly #mutex = new Mutex()

  constructor(file: SqliteDatabase.Database, readWorkers: ReadWorkers | undefined) {
    this.#main = new MainConnection(file)
    this.#readWorkers = readWorkers
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#main, this.#mutex, this.#readWorkers)
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).claim()
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(savepointCommand('savepoint', name, compileQuery))
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(savepointCommand('rollback to', name, compileQuery))
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(savepointCommand('release', name, compileQuery))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as RoutedConnection).release()
  }

  async destroy(): Promise<void> {
    await this.#readWorkers?.destroy()
    this.#main.close()
  }
}

/** As Kysely's own driver words them: the name goes through the compiler's identifier quoting. */
function savepointCommand(
  command: string,
  name: string,
  compileQuery: QueryCompiler['compileQuery'],
): CompiledQuery {
  const node = RawNode.createWithChildren([
    RawNode.createWithSql(`${command} `),
    IdentifierNode.create(name),
  ])
  return compileQuery(node, createQueryId())
}

/** One caller's connection as Kysely sees it (acquire to release). */
class RoutedConnection implements DatabaseConnection {
  readonly #main: MainConnection
  readonly #mutex: Mutex
  readonly #readWorkers: ReadWorkers | undefined
  #claimed = false

  constructor(main: MainConnection, mutex: Mutex, readWorkers: ReadWorkers | undefined) {
    this.#main = main
    this.#mutex = mutex
    this.#readWorkers = readWorkers
  }

  async claim(): Promise<void> {
    if (this.#claimed) return
    await this.#mutex.lock()
    this.#claimed = true
  }

  release(): void {
    if (!this.#claimed) return
    this.#claimed = false
    this.#mutex.unlock()
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#claimed && this.#readWorkers && SelectQueryNode.is(compiledQuery.query)) {
      const rows = await this.#readWorkers.read(compiledQuery.sql, compiledQuery.parameters)
      return { rows: rows as R[] }
    }
    await this.claim()
    return this.#main.executeQuery(compiledQuery)
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    await this.claim()
    yield* this.#main.streamQuery<R>(compiledQuery)
  }
}

/** The better-sqlite3 connection every write and transaction uses, run as Kysely's own driver
 * runs it, with compiled statements reused. */
class MainConnection {
  readonly #file: SqliteDatabase.Database
  readonly #prepare: (sqlText: string) => SqliteDatabase.Statement

  constructor(file: SqliteDatabase.Database) {
    this.#file = file
    this.#prepare = reusingStatements(file)
  }

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(sql)
    if (statement.reader) return { rows: statement.all(parameters) as R[] }
    const { changes, lastInsertRowid } = statement.run(parameters)
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    }
  }

  async *streamQuery<R>({
    sql,
    parameters,
    query,
  }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query)) {
      throw new Error('Sqlite driver only supports streaming of select queries')
    }
    for (const row of this.#prepare(sql).iterate(parameters)) yield { rows: [row as R] }
  }

  close(): void {
    this.#file.close()
  }
}

/** Kysely's ConnectionMutex: one holder at a time, the others wait in turn. */
class Mutex {
  #held: Promise<void> | undefined
  #free: (() => void) | undefined

  async lock(): Promise<void> {
    while (this.#held) await this.#held
    this.#held = new Promise((resolve) => {
      this.#free = resolve
    })
  }

  unlock(): void {
    const free = this.#free
    this.#held = undefined
    this.#free = undefined
    free?.()
  }
}
