// A list page as GET answers it (rows with their custom fields, and the pagination), read whole
// where the reads run. On SQLite with read workers (decision 018) a worker reads it and writes
// its JSON, so that the main thread, which serves every request's HTTP, only passes the text on:
// building the queries and the rows on the main thread had made it the bottleneck (issue 16).
// Elsewhere (PostgreSQL, no workers, a list the workers do not know) the same function runs
// in-process.
import type { FastifyReply } from 'fastify'
import { readWorkersOf } from '../db/read-workers'
import type { Db } from '../db/types'
import { withCustomFields } from '../lib/custom-fields'
import { type AnyListSource, readPage } from './list-engine'
import { type PageRequest, pagination } from './list-params'
import type { Sort } from './sorts'

/** The page a route asks for. */
export interface ListPage {
  filter: object
  page: PageRequest
  sort: Sort
  /** The custom fields the current schema shows (`CustomFields.shown`). */
  shown: string[]
}

/** Everything a page is read from; it crosses to a worker by structured clone. */
export interface PageJob extends ListPage {
  /** The source's name (`ListSource.name`). */
  list: string
}

/** The page as GET answers it, read on `db`. */
export async function pageBody(db: Db, source: AnyListSource, job: ListPage) {
  const { rows, total } = await readPage(db, source, job.filter, job.page, job.sort)
  const data = await withCustomFields(db, source.table, job.shown, rows)
  return { data, pagination: pagination(job.page, total) }
}

/** The page's JSON, read on `db`. */
export async function pageJson(db: Db, source: AnyListSource, job: ListPage): Promise<string> {
  return JSON.stringify(await pageBody(db, source, job))
}

/** Answers the page, read by a read worker where `db` has them and they know the list. */
export async function sendPage(
  reply: FastifyReply,
  db: Db,
  source: AnyListSource,
  job: ListPage,
): Promise<FastifyReply> {
  const pool = source.inReadWorkers ? readWorkersOf(db) : undefined
  const workers = pool?.readsPages ? pool : undefined
  const page = { ...job, list: source.name }
  const json = workers ? await workers.page(page) : await pageJson(db, source, page)
  return reply.type('application/json; charset=utf-8').send(json)
}
