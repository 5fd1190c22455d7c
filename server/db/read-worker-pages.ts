// The read workers' whole list pages (../list-pages.ts): ./read-worker.mjs loads this as it
// starts. Its Kysely reads on the worker's read-only connection, with a read cache of its own
// that the main thread tells to forget whenever it forgets its own (`forgetReadCaches`).
import type SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely'
import { forgetReadCaches } from '../lib/read-cache'
import { type PageJob, pageJson } from '../list-pages'
import type { Database } from './types'

export function workerPages(prepare: (sql: string) => SqliteDatabase.Statement) {
  const database = { prepare, close: () => {} } as unknown as SqliteDatabase.Database
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  })
  return {
    json: (job: PageJob) => pageJson(db, job),
    forget: () => forgetReadCaches(db),
  }
}
