// A list page as GET answers it (rows with their custom fields, and the pagination), read whole
// where the reads run. On SQLite with read workers (decision 018) a worker reads it and writes
// its JSON, so that the main thread, which serves every request's HTTP, only passes the text on:
// building the queries and the rows on the main thread had made it the bottleneck (issue 16).
// Elsewhere (PostgreSQL, no workers, a list the workers do not know) the same function runs
// in-process.
//
// A worker answers a total counted before the latest write as it is, not exact, without counting
// it (a count there blocks the worker: ../read-worker-pages.ts). The main thread then has one
// worker count it again, once per list and filter however many pages ask meanwhile, and tells
// every worker the result; it waits for that as long as the read cache waits for its own
// recounts (`waitedForRecount`), and asks the page again if the result came in time. A total a
// worker never knew is counted the same way; if its count is slow, the page is asked again with
// the total estimated (decision 032).
import type { FastifyReply } from 'fastify'
import { type ReadWorkers, readWorkersOf } from '../db/read-workers'
import type { Db } from '../db/types'
import { withCustomFields } from '../lib/custom-fields'
import { type CountTiming, recountPaused, waitedForRecount, writesHeard } from '../lib/read-cache'
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
  /** What the worker does with a total it never knew, rather than answering `TotalNotKnown`:
   * count it, or estimate it from a sample (`TotalNotKnown` still if the sample cannot say). */
  firstTotal?: 'count' | 'estimate'
}

/** A list and filter whose total is counted. */
export interface Counted {
  list: string
  filter: object
}

/** What the main thread sends the read workers' pages module (../read-worker-pages.ts): a page
 * to read, a total to count, or a total counted (told to every worker). `writes` names the
 * writes the main thread had heard of when it sent it. */
export type PagesMessage = { writes: string } & (
  | { page: PageJob }
  | { count: Counted }
  | { counted: Counted & { total: number; exact: boolean } }
)

/** A page's JSON as a worker answers it, and whether its total is exact; or that the worker has
 * never counted its total (unless the job said to count it: `firstTotal`). */
export type PageAnswer = { json: string; totalExact: boolean } | { totalNotKnown: true }

/** The page as GET answers it, read on `db`; a total never counted whose count is slow is
 * estimated meanwhile unless `estimate` is false. */
export async function pageBody(db: Db, source: AnyListSource, job: ListPage, estimate = true) {
  const read = await readPage(db, source, job.filter, job.page, job.sort, { estimate })
  const data = await withCustomFields(db, source.table, job.shown, read.rows)
  return { data, pagination: pagination(job.page, read.total, read) }
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
  const json = workers ? await workerPage(db, workers, page) : await pageJson(db, source, page)
  return reply.type('application/json; charset=utf-8').send(json)
}

/** The page's JSON as a read worker reads it, its total counted again if it was not exact. */
async function workerPage(db: Db, workers: ReadWorkers, page: PageJob): Promise<string> {
  const ask = async (firstTotal?: PageJob['firstTotal']) => {
    const message: PagesMessage = { writes: writesOf(db, workers), page: { ...page, firstTotal } }
    return (await workers.pages(message)) as PageAnswer
  }
  const counted = { list: page.list, filter: page.filter }
  const asked = Date.now()
  let answer = await ask()
  if ('totalNotKnown' in answer) {
    // Never counted in these workers: one worker counts it in its turn, which leaves one free
    // for pages, and tells them all (two pages of a new filter had both workers count it for
    // seconds at ten million rows, and every other read waited). This page waits for it as for
    // a recount, then has it estimated; should the sample not say, it waits for the count, and
    // asks with `count` should that not be told.
    const first = recountInWorkers(db, workers, counted, { firstSince: asked })
    if (first && !(await waitedForRecount(db, first.done, first.since))) {
      answer = await ask('estimate')
      if ('json' in answer) return answer.json
      await first.done.catch(() => {})
    }
    answer = await ask('count')
  }
  if ('totalNotKnown' in answer) throw new Error('A read worker did not count a total when asked')
  if (answer.totalExact) return answer.json
  const recount = recountInWorkers(db, workers, counted)
  if (!recount || !(await waitedForRecount(db, recount.done, recount.since))) return answer.json
  const again = await ask('count')
  return 'json' in again ? again.json : answer.json
}

