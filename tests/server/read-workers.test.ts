import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { type Generated, type Kysely, sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { addOperator } from '../../server/auth/operators'
import { createDatabase, type DatabaseHandle, SQLITE_FILE_NAME } from '../../server/db/connection'
import { migrateToLatest } from '../../server/db/migrate'
import { ReadWorkers, readWorkersOf } from '../../server/db/read-workers'
import { reusingStatements } from '../../server/db/sqlite-setup.mjs'
import { forgetReadCaches, waitForRecounts } from '../../server/lib/read-cache'
import { type PageAnswer, type PageJob, pageJson } from '../../server/lists/list-pages'
import { productSorts, sortRequest } from '../../server/lists/sorts'
import { productList } from '../../server/products/product-queries'
import { READ_WORKER_PAGES, workerPages } from '../../server/read-worker-pages'
import {
  describeEachDatabase,
  freshStorage,
  TEST_SCRYPT_COST,
  testConfig,
  uniqueName,
} from './support/databases'
import { productApi } from './support/products'

// SQLite's plain reads run on read-only connections in worker threads (server/db/read-workers.ts,
// decision 018) while writes and transactions keep the main connection. What must hold: a read
// sent after a write sees it; a read neither waits for nor sees another caller's open
// transaction; a long read does not hold up a short one; rows and errors come back as the main
// connection gives them; a list page a worker reads whole is the page read in-process, and its
// kept totals are exact until the next write, however made, then answered not exact until the
// main thread has them counted again (decision 030); and everything still works with no workers
// at all.

describeEachDatabase('read after write through the API', (suite) => {
  test('a product is found by its detail and by the list at once after each create and update', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    for (let i = 0; i < 25; i += 1) {
      const { id, body } = await api.create(providerId)
      const detail = await api.get(id)
      expect(detail.statusCode, detail.body).toBe(200)
      expect(detail.json().name).toBe(body.name)
      expect((await api.rows({ name: body.name })).map((row) => row.id)).toEqual([id])

      const renamed = `${body.name} renamed`
      const put = await api.put(id, { ...body, serviceProviderId: undefined, name: renamed })
      expect(put.statusCode, put.body).toBe(200)
      expect((await api.get(id)).json().name).toBe(renamed)
      expect((await api.rows({ name: renamed })).map((row) => row.id)).toEqual([id])
    }
  })
})

