import { afterEach, describe, expect, it, vi } from 'vitest'
import { cachedSession, cachedTotal } from '../../server/lib/read-cache'
import { describeEachDatabase } from './support/databases'
import { productApi } from './support/products'

// List totals and category lists are kept between writes: exact for everything written through the
// server, never kept when the count overlapped a write, never disagreeing with the page beside
// them, and a few seconds at most otherwise.

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
    expect(await names()).toEqual(expect.arrayContaining(['Behind the server', 'Through the API']))
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

  it('a count that overlapped a write is not kept', async () => {
    const app = await suite.makeApp()
    await app.ready()
    let finish: (total: number) => void = () => {}
    const slow = cachedTotal(
      suite.db,
      'overlap',
      () => new Promise((resolve) => (finish = resolve)),
    )
    // Any request that may write, even one refused, marks counts in progress as stale.
    await app.inject({ method: 'POST', url: '/api/products', payload: {} })
    finish(10)
    expect(await slow).toBe(10)
    expect(await cachedTotal(suite.db, 'overlap', async () => 11)).toBe(11)
    expect(await cachedTotal(suite.db, 'overlap', async () => 12)).toBe(11)
  })
})

describeEachDatabase('answers being computed', (suite) => {
  it('are shared by concurrent requests, but not joined after a write', async () => {
    const app = await suite.makeApp()
    await app.ready()
    let counts = 0
    let finish: (total: number) => void = () => {}
    const slow = () => {
      counts += 1
      return new Promise<number>((resolve) => (finish = resolve))
    }
    const first = cachedTotal(suite.db, 'shared', slow)
    const second = cachedTotal(suite.db, 'shared', slow)
    expect(counts).toBe(1)
    await app.inject({ method: 'POST', url: '/api/products', payload: {} })
    const afterWrite = cachedTotal(suite.db, 'shared', async () => 8)
    finish(7)
    expect([await first, await second, await afterWrite]).toEqual([7, 7, 8])
  })
})

describe('list totals inside a transaction', () => {
  it('are always counted, never cached', async () => {
    const trx = { isTransaction: true } as Parameters<typeof cachedTotal>[0]
    expect(await cachedTotal(trx, 'k', async () => 1)).toBe(1)
    expect(await cachedTotal(trx, 'k', async () => 2)).toBe(2)
  })
})

describeEachDatabase('an expired answer', (suite) => {
  afterEach(() => vi.useRealTimers())

  const at = (ms: number) => vi.setSystemTime(new Date(ms))
  const start = Date.UTC(2026, 10, 26)
  const deferred = () => {
    let resolve: (value: number) => void = () => {}
    let reject: (error: Error) => void = () => {}
    const promise = new Promise<number>((ok, fail) => {
      resolve = ok
      reject = fail
    })
    return { promise, resolve, reject }
  }

  it('is served at once while it is counted again, then replaced by the new count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    at(start)
    expect(await cachedTotal(suite.db, 'stale', async () => 1)).toBe(1)
    at(start + 6_000)
    const recount = deferred()
    let counts = 0
    const count = () => {
      counts += 1
      return recount.promise
    }
    expect(await cachedTotal(suite.db, 'stale', count)).toBe(1)
    expect(await cachedTotal(suite.db, 'stale', count)).toBe(1)
    expect(counts).toBe(1)
    recount.resolve(2)
    await recount.promise
    expect(await cachedTotal(suite.db, 'stale', async () => 3)).toBe(2)
  })

  it('is not served past twice the TTL: the request waits for the count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    at(start)
    expect(await cachedTotal(suite.db, 'old', async () => 1)).toBe(1)
    at(start + 10_000)
    expect(await cachedTotal(suite.db, 'old', async () => 2)).toBe(2)
  })

  it('is not served after a write: the request waits for the count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const app = await suite.makeApp()
    await app.ready()
    at(start)
    expect(await cachedTotal(suite.db, 'written', async () => 1)).toBe(1)
    at(start + 6_000)
    await app.inject({ method: 'POST', url: '/api/products', payload: {} })
    expect(await cachedTotal(suite.db, 'written', async () => 2)).toBe(2)
  })

  it('whose recount fails is served until the next recount succeeds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await (await suite.makeApp()).ready()
    at(start)
    expect(await cachedTotal(suite.db, 'failing', async () => 1)).toBe(1)
    at(start + 6_000)
    const failing = deferred()
    expect(await cachedTotal(suite.db, 'failing', () => failing.promise)).toBe(1)
    failing.reject(new Error('database unavailable'))
    await failing.promise.catch(() => {})
    expect(await cachedTotal(suite.db, 'failing', async () => 4)).toBe(1)
    expect(await cachedTotal(suite.db, 'failing', async () => 5)).toBe(4)
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
