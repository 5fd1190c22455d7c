// A list page as GET answers it (rows with their custom fields, and the pagination), read whole
// where the reads run. On SQLite with read workers (decision 018) a worker reads it and writes
// its JSON, so that the main thread, which serves every request's HTTP, only passes the text on:
// building the queries and the rows on the main thread had made it the bottleneck (issue 16).
// Elsewhere (PostgreSQL, no workers) the same function runs in-process.
import type { FastifyReply } from 'fastify'
import { readWorkersOf } from './db/read-workers'
import type { Db } from './lib/category-links'
import { withCustomFields } from './lib/custom-fields'
import { type PageRequest, pagination } from './lib/list-query'
import type { Sort } from './lib/list-sort'
import { listProducts, type ProductFilter } from './products/product-queries'
import { listProviders, type ProviderFilter } from './service-providers/provider-queries'

/** Everything a page is read from; it crosses to a worker by structured clone. */
export type PageJob = (
  | { list: 'products'; filter: ProductFilter }
  | { list: 'providers'; filter: ProviderFilter }
) & {
  page: PageRequest
  sort: Sort
  /** The custom fields the current schema shows (`CustomFields.shown`). */
  shown: string[]
}

/** The page's JSON, read on `db`. */
export async function pageJson(db: Db, job: PageJob): Promise<string> {
  const { rows, total } =
    job.list === 'products'
      ? await listProducts(db, job.filter, job.page, job.sort)
      : await listProviders(db, job.filter, job.page, job.sort)
  const table = job.list === 'products' ? 'products' : 'serviceProviders'
  const data = await withCustomFields(db, table, job.shown, rows as Array<{ id: number }>)
  return JSON.stringify({ data, pagination: pagination(job.page, total) })
}

/** Answers the page, read by a read worker where `db` has them. */
export async function sendPage(reply: FastifyReply, db: Db, job: PageJob): Promise<FastifyReply> {
  const workers = readWorkersOf(db)
  const json = workers ? await workers.page(job) : await pageJson(db, job)
  return reply.type('application/json; charset=utf-8').send(json)
}