describeEachDatabase('list pages (read whole by a worker on SQLite)', (suite) => {
  test('are the JSON the same page read in-process gives', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    const name = uniqueName('page')
    for (let i = 0; i < 3; i += 1) await api.create(providerId, { name: `${name} ${i}` })
    const response = await api.list({ name, pageSize: '2', sort: 'name', order: 'desc' })
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const job: PageJob = {
      list: 'products',
      filter: { name },
      page: { page: 1, pageSize: 2 },
      sort: sortRequest({ sort: 'name', order: 'desc' }, productSorts, 'newest'),
      shown: [],
    }
    expect(response.body).toBe(await pageJson(suite.db, productList, job))
    expect(response.json().pagination.total).toBe(3)
  })

  /** Three products named alike, and a way to write a fourth behind the server. */
  async function threeAlike(prefix: string) {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    const name = uniqueName(prefix)
    const first = await api.create(providerId, { name: `${name} 0` })
    for (let i = 1; i < 3; i += 1) await api.create(providerId, { name: `${name} ${i}` })
    const totals = async () => {
      const answers = []
      for (let i = 0; i < 4; i += 1) {
        answers.push((await api.list({ name, pageSize: '2' })).json().pagination.total)
      }
      return answers
    }
    // A copy written on the server's database handle but not through a request, as an outside
    // writer would, after the first page (which stays full).
    const copyBehind = async () => {
      const row = await suite.db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow()
      const { id: _, priceLowKobo: _low, priceHighKobo: _high, attributes: _none, ...copy } = row
      await suite.db.insertInto('products').values(copy).execute()
    }
    return { name, totals, copyBehind }
  }

  if (suite.dialect === 'sqlite') {
    test('see a write made behind the server on the next page', async () => {
      const { totals, copyBehind } = await threeAlike('seen')
      expect(await totals()).toEqual([3, 3, 3, 3])
      await copyBehind()
      // The read workers' connections hear of every write to the file (data_version).
      expect(await totals()).toEqual([4, 4, 4, 4])
    })

    test("keep a worker's total until the file changes, then until told its recount", async () => {
      const { name, copyBehind } = await threeAlike('kept')
      const file = new SqliteDatabase(path.join(suite.config.dataDir, SQLITE_FILE_NAME), {
        readonly: true,
      })
      const statements = reusingStatements(file)
      const sent: string[] = []
      const pages = workerPages((text) => {
        sent.push(text)
        return statements(text)
      })
      const job: PageJob = {
        list: 'products',
        filter: { name },
        page: { page: 1, pageSize: 2 },
        sort: sortRequest({}, productSorts, 'newest'),
        shown: [],
      }
      const counting = () => sent.some((text) => /count\(\*\)/.test(text))
      const read = async (writes = 'heard') => {
        sent.length = 0
        const answer = (await pages.answer({ writes, page: job })) as PageAnswer
        if (!('json' in answer)) return answer
        const { total, totalExact } = JSON.parse(answer.json).pagination
        expect(answer.totalExact).toBe(totalExact)
        return { total, exact: totalExact, counted: counting() }
      }
      const counted = { list: 'products', filter: { name } }
      try {
        // Never counted: not counted here unless the job says so (the main thread has one
        // worker count it, and tells them all).
        expect(await read()).toEqual({ totalNotKnown: true })
        // Nor estimated when the list is no bigger than the sample: its count is as quick.
        job.firstTotal = 'estimate'
        expect(await read()).toEqual({ totalNotKnown: true })
        job.firstTotal = 'count'
        expect(await read()).toEqual({ total: 3, exact: true, counted: true })
        job.firstTotal = undefined
        // An hour on with no write: the total is still the one kept (elsewhere it would have
        // been counted again after a few seconds).
        vi.useFakeTimers({ toFake: ['Date'] })
        vi.setSystemTime(Date.now() + 3_600_000)
        expect(await read()).toEqual({ total: 3, exact: true, counted: false })
        await copyBehind()
        // A count here would hold the worker: the total it had is answered, not exact...
        expect(await read()).toEqual({ total: 3, exact: false, counted: false })
        // ...until the main thread has a worker count it and tells every worker the result.
        sent.length = 0
        expect(await pages.answer({ writes: 'heard', count: counted })).toBe(4)
        expect(counting()).toBe(true)
        await pages.answer({ writes: 'heard', counted: { ...counted, total: 4, exact: true } })
        expect(await read()).toEqual({ total: 4, exact: true, counted: false })
        // A result the main thread says a write overlapped is kept, not exact.
        await pages.answer({ writes: 'heard 2', counted: { ...counted, total: 5, exact: false } })
        expect(await read('heard 2')).toEqual({ total: 5, exact: false, counted: false })
        await pages.answer({ writes: 'heard 2', counted: { ...counted, total: 6, exact: true } })
        expect(await read('heard 2')).toEqual({ total: 6, exact: true, counted: false })
        // A write the main thread knows of makes it stale again.
        expect(await read('heard 3')).toEqual({ total: 6, exact: false, counted: false })
      } finally {
        vi.useRealTimers()
        file.close()
      }
    })
  } else {
    test('keep a total a write behind the server does not reach, until a notice forgets it', async () => {
      const { totals, copyBehind } = await threeAlike('kept')
      expect(await totals()).toEqual([3, 3, 3, 3])
      await copyBehind()
      // Within the cache's few seconds the kept total stands, as for any outside writer...
      expect(await totals()).toEqual([3, 3, 3, 3])
      // ...until a write through the product, or another instance's notice, forgets it.
      forgetReadCaches(suite.db)
      expect(await totals()).toEqual([4, 4, 4, 4])
    })
  }
})

/** A table of the test's own, outside the product's schema. */
type Notes = {
  notes: { id: Generated<number>; body: string; data: Buffer | null }
}

/** Threads of this process (Vitest runs each file in a process of its own). */
function threadCount(): number {
  const status = readFileSync('/proc/self/status', 'utf8')
  return Number(/^Threads:\s+(\d+)/m.exec(status)?.[1])
}

