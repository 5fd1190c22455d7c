import type { FastifyInstance } from 'fastify'
import { expect, test } from 'vitest'
import {
  type EventStream,
  type NamedEvent,
  openEventStream,
} from '../../scripts/support/event-stream'
import type { Role } from '../../server/auth/rights'
import { keepUntilForgotten } from '../../server/lib/read-cache'
import { PRESENCE_TTL_MS } from '../../server/presence/presence-store'
import { type DatabaseSuite, describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { productApi } from './support/products'

// Presence (issue 31, decision 025): PUT /{collection}/{id}/presence says "I am editing this"
// and answers who else is; DELETE says goodbye; someone not heard from for the TTL has left.
// Each change of who is there (never a mere heartbeat) reaches every stream as
// `event: presence`, on this instance and (PostgreSQL) on every other.

const START = Date.UTC(2026, 10, 27, 9, 0, 0)

async function signedIn(suite: DatabaseSuite, app: FastifyInstance, role: Role = 'editor') {
  const operator = await suite.createOperator({ role })
  const token = await suite.login(app, operator.username, operator.password)
  const call = (method: 'PUT' | 'DELETE', url: string) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` } })
  return { operator, token, call }
}

/** A product category to edit, and its presence route. */
async function aRecord(app: FastifyInstance, token: string) {
  const category = await productApi(app, token).category()
  return { id: category.id, url: `/api/product-categories/${category.id}/presence` }
}

const editorsOf = (response: { json(): unknown }) =>
  (response.json() as { editors: Array<{ username: string }> }).editors.map((e) => e.username)

const about = (id: number) => (event: NamedEvent) =>
  event.name === 'presence' &&
  event.data.collection === 'product-categories' &&
  event.data.id === id

/** Resolves once `stream` has heard `times` events that match. */
const heard = (stream: EventStream, matches: (event: NamedEvent) => boolean, times: number) =>
  stream.nextNamed((event) => matches(event) && stream.named.filter(matches).length >= times)

describeEachDatabase('presence', (suite) => {
  test('each editor is told who else has the record open, first come first, until they leave', async () => {
    const clock = { now: START }
    const app = await suite.makeApp({ now: () => clock.now })
    const [ada, bola, chi] = [
      await signedIn(suite, app),
      await signedIn(suite, app),
      await signedIn(suite, app, 'administrator'),
    ]
    const record = await aRecord(app, ada.token)

    const first = await ada.call('PUT', record.url)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ editors: [] })
    clock.now += 1_000
    expect(editorsOf(await bola.call('PUT', record.url))).toEqual([ada.operator.username])
    clock.now += 1_000
    const third = await chi.call('PUT', record.url)
    expect(third.json()).toEqual({
      editors: [
        { username: ada.operator.username, since: new Date(START).toISOString() },
        { username: bola.operator.username, since: new Date(START + 1_000).toISOString() },
      ],
    })
    expect(editorsOf(await ada.call('PUT', record.url))).toEqual([
      bola.operator.username,
      chi.operator.username,
    ])

    const left = await bola.call('DELETE', record.url)
    expect(left.statusCode).toBe(204)
    expect(editorsOf(await ada.call('PUT', record.url))).toEqual([chi.operator.username])
    // Leaving twice is no error.
    expect((await bola.call('DELETE', record.url)).statusCode).toBe(204)
  })

  test('an editor whose heartbeats stopped counts as gone after the TTL', async () => {
    const clock = { now: START }
    const app = await suite.makeApp({ now: () => clock.now })
    const [ada, bola] = [await signedIn(suite, app), await signedIn(suite, app)]
    const record = await aRecord(app, ada.token)
    await ada.call('PUT', record.url)
    // Bola's heartbeats keep coming; Ada's tab vanished without a goodbye.
    clock.now += PRESENCE_TTL_MS
    expect(editorsOf(await bola.call('PUT', record.url))).toEqual([ada.operator.username])
    clock.now += 1
    expect(editorsOf(await bola.call('PUT', record.url))).toEqual([])
    // Back again (the laptop woke up): present once more, since now.
    await ada.call('PUT', record.url)
    const back = await bola.call('PUT', record.url)
    expect(back.json()).toEqual({
      editors: [{ username: ada.operator.username, since: new Date(clock.now).toISOString() }],
    })
  })

  test('a viewer may not announce themselves; a missing record or a bad id is 404', async () => {
    const app = await suite.makeApp()
    const editor = await signedIn(suite, app)
    const viewer = await signedIn(suite, app, 'viewer')
    const record = await aRecord(app, editor.token)
    for (const method of ['PUT', 'DELETE'] as const) {
      const refused = await viewer.call(method, record.url)
      expect(refused.statusCode, `${method}: ${refused.body}`).toBe(403)
      const badId = await editor.call(method, '/api/products/abc/presence')
      expect(badId.statusCode).toBe(404)
      expect(badId.json().detail).toMatch(/\S/)
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      const missing = await editor.call(method, '/api/service-providers/999999999/presence')
      expect(missing.statusCode).toBe(404)
    }
    const noToken = await app.inject({ method: 'PUT', url: record.url })
    expect(noToken.statusCode).toBe(401)
  })

  test("a product image's edit page: its own record, named by its path; not another product's image", async () => {
    const app = await suite.makeApp()
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const [ada, bola] = [await signedIn(suite, app), await signedIn(suite, app)]
    const api = productApi(app, ada.token)
    const providerId = await api.provider()
    const [product, other] = [await api.create(providerId), await api.create(providerId)]
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/images`,
      headers: { authorization: `Bearer ${ada.token}` },
      payload: { image: (await solid(8, 8, 'png')).toString('base64'), imageName: 'Front' },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const imageId = uploaded.json().id as number
    const path = `/api/products/${product.id}/images/${imageId}/presence`
    const stream = await openEventStream(url, bola.token)

    expect((await ada.call('PUT', path)).statusCode).toBe(200)
    // The event names the image as its edit page asks for it: /products/7/images/12/presence.
    const image = { collection: `products/${product.id}/images`, id: imageId }
    expect(await stream.nextNamed((event) => event.name === 'presence')).toEqual({
      name: 'presence',
      data: image,
    })
    expect(editorsOf(await bola.call('PUT', path))).toEqual([ada.operator.username])
    // The product itself is another record: nobody has it open.
    expect(editorsOf(await bola.call('PUT', `/api/products/${product.id}/presence`))).toEqual([])
    expect((await ada.call('DELETE', path)).statusCode).toBe(204)
    expect(editorsOf(await bola.call('PUT', path))).toEqual([])
    // An image of another product, or none, is 404 with the image routes' words.
    for (const wrong of [
      `/api/products/${other.id}/images/${imageId}/presence`,
      `/api/products/${product.id}/images/999999999/presence`,
      `/api/products/${product.id}/images/abc/presence`,
    ]) {
      const refused = await bola.call('PUT', wrong)
      expect(refused.statusCode, wrong).toBe(404)
      expect(refused.json().detail).toBe('Product image not found')
    }
    stream.close()
  })

  test('a heartbeat or a goodbye keeps the read caches: it changes nothing a list shows', async () => {
    const app = await suite.makeApp()
    const editor = await signedIn(suite, app)
    const record = await aRecord(app, editor.token)
    const names = async () => {
      const response = await app.inject({
        url: '/api/product-categories?pageSize=3000',
        headers: { authorization: `Bearer ${editor.token}` },
      })
      return (response.json().data as Array<{ name: string }>).map((row) => row.name)
    }
    // Trusted until a write is heard, not for the 5 s TTL: a loaded machine can take longer
    // than that between the reads below (CI did, on PostgreSQL).
    keepUntilForgotten(suite.db)
    try {
      // Twice: the create's own end-of-request hook may still run while the first list is read.
      await names()
      await names()
      // Written behind the server: only a request that may change data makes the list read again.
      const now = Date.now()
      await suite.db
        .insertInto('productCategories')
        .values({
          name: 'Behind a heartbeat',
          description: 'x',
          parentId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      expect(await names()).not.toContain('Behind a heartbeat')
      expect((await editor.call('PUT', record.url)).statusCode).toBe(200)
      expect((await editor.call('DELETE', record.url)).statusCode).toBe(204)
      expect(await names()).not.toContain('Behind a heartbeat')
      // The same list after a write the server hears of: read again (so the test can fail).
      await productApi(app, editor.token).category()
      expect(await names()).toContain('Behind a heartbeat')
    } finally {
      keepUntilForgotten(suite.db, false)
    }
  })

  test('streams hear each arrival and departure as a named event, never a heartbeat', async () => {
    const app = await suite.makeApp()
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const [ada, bola] = [await signedIn(suite, app), await signedIn(suite, app)]
    const viewer = await signedIn(suite, app, 'viewer')
    const stream = await openEventStream(url, viewer.token)
    const record = await aRecord(app, ada.token)
    const marker = await aRecord(app, ada.token)

    await ada.call('PUT', record.url)
    expect(await stream.nextNamed(about(record.id))).toEqual({
      name: 'presence',
      data: { collection: 'product-categories', id: record.id },
    })
    await bola.call('PUT', record.url)
    await ada.call('PUT', record.url)
    await bola.call('PUT', record.url)
    await bola.call('DELETE', record.url)
    // Events arrive in order: once the marker's is here, every event about the record is too.
    await bola.call('PUT', marker.url)
    await stream.nextNamed(about(marker.id))
    expect(stream.named.filter(about(record.id))).toHaveLength(3)
    // Presence is no write: the record's own events are its creation alone.
    const writes = stream.events.filter(
      (e) => e.collection === 'product-categories' && e.id === record.id,
    )
    expect(writes.map((e) => e.action)).toEqual(['create'])
    stream.close()
  })

  if (suite.dialect === 'postgres') {
    test('an editor on one instance is seen, and heard of, on another on the same database', async () => {
      const a = await suite.makeApp()
      const b = await suite.makeApp()
      const urlB = await b.listen({ port: 0, host: '127.0.0.1' })
      const onA = await signedIn(suite, a)
      const onB = await signedIn(suite, b)
      const stream = await openEventStream(urlB, onB.token)
      const record = await aRecord(a, onA.token)
      await onA.call('PUT', record.url)
      await stream.nextNamed(about(record.id))
      expect(editorsOf(await onB.call('PUT', record.url))).toEqual([onA.operator.username])
      await onA.call('DELETE', record.url)
      // Ada came, Bola came, Ada left.
      await heard(stream, about(record.id), 3)
      expect(editorsOf(await onB.call('PUT', record.url))).toEqual([])
      stream.close()
    })
  }
})
