import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import {
  ADMIN,
  type ApiClient,
  apiClient,
  login,
  type ServerProcess,
  sleep,
  startServer,
} from '../../scripts/support/server-process'
import { freshStorage } from './support/databases'
import { buildProvider } from './support/service-providers'

// Two server processes on one PostgreSQL, as behind a load balancer: a write through one is
// seen by the other's lists, totals and dropdowns within a second, and a page never disagrees
// with its total; the failed-login budget is one across instances and restarts; a logout on one
// holds on the other; an If-Match race across them lets exactly one write land; and SIGTERM
// drains (readiness 503 while still serving, then refused, exit 0).

/** How long after a write another instance may still answer without it. */
const STALENESS_BOUND_MS = 1_000
/** Instance B drains for this long after SIGTERM before it stops accepting. */
const DRAIN_DELAY_SECONDS = 2

describe('two instances on one PostgreSQL', { timeout: 180_000 }, () => {
  let a: ServerProcess
  let b: ServerProcess
  let remove: () => Promise<void> = async () => {}
  let databaseUrl = ''

  beforeAll(async () => {
    const fresh = await freshStorage('postgres', inject('pgUrl'))
    remove = fresh.remove
    if (!('databaseUrl' in fresh.storage)) throw new Error('expected PostgreSQL')
    databaseUrl = fresh.storage.databaseUrl
    // Started at once on an empty database: both migrate and create the admin at start-up,
    // which only works if they take turns.
    ;[a, b] = await Promise.all([
      startServer(fresh.storage),
      startServer(fresh.storage, { env: { SHUTDOWN_DELAY_SECONDS: String(DRAIN_DELAY_SECONDS) } }),
    ])
  }, 180_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await remove()
  })

  const clients = async (): Promise<[ApiClient, ApiClient]> => [
    apiClient(a.url, await login(a.url)),
    apiClient(b.url, await login(b.url)),
  ]

  /** Reads with `read` until `seen` holds; fails unless the read that saw it began within the
   * bound after `since` (reads that began later prove nothing about staleness). */
  async function seenWithinBound<T>(
    since: number,
    read: () => Promise<T>,
    seen: (v: T) => boolean,
  ) {
    for (;;) {
      const began = performance.now()
      const value = await read()
      if (seen(value)) return value
      expect(began - since, 'a read began after the bound and still missed the write').toBeLessThan(
        STALENESS_BOUND_MS,
      )
      await sleep(20)
    }
  }

  test('a write through one instance reaches the other instance’s dropdowns and totals', async () => {
    const [apiA, apiB] = await clients()
    const names = async () =>
      (
        (await apiB.get('/api/product-categories?pageSize=3000')).json().data as Array<{
          name: string
        }>
      ).map((row) => row.name)
    const providers = async () => (await apiB.get('/api/service-providers?pageSize=5')).json()
    // Warm B's caches (twice: the second is served from memory).
    for (let i = 0; i < 2; i += 1) {
      await names()
      await providers()
    }

    const name = `Cluster category ${Date.now()}`
    await apiA.create('/api/product-categories', {
      name,
      description: 'Made on A',
      parentCategoryId: null,
    })
    const wrote = performance.now()
    await seenWithinBound(wrote, names, (list) => list.includes(name))

    const before = (await providers()).pagination.total as number
    await apiA.create('/api/service-providers', buildProvider())
    const created = performance.now()
    const page = await seenWithinBound(
      created,
      providers,
      (list) => list.pagination.total === before + 1,
    )
    expect(page.data.length).toBe(Math.min(5, before + 1))
  })

  test('a page never lists more rows than its total says, even while caches lag', async () => {
    const [apiA, apiB] = await clients()
    const brand = `Consistent ${Date.now()}`
    const list = async () =>
      (await apiB.get(`/api/service-providers?brandName=${encodeURIComponent(brand)}`)).json()
    await apiA.create('/api/service-providers', buildProvider({ brandName: `${brand} one` }))
    for (let round = 0; round < 5; round += 1) {
      // Reads on B race the next create on A: whatever B answers, rows and total agree.
      const [page] = await Promise.all([
        list(),
        apiA.create('/api/service-providers', buildProvider({ brandName: `${brand} ${round}` })),
      ])
      expect(page.data.length).toBe(page.pagination.total)
    }
  })

  test('failed logins are counted once across instances', async () => {
    // Unknown usernames are limited like known ones (tests/server/login-limit.test.ts).
    const target = `guessed-${Date.now()}`
    const attempt = (server: ServerProcess, pass: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: target, password: pass }),
      })
    for (let i = 0; i < 10; i += 1) {
      const response = await attempt(i % 2 === 0 ? a : b, 'wrong-password')
      expect(response.status).toBe(401)
    }
    expect((await attempt(a, 'wrong-password')).status).toBe(429)
    expect((await attempt(b, 'wrong-password')).status).toBe(429)

    // A restart forgets nothing: the counts are in PostgreSQL.
    await a.stop()
    a = await startServer({ databaseUrl })
    expect((await attempt(a, 'wrong-password')).status).toBe(429)
    // The admin's own budget is untouched.
    expect(await login(a.url, ADMIN)).toBeTruthy()
  })

  test('a logout on one instance signs the token out on the other', async () => {
    const token = await login(a.url)
    const onB = apiClient(b.url, token)
    expect((await onB.get('/api/service-providers?pageSize=1')).status).toBe(200)
    const logout = await apiClient(a.url, token).call('POST', '/api/auth/logout')
    expect(logout.status).toBeLessThan(300)
    expect((await onB.get('/api/service-providers?pageSize=1')).status).toBe(401)
  })

  test('of two PUTs with one If-Match sent to different instances, exactly one lands', async () => {
    const [apiA, apiB] = await clients()
    for (let round = 0; round < 5; round += 1) {
      const body = buildProvider()
      const id = await apiA.create('/api/service-providers', body)
      const opened = await apiB.get(`/api/service-providers/${id}`)
      const headers = { 'if-match': opened.etag ?? '' }
      const [first, second] = await Promise.all([
        apiA.put(`/api/service-providers/${id}`, { ...body, city: 'Abuja' }, headers),
        apiB.put(`/api/service-providers/${id}`, { ...body, city: 'Kano' }, headers),
      ])
      expect([first.status, second.status].sort()).toEqual([200, 412])
      const winner = first.status === 200 ? 'Abuja' : 'Kano'
      expect((await apiA.get(`/api/service-providers/${id}`)).json().city).toBe(winner)
    }
  })

  // Last: it stops instance B.
  test('SIGTERM: readiness 503 while still serving, then refused, then exit 0', async () => {
    const token = await login(b.url)
    const api = apiClient(b.url, token)
    b.child.kill('SIGTERM')
    const health = () => fetch(`${b.url}/api/health`).then((response) => response.status)
    while ((await health()) === 200) await sleep(20)
    // Draining: readiness says "take me out", yet requests are still served in full.
    expect(await health()).toBe(503)
    expect((await api.get('/api/service-providers?pageSize=1')).status).toBe(200)
    expect((await fetch(`${b.url}/api/health/live`)).status).toBe(200)
    // Then the listener closes and the process exits cleanly.
    const refused = async () => {
      try {
        await fetch(`${b.url}/api/health/live`)
        return false
      } catch {
        return true
      }
    }
    while (!(await refused())) await sleep(50)
    expect(await b.exited).toEqual({ code: 0, signal: null })
  })
})