for (const readWorkers of [2, 0]) {
  describe(`SQLite with ${readWorkers} read workers`, () => {
    let handle: DatabaseHandle
    let db: Kysely<Notes>
    let remove: () => Promise<void>

    beforeEach(async () => {
      const fresh = await freshStorage('sqlite', '')
      remove = fresh.remove
      handle = createDatabase(testConfig(fresh.storage), {
        readWorkers,
        workerPages: READ_WORKER_PAGES,
      })
      db = handle.db.withTables<Notes>() as unknown as Kysely<Notes>
      await sql`create table notes (id integer primary key, body text not null, data blob)`.execute(
        db,
      )
    })

    afterEach(async () => {
      await handle.destroy()
      await remove()
    })

    const insert = (body: string, data: Buffer | null = null) =>
      db.insertInto('notes').values({ body, data }).returning('id').executeTakeFirstOrThrow()
    const bodies = async () =>
      (await db.selectFrom('notes').select('body').orderBy('id').execute()).map((row) => row.body)

    test('every write is seen by the read sent after it', async () => {
      const expected: string[] = []
      for (let i = 0; i < 100; i += 1) {
        const { id } = await insert(`note ${i}`)
        expected.push(`note ${i}`)
        expect(await bodies()).toEqual(expected)
        await db
          .updateTable('notes')
          .set({ body: `edited ${i}` })
          .where('id', '=', id)
          .execute()
        expected[i] = `edited ${i}`
        const row = await db
          .selectFrom('notes')
          .select('body')
          .where('id', '=', id)
          .executeTakeFirst()
        expect(row?.body).toBe(`edited ${i}`)
      }
    })

    test('a read outside a transaction sees only committed rows; a write waits for the transaction', async () => {
      await insert('committed')
      const events: string[] = []
      let outsideWrite: Promise<unknown> | undefined
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'uncommitted' }).execute()
        expect(
          (await trx.selectFrom('notes').select('body').orderBy('id').execute()).map((r) => r.body),
        ).toEqual(['committed', 'uncommitted'])
        outsideWrite = insert('after').then(() => events.push('outside write'))
        if (readWorkers > 0) {
          // Answered while the transaction is still open, without its row.
          expect(await bodies()).toEqual(['committed'])
          events.push('outside read')
        }
        // The write outside had every chance to run by now, had it not waited.
        await new Promise((resolve) => setTimeout(resolve, 50))
        events.push('commit')
      })
      await outsideWrite
      expect(events).toEqual(
        readWorkers > 0 ? ['outside read', 'commit', 'outside write'] : ['commit', 'outside write'],
      )
      expect(await bodies()).toEqual(['committed', 'uncommitted', 'after'])
    })

    test('a long read holds up none of the short ones sent after it', async () => {
      // 400³ = 64 million rows to count (over half a second): a long read that needs no function
      // of our own.
      await db
        .insertInto('notes')
        .values(Array.from({ length: 400 }, (_, i) => ({ body: `row ${i}` })))
        .execute()
      // Both workers started (they start on the first read), so neither waits for its start.
      await Promise.all([bodies(), bodies()])
      const finished: string[] = []
      const long = db
        .selectFrom(['notes as a', 'notes as b', 'notes as c'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => {
          finished.push('long')
          return row.n
        })
      // More than one per worker: while both are busy, a read may be queued on a worker whose
      // read began a moment ago (LONG_JOB_MS), never behind one that has run longer.
      await new Promise((resolve) => setTimeout(resolve, 30))
      // Still counting (one connection has answered it already).
      expect(finished).toEqual(readWorkers >= 2 ? [] : ['long'])
      const shorts = Array.from({ length: 20 }, (_, i) =>
        db
          .selectFrom('notes')
          .select('body')
          .where('id', '=', i + 1)
          .executeTakeFirstOrThrow()
          .then((row) => {
            finished.push('short')
            return row.body
          }),
      )
      expect(await Promise.all([long, ...shorts])).toEqual([
        400 ** 3,
        ...shorts.map((_, i) => `row ${i}`),
      ])
      // One connection answers in order; with workers, the idle one answers the short reads.
      const inOrder = ['long', ...shorts.map(() => 'short')]
      expect(finished).toEqual(readWorkers >= 2 ? [...inOrder.slice(1), 'long'] : inOrder)
    })

    test('BLOBs come back as the same bytes, in a Buffer', async () => {
      const bytes = randomBytes(200_000)
      const { id } = await insert('image', bytes)
      const row = await db
        .selectFrom('notes')
        .select('data')
        .where('id', '=', id)
        .executeTakeFirst()
      expect(Buffer.isBuffer(row?.data)).toBe(true)
      expect(row?.data?.equals(bytes)).toBe(true)
      // A Buffer as a parameter finds it too.
      const found = await db.selectFrom('notes').select('id').where('data', '=', bytes).execute()
      expect(found).toEqual([{ id }])
    })

    test('an SQL error rejects with the message and code of better-sqlite3', async () => {
      const error = await handle.db
        .selectFrom('no_such_table' as 'operators')
        .selectAll()
        .execute()
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(SqliteDatabase.SqliteError)
      expect(error).toMatchObject({ code: 'SQLITE_ERROR', message: 'no such table: no_such_table' })
      // The queue goes on.
      expect(await bodies()).toEqual([])
    })
  })
}

