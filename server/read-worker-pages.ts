// The pages module of SQLite's read workers (db/read-worker.mjs loads it as a worker starts,
// decision 018): whole list pages (lists/list-pages.ts) of every list that reads in the workers,
// on the worker's read-only connection, with a read cache of its own. Every write reaches the
// file through another connection (the main one, or another process such as the operator CLI),
// and SQLite then changes this connection's data_version: the cache is forgotten before the next
// page, so it keeps its answers, exact, until the next write.
import type SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely'
import type { Database } from './db/types'
import { ENTITIES } from './entities'
import { forgetReadCaches, keepUntilForgotten } from './lib/read-cache'
import type { AnyListSource } from './lists/list-engine'
import { type PageJob, pageJson } from './lists/list-pages'

/** This module, for `createDatabase`'s `workerPages`. */
export const READ_WORKER_PAGES = new URL(import.meta.url)

const SOURCES = new Map<string, AnyListSource>(
  ENTITIES.filter(({ list }) => list.source.inReadWorkers).map(({ list }) => [
    list.source.name,
    list.source,
  ]),
)

export function workerPages(prepare: (sql: string) => SqliteDatabase.Statement) {
  // Kysely's SQLite dialect calls only `prepare` (and `close` when destroyed) on the database.
  const database = { prepare, close: () => {} } as unknown as SqliteDatabase.Database
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  })
  keepUntilForgotten(db)
  const dataVersion = () =>
    (prepare('pragma data_version').get() as { data_version: number }).data_version
  let seen = dataVersion()
  return {
    json: (job: PageJob) => {
      const version = dataVersion()
      if (version !== seen) {
        seen = version
        forgetReadCaches(db)
      }
      const source = SOURCES.get(job.list)
      if (!source) throw new Error(`The read workers do not read the list ${job.list}`)
      return pageJson(db, source, job)
    },
  }
}
