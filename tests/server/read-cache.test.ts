import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../server/db/types'
import {
  cachedSession,
  cachedTotal,
  forgetReadCaches,
  keepUntilForgotten,
  leaveRecountsToOthers,
  TotalNotKnown,
  waitForRecounts,
} from '../../server/lib/read-cache'
import { deferred } from '../support/machines'
import { describeEachDatabase } from './support/databases'
import { productApi } from './support/products'

// List totals and category lists are kept between writes: exact for everything written through the
// server, stale (and said to be) when counted before a write, an exact one never disagreeing with
// the page beside it, and a few seconds at most otherwise. A stale total is counted again once,
// however many read it and however many writes follow (decision 030).

/** Lets every callback already due run (promise reactions, and timers of 0 ms). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Runs `body` with readers answered at once from a stale total, not waiting for its recount,
 * then gives the handle back the suite's wait (however long recounts take). */
async function answeringStaleTotals(db: Db, body: () => Promise<void>) {
  waitForRecounts(db, 0)
  try {
    await body()
  } finally {
    waitForRecounts(db, Number.POSITIVE_INFINITY)
  }
}

describe('a stale total', () => {
  // A handle of its own per test: the read cache keys its store by the handle, and a total is
  // only ever counted through the function each test gives.
  const handle = () => ({}) as Db

  /** A count the test answers, and how many times it was started. */
  function controlled() {
    const counts: Array<ReturnType<typeof deferred<number>>> = []
    const count = () => {
      const one = deferred<number>()
      counts.push(one)
      return one.promise
    }
    return { counts, count }
  }

  /** A handle whose total 'k' was counted as 5 before a write, readers waiting for no recount,
   * and the count the test answers for what follows. */
  async function staleFive() {
    const db = handle()
    waitForRecounts(db, 0)
    await cachedTotal(db, 'k', async () => 5)
    forgetReadCaches(db)
    return { db, ...controlled() }
  }

  it('never known is counted and waited for, however short the wait for recounts', async () => {
    const db = handle()
    waitForRecounts(db, 0)
    const { counts, count } = controlled()
    let answered = false
    const first = cachedTotal(db, 'k', count).then((total) => {
      answered = true
      return total
    })
    await settle()
    expect(answered).toBe(false)
    counts[0].resolve(5)
    expect(await first).toEqual({ total: 5, exact: true })
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: true })
    expect(counts).toHaveLength(1)
  })

  it('whose recount answers within the wait is answered exact', async () => {
    const db = handle()
    expect(await cachedTotal(db, 'k', async () => 5)).toEqual({ total: 5, exact: true })
    forgetReadCaches(db)
    expect(await cachedTotal(db, 'k', async () => 6)).toEqual({ total: 6, exact: true })
  })

  it('whose recount is slow is answered as it was, not exact, then exact once counted', async () => {
    const db = handle()
    await cachedTotal(db, 'k', async () => 5)
    forgetReadCaches(db)
    const { counts, count } = controlled()
    // The read cache's own wait (a few milliseconds) passes: the recount is still running.
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: false })
    counts[0].resolve(6)
    await settle()
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 6, exact: true })
    expect(counts).toHaveLength(1)
  })

  it('is waited for only until the wait has passed since its recount began', async () => {
    const db = handle()
    // A long wait, so the first reader certainly waits; the second comes after it has passed.
    waitForRecounts(db, 60_000)
    await cachedTotal(db, 'k', async () => 5)
    forgetReadCaches(db)
    const { counts, count } = controlled()
    let firstAnswered = false
    const first = cachedTotal(db, 'k', count).then((total) => {
      firstAnswered = true
      return total
    })
    await settle()
    expect(firstAnswered).toBe(false)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 60_001)
      expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: false })
    } finally {
      vi.useRealTimers()
    }
    counts[0].resolve(6)
    expect(await first).toEqual({ total: 6, exact: true })
    expect(counts).toHaveLength(1)
  })

  it('is counted once for every concurrent reader', async () => {
    const { db, counts, count } = await staleFive()
    const answers = await Promise.all(Array.from({ length: 5 }, () => cachedTotal(db, 'k', count)))
    expect(answers).toEqual(Array(5).fill({ total: 5, exact: false }))
    expect(counts).toHaveLength(1)
    // Another filter's total is counted on its own.
    await cachedTotal(db, 'other', async () => 1)
    forgetReadCaches(db)
    await cachedTotal(db, 'other', count)
    expect(counts).toHaveLength(2)
  })

  it('whose recount a write overlaps is not counted twice, and its result is kept stale', async () => {
    const { db, counts, count } = await staleFive()
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: false })
    // Writes keep coming while it counts: the recount in progress is neither dropped nor repeated.
    forgetReadCaches(db)
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: false })
    forgetReadCaches(db)
    expect(counts).toHaveLength(1)
    counts[0].resolve(6)
    await settle()
    // Its result is kept, but stale: it was counted before the latest write. A new recount starts.
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 6, exact: false })
    expect(counts).toHaveLength(2)
    counts[1].resolve(7)
    await settle()
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 7, exact: true })
    expect(counts).toHaveLength(2)
  })

  it('whose recount fails is answered as it was, and a later reader counts again', async () => {
    const { db, counts, count } = await staleFive()
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: false })
    counts[0].reject(new Error('database unavailable'))
    await settle()
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: false })
    expect(counts).toHaveLength(2)
  })
})