test('destroy() stops the read workers', async () => {
  const { storage, remove } = await freshStorage('sqlite', '')
  const handle = createDatabase(testConfig(storage), {
    readWorkers: 2,
    workerPages: READ_WORKER_PAGES,
  })
  try {
    const before = threadCount()
    await sql`create table notes (id integer primary key)`.execute(handle.db)
    // Started on the first read.
    expect(threadCount()).toBe(before)
    await handle.db
      .selectFrom('operators' as never)
      .selectAll()
      .execute()
      .catch(() => undefined)
    expect(threadCount()).toBeGreaterThanOrEqual(before + 2)
    await handle.destroy()
    expect(threadCount()).toBeLessThanOrEqual(before)
    await expect(
      handle.db
        .selectFrom('notes' as 'operators')
        .selectAll()
        .execute(),
    ).rejects.toThrow()
  } finally {
    await remove()
  }
})

test('a worker that stops fails its own query with a clear error, and the queue goes on', async () => {
  // A worker cannot open a file that is not there: each one stops as it starts.
  const workers = new ReadWorkers('/nonexistent/backoffice.sqlite', 1)
  try {
    const reads = [workers.read('select 1', []), workers.read('select 2', [])]
    for (const read of reads) {
      await expect(read).rejects.toThrow(/^A SQLite read worker stopped \(.+\) before answering/)
    }
  } finally {
    await workers.destroy()
  }
})

/** An app on a fresh SQLite database with `readWorkers` read workers, signed in. */
async function withWorkers(
  readWorkers: number,
  work: (api: ReturnType<typeof productApi>, handle: DatabaseHandle) => Promise<void>,
) {
  const fresh = await freshStorage('sqlite', '')
  const config = testConfig(fresh.storage)
  const handle = createDatabase(config, { readWorkers, workerPages: READ_WORKER_PAGES })
  let app: FastifyInstance | undefined
  try {
    await migrateToLatest(handle.db)
    app = await buildApp({ db: handle.db, config, logger: false, passwordCost: TEST_SCRYPT_COST })
    const password = 'pw-workers-1234'
    await addOperator(handle.db, 'workers', password, { cost: TEST_SCRYPT_COST })
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'workers', password },
    })
    await work(productApi(app, login.json().token), handle)
  } finally {
    await app?.close()
    await handle.destroy()
    await fresh.remove()
  }
}

describe('a total never counted, on SQLite with two read workers', () => {
  test('is counted once, by one worker, for every page that asks together', async () => {
    await withWorkers(2, async (api, handle) => {
      const providerId = await api.provider()
      for (let i = 0; i < 3; i++) await api.create(providerId)
      const workers = readWorkersOf(handle.db)
      if (!workers) throw new Error('no read workers')
      const sent = vi.spyOn(workers, 'pages')
      // Broad (every product): a narrow filter's total is its match list, never counted apart.
      const filter = { maxPrice: '90000000', pageSize: '1' }
      const pages = await Promise.all([1, 2, 3, 4].map(() => api.list(filter)))
      for (const page of pages)
        expect(page.json().pagination).toMatchObject({ total: 3, totalExact: true })
      const counts = sent.mock.calls.filter(([message]) => 'count' in (message as object))
      expect(counts).toHaveLength(1)
    })
  })
})

describe('stale totals on SQLite with one read worker', () => {
  test('are all counted again in turn, not only the one a free worker takes', async () => {
    // One worker leaves room for one recount at a time, and reads every page, so which totals
    // it knows does not depend on which worker a page went to.
    await withWorkers(1, async (api, handle) => {
      const providerId = await api.provider()
      await api.create(providerId)
      // Four broad filters (every product): a narrow one's total is its match list, read afresh.
      const filters = [0, 1, 2, 3].map((i) => ({ maxPrice: String(90_000_000 + i) }))
      const exact = async (filter: object) =>
        (await api.list({ ...filter, pageSize: '1' })).json().pagination.totalExact
      for (const filter of filters) expect(await exact(filter)).toBe(true)
      await api.create(providerId) // every total kept is now stale

      // Asked together and answered at once, not exact: the first one's recount reaches the
      // worker behind the other two pages, so theirs are asked for while it is under way, and
      // wait for their turn.
      waitForRecounts(handle.db, 0)
      expect(await Promise.all(filters.slice(0, 3).map(exact))).toEqual([false, false, false])
      // The last one asked waits for its own recount, the last in the queue...
      waitForRecounts(handle.db, Number.POSITIVE_INFINITY)
      expect(await exact(filters[3])).toBe(true)
      // ...by when the others were counted and told too, without being asked again.
      waitForRecounts(handle.db, 0)
      for (const filter of filters.slice(0, 3)) expect(await exact(filter)).toBe(true)
    })
  })
})