/** The writes the main thread knows of: through the product's requests, and any other. */
function writesOf(db: Db, workers: ReadWorkers): string {
  return `${writesHeard(db)}:${workers.unannouncedChanges()}`
}

/** The recounts of one pool's workers. */
interface Recounts {
  /** Those queued or under way, by list and filter. */
  queued: Map<string, Queued>
  /** How many are under way, and those waiting for their turn. */
  running: number
  waiting: (() => void)[]
  /** When each list and filter's last one arrived and how long it took (`recountPaused`). */
  last: Map<string, CountTiming>
}

/** A recount queued or under way, and when it was queued: its readers wait for it only until
 * the read cache's wait has passed since then (`waitedForRecount`). */
interface Queued {
  done: Promise<void>
  since: number
}

const pools = new WeakMap<ReadWorkers, Recounts>()

/** Beyond this many recounts queued in a pool, a stale total waits for a later page to ask. */
const RECOUNTS_QUEUED_MAX = 64
/** Timings kept per pool, one per list and filter. */
const TIMINGS_MAX = 1_000

/**
 * Has one worker count the filter's total (for the first time: `firstSince`, when the page that
 * found it unknown was asked for) and tells every worker the result, exact unless a write was
 * heard meanwhile. One recount per list and filter at a time, which writes neither
 * drop nor repeat, and a slow one not again straight after the last (`recountPaused`). Recounts
 * take turns so as always to leave one worker free for pages (a broad count takes seconds at ten
 * million rows); the others wait their turn rather than being dropped, so the dashboard's several
 * stale totals all become exact without being asked again.
 */
function recountInWorkers(
  db: Db,
  workers: ReadWorkers,
  counted: Counted,
  { firstSince }: { firstSince?: number } = {},
): Queued | undefined {
  const pool = pools.get(workers) ?? { queued: new Map(), running: 0, waiting: [], last: new Map() }
  pools.set(workers, pool)
  const key = `${counted.list}:${JSON.stringify(counted.filter)}`
  const known = pool.queued.get(key)
  if (known) return known
  if (pool.queued.size >= RECOUNTS_QUEUED_MAX) return undefined
  const last = pool.last.get(key)
  if (firstSince === undefined) {
    if (recountPaused(db, last, Date.now())) return undefined
  } else if (last && last.at >= firstSince) {
    // Counted and told since the page was asked for, which its worker had not yet heard.
    return undefined
  }
  const recount = inTurn(workers, pool, async () => {
    const before = writesOf(db, workers)
    const started = Date.now()
    const total = (await workers.pages({ writes: before, count: counted })) as number
    const at = Date.now()
    if (pool.last.size >= TIMINGS_MAX) pool.last.clear()
    pool.last.set(key, { at, took: at - started })
    const writes = writesOf(db, workers)
    const told: PagesMessage = { writes, counted: { ...counted, total, exact: writes === before } }
    workers.tellPages(told)
  }).finally(() => pool.queued.delete(key))
  recount.catch(() => {}) // a failed recount: a later page starts another
  const queued = { done: recount, since: Date.now() }
  pool.queued.set(key, queued)
  return queued
}

/** Runs `work` once fewer recounts run in the pool than leave one worker free for pages. */
async function inTurn(workers: ReadWorkers, pool: Recounts, work: () => Promise<void>) {
  while (pool.running >= Math.max(1, workers.size - 1))
    await new Promise<void>((resolve) => pool.waiting.push(resolve))
  pool.running += 1
  try {
    await work()
  } finally {
    pool.running -= 1
    pool.waiting.shift()?.()
  }
}