describe('a total never counted, with an estimate (decision 032)', () => {
  const handle = () => ({}) as Db

  it('is estimated once the wait passes, for every reader until its count arrives', async () => {
    const db = handle()
    waitForRecounts(db, 0)
    const counted = deferred<number>()
    const estimate = vi.fn(async () => 7_500)
    const read = () => cachedTotal(db, 'k', () => counted.promise, { estimate })
    const estimated = { total: 7_500, exact: false, estimated: true }
    expect(await Promise.all([read(), read()])).toEqual([estimated, estimated])
    expect(await read()).toEqual(estimated)
    expect(estimate).toHaveBeenCalledTimes(1)
    counted.resolve(5_000)
    await settle()
    expect(await read()).toEqual({ total: 5_000, exact: true })
    expect(estimate).toHaveBeenCalledTimes(1)
  })

  it('is counted and waited for when the count comes within the wait, or the sample cannot say', async () => {
    const quick = handle()
    waitForRecounts(quick, Number.POSITIVE_INFINITY)
    const unused = vi.fn(async () => 1)
    expect(await cachedTotal(quick, 'k', async () => 5, { estimate: unused })).toEqual({
      total: 5,
      exact: true,
    })
    expect(unused).not.toHaveBeenCalled()

    const db = handle()
    waitForRecounts(db, 0)
    const counted = deferred<number>()
    const thin = vi.fn(async () => undefined)
    const first = cachedTotal(db, 'k', () => counted.promise, { estimate: thin })
    await settle()
    counted.resolve(12)
    expect(await first).toEqual({ total: 12, exact: true })
    expect(thin).toHaveBeenCalledTimes(1)
  })

  it('where counts are left to others, is estimated if it can be, else not known', async () => {
    const db = handle()
    leaveRecountsToOthers(db)
    const count = vi.fn(async () => 5)
    expect(await cachedTotal(db, 'k', count, { estimate: async () => 40 })).toEqual({
      total: 40,
      exact: false,
      estimated: true,
    })
    await expect(cachedTotal(db, 'j', count, { estimate: async () => undefined })).rejects.toThrow(
      TotalNotKnown,
    )
    await expect(cachedTotal(db, 'i', count)).rejects.toThrow(TotalNotKnown)
    expect(count).not.toHaveBeenCalled()
  })
})

describe('a slow recount', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A handle with the product's own wait, whose total 'k' took `took` ms to count as 5, then
   * saw a write; and a count the test can see being started. */
  async function countedIn(took: number) {
    vi.useFakeTimers({ toFake: ['Date'] })
    const db = {} as Db
    await cachedTotal(db, 'k', async () => {
      vi.setSystemTime(Date.now() + took)
      return 5
    })
    forgetReadCaches(db)
    const count = vi.fn(async () => 6)
    return { db, count }
  }

  it('is not started again until four times as long has passed since it arrived', async () => {
    const { db, count } = await countedIn(500)
    vi.setSystemTime(Date.now() + 1_900)
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 5, exact: false })
    expect(count).not.toHaveBeenCalled()
    vi.setSystemTime(Date.now() + 200)
    expect(await cachedTotal(db, 'k', count)).toEqual({ total: 6, exact: true })
    expect(count).toHaveBeenCalledTimes(1)
  })

  it('pauses nothing that counts quickly, nor where a test chose the wait', async () => {
    const quick = await countedIn(99)
    expect(await cachedTotal(quick.db, 'k', quick.count)).toEqual({ total: 6, exact: true })
    const chosen = await countedIn(500)
    waitForRecounts(chosen.db, Number.POSITIVE_INFINITY)
    expect(await cachedTotal(chosen.db, 'k', chosen.count)).toEqual({ total: 6, exact: true })
  })
})

