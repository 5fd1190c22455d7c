// The read workers' whole list pages (../list-pages.ts): ./read-worker.mjs loads this as it
// starts. Its Kysely reads on the worker's read-only connection, with a read cache of its own.
// Every write reaches the file through another connection (the main one, or another process such
// as the operator CLI), and SQLite then changes this connection's data_version: the cache is
// forgotten before the next page, so it keeps its answers, exact, until the next write.
import type SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely'
import { forgetReadCaches, keepUntilForgotten } from '../lib/read-cache'
import { type PageJob, pageJson } from '../list-pages'
import type { Database } from './types'

export function workerPages(prepare: (sql: string) => SqliteDatabase.Statement) {
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
      return pageJson(db, job)
    },
  }
}
