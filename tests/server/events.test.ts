import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { openEventStream, type StreamedEvent } from '../../scripts/support/event-stream'
import type { Role } from '../../server/auth/rights'
import { MAX_NOTICE_BYTES, noticePayloads } from '../../server/lib/write-notices'
import { type DatabaseSuite, describeEachDatabase, uniqueName } from './support/databases'
import { productApi } from './support/products'

// Live changes (contract: GET /api/events): every committed write reaches every open stream,
// once per record, on this instance and (PostgreSQL) on every other; a refused write says
// nothing; a heartbeat keeps the stream alive; no or a revoked token is refused.

/** An app listening on a real port (streams need a real connection, not inject). */
async function listening(suite: DatabaseSuite, eventsHeartbeatMs?: number) {
  const app = await suite.makeApp(eventsHeartbeatMs ? { eventsHeartbeatMs } : {})
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url: address }
}

async function signedIn(suite: DatabaseSuite, app: FastifyInstance, role: Role = 'editor') {
  const operator = await suite.createOperator({ role })
  return { operator, token: await suite.login(app, operator.username, operator.password) }
}

const of = (collection: string, id: number) => (event: StreamedEvent) =>
  event.collection === collection && event.id === id

describeEachDatabase('live changes', (suite) => {
  test('a write reaches every open stream once, saying what, by whom and when', async () => {
    const { app, url } = await listening(suite)
    const { operator, token } = await signedIn(suite, app)
    const viewer = await signedIn(suite, app, 'viewer')
    const [mine, theirs] = await Promise.all([
      openEventStream(url, token),
      openEventStream(url, viewer.token),
    ])
    expect(mine.status).toBe(200)
    expect(mine.contentType).toMatch(/^text\/event-stream/)
    const api = productApi(app, token)
    const category = await api.category()
    for (const stream of [mine, theirs]) {
      expect(await stream.next(of('product-categories', category.id))).toEqual({
        collection: 'product-categories',
        id: category.id,
        action: 'create',
        operator: operator.username,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      })
    }
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/product-categories/${category.id}`,
      headers: api.headers,
      payload: { name: uniqueName('renamed'), description: 'Changed' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const update = (event: StreamedEvent) =>
      of('product-categories', category.id)(event) && event.action === 'update'
    await theirs.next(update)
    // A refused write (a blank name) records and announces nothing; the next write proves the
    // stream would have shown it by now, since events arrive in order.
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/product-categories/${category.id}`,
      headers: api.headers,
      payload: { name: ' ', description: 'Refused' },
    })
    expect(refused.statusCode).toBe(400)
    const marker = await api.category()
    await theirs.next(of('product-categories', marker.id))
    expect(
      theirs.events.filter(of('product-categories', category.id)).map((e) => e.action),
    ).toEqual(['create', 'update'])
    mine.close()
    theirs.close()
  })

  test('a bulk change and an image change announce each record they changed, once', async () => {
    const { app, url } = await listening(suite)
    const { token } = await signedIn(suite, app)
    const stream = await openEventStream(url, token)
    const api = productApi(app, token)
    const provider = await api.provider()
    const products = [await api.create(provider), await api.create(provider)]
    const ids = products.map((product) => product.id)
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/products/bulk',
      headers: api.headers,
      payload: { action: 'disable', ids },
    })
    expect(bulk.json().done).toEqual(ids)
    for (const id of ids) await stream.next((e) => of('products', id)(e) && e.action === 'update')
    const image = await app.inject({
      method: 'POST',
      url: `/api/products/${ids[0]}/images`,
      headers: api.headers,
      payload: { image: TINY_PNG, imageName: 'Front' },
    })
    expect(image.statusCode, image.body).toBe(201)
    // The image belongs to its product: the product's page and lists are what change.
    await stream.next((e) => of('products', ids[0])(e) && e.action === 'image-add')
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/products/${ids[1]}`,
      headers: api.headers,
    })
    expect(deleted.statusCode).toBe(204)
    await stream.next((e) => of('products', ids[1])(e) && e.action === 'delete')
    const perRecord = (id: number) => stream.events.filter(of('products', id)).map((e) => e.action)
    expect(perRecord(ids[0])).toEqual(['create', 'update', 'image-add'])
    expect(perRecord(ids[1])).toEqual(['create', 'update', 'delete'])
    stream.close()
  })

  test('without a token, or with a revoked one, the stream is refused; a revoked session ends it', async () => {
    const { app, url } = await listening(suite, 50)
    const refused = await openEventStream(url, undefined)
    expect(refused.status).toBe(401)
    expect(refused.detail).toMatch(/\S/)
    const { token } = await signedIn(suite, app)
    const stream = await openEventStream(url, token)
    expect(stream.status).toBe(200)
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(logout.statusCode).toBe(200)
    // Ends at its next heartbeat; the browser's reconnection is then refused.
    await stream.ended
    expect((await openEventStream(url, token)).status).toBe(401)
  })

  test('an idle stream gets a comment line at each heartbeat', async () => {
    const { app, url } = await listening(suite, 50)
    const { token } = await signedIn(suite, app, 'viewer')
    const stream = await openEventStream(url, token)
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (stream.comments.filter((c) => c === 'heartbeat').length < 2) return
        clearInterval(check)
        resolve()
      }, 20)
    })
    expect(stream.comments[0]).toBe('connected')
    expect(stream.events).toEqual([])
    stream.close()
  })

  test('closing the server ends its open streams instead of waiting on them', async () => {
    const { app, url } = await listening(suite)
    const { token } = await signedIn(suite, app, 'viewer')
    const streams = await Promise.all([openEventStream(url, token), openEventStream(url, token)])
    await app.close()
    await Promise.all(streams.map((stream) => stream.ended))
  })

  if (suite.dialect === 'postgres') {
    test('a write through one instance reaches the streams of another on the same database', async () => {
      const a = await listening(suite)
      const b = await listening(suite)
      const { token } = await signedIn(suite, a.app)
      const onB = await openEventStream(b.url, await suite.login(b.app, ...(await credentials())))
      const onA = await openEventStream(a.url, token)
      const category = await productApi(a.app, token).category()
      await onB.next(of('product-categories', category.id))
      await onA.next(of('product-categories', category.id))
      onA.close()
      onB.close()

      async function credentials(): Promise<[string, string]> {
        const viewer = await suite.createOperator({ role: 'viewer' })
        return [viewer.username, viewer.password]
      }
    })

    test("after its notices' connection drops, an instance ends its streams once it listens again, so clients catch up", async () => {
      const { app, url } = await listening(suite)
      const { token } = await signedIn(suite, app, 'viewer')
      const stream = await openEventStream(url, token)
      let ended = false
      void stream.ended.then(() => {
        ended = true
      })
      // This database's only listener is the app's (each test's apps close after it).
      const dropped = await sql<{ pid: number }>`
        select pg_terminate_backend(pid) as pid from pg_stat_activity
        where datname = current_database() and query like 'LISTEN %'`.execute(suite.db)
      expect(dropped.rows).toHaveLength(1)
      expect(ended).toBe(false)
      // It listens again after a second; then the stream ends, and a new one hears writes.
      await stream.ended
      const again = await openEventStream(url, token)
      const category = await productApi(app, (await signedIn(suite, app)).token).category()
      await again.next(of('product-categories', category.id))
      again.close()
    })
  }
})

test('write notices cut a large batch of events into payloads PostgreSQL accepts', () => {
  const events = Array.from({ length: 1000 }, (_, index) => ({
    collection: 'service-provider-categories',
    id: 1_000_000 + index,
    action: 'update',
    operator: 'o'.repeat(100),
    at: new Date().toISOString(),
  }))
  const payloads = noticePayloads(events)
  expect(payloads.length).toBeGreaterThan(1)
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(MAX_NOTICE_BYTES)
  expect(payloads.flatMap((payload) => JSON.parse(payload))).toEqual(events)
})

/** A 1×1 PNG. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