describeEachDatabase('list totals', (suite) => {
  it('stay exact across creates and updates made through the API', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    const total = async (query: Record<string, string> = {}) =>
      (await api.providerList(providerId, query)).json().pagination.total as number

    expect(await total()).toBe(0)
    const { id, body } = await api.create(providerId, { enabled: true })
    expect(await total()).toBe(1)
    expect(await total({ enabled: 'false' })).toBe(0)
    const { serviceProviderId: _, ...update } = body
    const put = await api.put(id, { ...update, enabled: false })
    expect(put.statusCode, put.body).toBe(200)
    expect(await total({ enabled: 'false' })).toBe(1)
    expect(await total({ enabled: 'true' })).toBe(0)
  })

  it('are counted again when a row added behind the server shows on the page', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    await api.create(providerId)
    const list = async () => (await api.providerList(providerId)).json()
    // Twice: the create's own end-of-request hook may still run while the first list counts.
    expect((await list()).pagination.total).toBe(1)
    expect((await list()).pagination.total).toBe(1)

    // Copy the row straight into the database: the server cannot know of it yet.
    const row = await suite.db
      .selectFrom('products')
      .selectAll()
      .where('serviceProviderId', '=', providerId)
      .executeTakeFirstOrThrow()
    const { id: _, priceLowKobo: _low, priceHighKobo: _high, attributes: _none, ...copy } = row
    await suite.db.insertInto('products').values(copy).execute()
    // The page now holds two rows: a total of 1 beside them would contradict it.
    const seen = await list()
    expect(seen.data).toHaveLength(2)
    expect(seen.pagination.total).toBe(2)

    await api.create(providerId)
    expect((await list()).pagination.total).toBe(3)
  })

  it('category lists are served from memory between writes and read again after one', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const headers = { authorization: `Bearer ${token}` }
    const url = '/api/product-categories?pageSize=3000'
    const names = async () => {
      const response = await app.inject({ url, headers })
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      return (response.json().data as Array<{ name: string }>).map((row) => row.name)
    }
    const now = Date.now()
    const behind = { description: 'written behind the server', parentId: null, createdAt: now }
    // Trusted until a write is heard, not for the TTL, which a loaded machine could outlast.
    keepUntilForgotten(suite.db)
    try {
      await names()
      await names()
      await suite.db
        .insertInto('productCategories')
        .values({ ...behind, name: 'Behind the server', updatedAt: now })
        .execute()
      expect(await names()).not.toContain('Behind the server')

      const created = await app.inject({
        method: 'POST',
        url: '/api/product-categories',
        headers,
        payload: { name: 'Through the API', description: 'x', parentCategoryId: null },
      })
      expect(created.statusCode, created.body).toBe(201)
      expect(await names()).toEqual(
        expect.arrayContaining(['Behind the server', 'Through the API']),
      )
    } finally {
      keepUntilForgotten(suite.db, false)
    }
  })

  it("a category filter's descendants are read again after a category moves", async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    const parent = await api.category()
    const other = await api.category()
    const { id } = await api.create(providerId, { productCategoryIds: [other.id] })
    const inParent = async () =>
      (await api.rows({ categoryId: String(parent.id) })).map((row) => row.id)
    expect(await inParent()).toEqual([])
    expect(await inParent()).toEqual([])

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/product-categories/${other.id}`,
      headers: api.headers,
      payload: {
        name: other.name,
        description: 'Moved under the parent',
        parentCategoryId: parent.id,
      },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await inParent()).toEqual([id])
  })

  it('a count that overlapped a write is kept stale, and counted again when next read', async () => {
    const app = await suite.makeApp()
    await app.ready()
    const slow = deferred<number>()
    const counting = cachedTotal(suite.db, 'overlap', () => slow.promise)
    // Any request that may write, even one refused, marks counts in progress as stale.
    await app.inject({ method: 'POST', url: '/api/products', payload: {} })
    slow.resolve(10)
    // Exact for its reader, whose request came before the write; kept stale for those after it.
    expect(await counting).toEqual({ total: 10, exact: true })
    expect(await cachedTotal(suite.db, 'overlap', async () => 11)).toEqual({
      total: 11,
      exact: true,
    })
    expect((await cachedTotal(suite.db, 'overlap', async () => 12)).total).toBe(11)
  })

  it('after a write, a list still answers an exact total when its recount is quick', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    const pagination = async () => (await api.list({ pageSize: '1' })).json().pagination
    const before = await pagination()
    expect(before.totalExact).toBe(true)
    await api.create(providerId)
    // Counted again since the write (the suite waits for recounts however long they take).
    expect(await pagination()).toMatchObject({ total: before.total + 1, totalExact: true })
  })

  it('after a write, a list answers the total from before it, not exact, while it is counted', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    await api.create(providerId)
    await api.create(providerId)
    // A broad list (the unfiltered one), whose total is counted; a page of one.
    const first = async () => (await api.list({ pageSize: '1' })).json()
    const before = (await first()).pagination
    expect(before.totalExact).toBe(true)
    await answeringStaleTotals(suite.db, async () => {
      await api.create(providerId)
      expect((await first()).pagination).toMatchObject({
        total: before.total,
        totalExact: false,
        hasNext: true,
      })
      // The recount lands a moment later; the list then answers it, exact.
      await vi.waitFor(async () =>
        expect((await first()).pagination).toMatchObject({
          total: before.total + 1,
          totalExact: true,
        }),
      )
    })
  })

  it('a page never lists more rows than a total not exact says: its rows raise it', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    await api.create(providerId)
    // Every product, on one page.
    const list = async () => (await api.list({ pageSize: '3000' })).json()
    const before = (await list()).pagination
    expect(before.totalExact).toBe(true)
    await answeringStaleTotals(suite.db, async () => {
      await api.create(providerId)
      const after = await list()
      // The rows are read afresh: the new product is listed, and the last page counts them.
      expect(after.data).toHaveLength(before.total + 1)
      expect(after.pagination).toMatchObject({
        total: before.total + 1,
        totalExact: false,
        hasNext: false,
      })
    })
  })

  it('a page whose total is not exact says from its rows whether another page follows', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    await api.create(providerId)
    const total = (await api.list({ pageSize: '1' })).json().pagination.total as number
    await answeringStaleTotals(suite.db, async () => {
      await api.create(providerId)
      // The total says `total` rows, so `total` pages of one; there is one more.
      const last = (await api.list({ pageSize: '1', page: String(total) })).json()
      expect(last.pagination).toMatchObject({ totalExact: false, hasNext: true })
      const past = (await api.list({ pageSize: '1', page: String(total + 1) })).json()
      expect(past.data).toHaveLength(1)
      expect(past.pagination).toMatchObject({ hasNext: false })
    })
  })
})

describeEachDatabase('answers being computed', (suite) => {
  it('are shared by concurrent requests, and joined after a write, but then not exact', async () => {
    const app = await suite.makeApp()
    await app.ready()
    let counts = 0
    const slow = deferred<number>()
    const count = () => {
      counts += 1
      return slow.promise
    }
    const first = cachedTotal(suite.db, 'shared', count)
    const second = cachedTotal(suite.db, 'shared', count)
    expect(counts).toBe(1)
    await app.inject({ method: 'POST', url: '/api/products', payload: {} })
    const afterWrite = cachedTotal(suite.db, 'shared', count)
    expect(counts).toBe(1)
    slow.resolve(7)
    expect([await first, await second, await afterWrite]).toEqual([
      { total: 7, exact: true },
      { total: 7, exact: true },
      { total: 7, exact: false },
    ])
  })

  it('category lists: a body whose total is not exact is answered but not kept', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const headers = { authorization: `Bearer ${token}` }
    const url = '/api/product-categories?pageSize=1'
    const pagination = async () => (await app.inject({ url, headers })).json().pagination
    const create = async () => {
      const name = `Kept or not ${Math.random()}`
      const created = await app.inject({
        method: 'POST',
        url: '/api/product-categories',
        headers,
        payload: { name, description: 'A category', parentCategoryId: null },
      })
      expect(created.statusCode, created.body).toBe(201)
    }
    // Two, so a page of one says nothing about the total (its rows raise one not exact).
    await create()
    await create()
    const before = await pagination()
    await answeringStaleTotals(suite.db, async () => {
      await create()
      expect(await pagination()).toMatchObject({ total: before.total, totalExact: false })
      await vi.waitFor(async () =>
        expect(await pagination()).toMatchObject({ total: before.total + 1, totalExact: true }),
      )
    })
  })
})

describe('list totals inside a transaction', () => {
  it('are always counted, never cached', async () => {
    const trx = { isTransaction: true } as Parameters<typeof cachedTotal>[0]
    expect(await cachedTotal(trx, 'k', async () => 1)).toEqual({ total: 1, exact: true })
    expect(await cachedTotal(trx, 'k', async () => 2)).toEqual({ total: 2, exact: true })
  })
})

describeEachDatabase('an expired answer', (suite) => {
  afterEach(() => vi.useRealTimers())

  const at = (ms: number) => vi.setSystemTime(new Date(ms))
  const start = Date.UTC(2026, 10, 26)
  // Served late after an expiry is still exact: only a writer outside the product may differ.
  const total = async (key: string, count: () => Promise<number>) => {
    const answer = await cachedTotal(suite.db, key, count)
    expect(answer.exact).toBe(true)
    return answer.total
  }

  it('is served at once while it is counted again, then replaced by the new count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    at(start)
    expect(await total('stale', async () => 1)).toBe(1)
    at(start + 6_000)
    const recount = deferred<number>()
    let counts = 0
    const count = () => {
      counts += 1
      return recount.promise
    }
    expect(await total('stale', count)).toBe(1)
    expect(await total('stale', count)).toBe(1)
    expect(counts).toBe(1)
    recount.resolve(2)
    await recount.promise
    expect(await total('stale', async () => 3)).toBe(2)
  })

  it('past twice the TTL is counted again before it is served (this suite waits for recounts)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    at(start)
    expect(await total('old', async () => 1)).toBe(1)
    at(start + 10_000)
    expect(await total('old', async () => 2)).toBe(2)
  })

  it('past twice the TTL, while a slow count runs, is served not exact rather than waited for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    await answeringStaleTotals(suite.db, async () => {
      at(start)
      expect(await cachedTotal(suite.db, 'slow', async () => 1)).toEqual({ total: 1, exact: true })
      at(start + 10_000)
      const recount = deferred<number>()
      expect(await cachedTotal(suite.db, 'slow', () => recount.promise)).toEqual({
        total: 1,
        exact: false,
      })
      // The count took 7 s: dated from its arrival, it is trusted for the TTL from then.
      at(start + 17_000)
      recount.resolve(2)
      await recount.promise
      await settle()
      at(start + 21_000)
      expect(await cachedTotal(suite.db, 'slow', async () => 3)).toEqual({ total: 2, exact: true })
    })
  })

  it('is counted again after a write before it is served (this suite waits for recounts)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const app = await suite.makeApp()
    await app.ready()
    at(start)
    expect(await total('written', async () => 1)).toBe(1)
    at(start + 6_000)
    await app.inject({ method: 'POST', url: '/api/products', payload: {} })
    expect(await total('written', async () => 2)).toBe(2)
  })

  it('whose recount fails is served until the next recount succeeds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    at(start)
    expect(await total('failing', async () => 1)).toBe(1)
    at(start + 6_000)
    const failing = deferred<number>()
    expect(await total('failing', () => failing.promise)).toBe(1)
    failing.reject(new Error('database unavailable'))
    await failing.promise.catch(() => {})
    expect(await total('failing', async () => 4)).toBe(1)
    expect(await total('failing', async () => 5)).toBe(4)
  })

  it('session row is never served late: it is read again before the request goes on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    at(start)
    expect(await cachedSession(suite.db, 'token-hash', async () => 'signed in')).toBe('signed in')
    at(start + 6_000)
    expect(await cachedSession(suite.db, 'token-hash', async () => 'signed out')).toBe('signed out')
  })
})
