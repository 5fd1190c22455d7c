// The pages module of SQLite's read workers (db/read-worker.mjs loads it as a worker starts,
// decision 018): whole list pages (lists/list-pages.ts) of every list that reads in the workers,
// on the worker's read-only connection, with a read cache of its own. Every write reaches the
// file through another connection (the main one, or another process such as the operator CLI),
// and SQLite then changes this connection's data_version: the cache is forgotten (its totals
// marked stale) before the next page, so it keeps its answers, exact, until the next write.
//
// A total counted before the latest write is answered as it is, not exact (decision 030): a count
// here is synchronous and would hold the worker for seconds at ten million rows. The main thread
// then has one worker count it (`count`) and tells every worker the result (`counted`). Whether
// that result is still exact when a worker takes it in, each message says by the writes the main
// thread knew of when it sent it (`writes`: through requests, by other processes, and rows its
// own connection changed outside a request): a worker forgets its cache when they change, so a
// result counted before a write never passes for exact after it.
import type SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely'
import type { Database } from './db/types'
import { ENTITIES } from './entities'
import {
  forgetReadCaches,
  keepTotal,
  keepUntilForgotten,
  leaveRecountsToOthers,
  TotalNotKnown,
  writesHeard,
} from './lib/read-cache'
import { type AnyListSource, countTotal, filterKey } from './lists/list-engine'
import { type PageAnswer, type PagesMessage, pageBody } from './lists/list-pages'

/** This module, for `createDatabase`'s `workerPages`. */
export const READ_WORKER_PAGES = new URL(import.meta.url)

const SOURCES = new Map<string, AnyListSource>(
  ENTITIES.filter(({ list }) => list.source.inReadWorkers).map(({ list }) => [
    list.source.name,
    list.source,
  ]),
)

function sourceOf(list: string): AnyListSource {
  const source = SOURCES.get(list)
  if (!source) throw new Error(`The read workers do not read the list ${list}`)
  return source
}

export function workerPages(prepare: (sql: string) => SqliteDatabase.Statement) {
  // Kysely's SQLite dialect calls only `prepare` (and `close` when destroyed) on the database.
  const database = { prepare, close: () => {} } as unknown as SqliteDatabase.Database
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  })
  keepUntilForgotten(db)
  leaveRecountsToOthers(db)
  const dataVersion = () =>
    (prepare('pragma data_version').get() as { data_version: number }).data_version
  let seen = dataVersion()
  let writes: string | undefined
  /** Forgets the cache if a write happened since the last message. */
  const catchUp = (message: PagesMessage) => {
    const version = dataVersion()
    if (version !== seen || message.writes !== writes) forgetReadCaches(db)
    seen = version
    writes = message.writes
  }
  return {
    // Synchronous up to the first query, so that a result told is taken in before any page sent
    // after it is read.
    answer: async (message: PagesMessage): Promise<PageAnswer | number | undefined> => {
      catchUp(message)
      if ('counted' in message) {
        const { list, filter, total, exact } = message.counted
        keepTotal(db, filterKey(sourceOf(list), filter), { total, exact })
        return undefined
      }
      if ('count' in message)
        return countTotal(db, sourceOf(message.count.list), message.count.filter)
      const { page } = message
      const source = sourceOf(page.list)
      const answer = async (): Promise<PageAnswer> => {
        const body = await pageBody(db, source, page, page.firstTotal === 'estimate')
        return { json: JSON.stringify(body), totalExact: body.pagination.totalExact }
      }
      try {
        return await answer()
      } catch (error) {
        if (!(error instanceof TotalNotKnown)) throw error
        if (page.firstTotal !== 'count') return { totalNotKnown: true }
        const before = writesHeard(db)
        const total = await countTotal(db, source, page.filter)
        keepTotal(db, filterKey(source, page.filter), { total, exact: writesHeard(db) === before })
        return await answer()
      }
    },
  }
}
