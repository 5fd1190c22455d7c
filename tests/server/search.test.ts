import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { beforeEach, expect, test } from 'vitest'
import { WALKED_VALUES, WINDOW_ROWS } from '../../server/search/column-search'
import { describeEachDatabase, uniqueName } from './support/databases'
import { type ProductApi, productApi } from './support/products'
import { expectDetail, type Json, type Query, stringify } from './support/requests'

// The top bar's search (GET /api/search, decision 026): every kind of record found through its
// descriptor, grouped by collection, on both databases. Tests share one database per file, so
// each searches for a tag of its own (`uniqueName`), or for two letters no other test starts a
// name with.

interface Group {
  collection: string
  hits: Array<{ id: number; name: string; detail: string | null; collection: string }>
}

describeEachDatabase('search', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string

  beforeEach(async () => {
    app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    api = productApi(app, token)
    tag = uniqueName('find')
  })

  const search = (query: Query, headers = api.headers) =>
    app.inject({ method: 'GET', url: '/api/search', headers, query: stringify(query) })
  async function groups(query: Query): Promise<Group[]> {
    const response = await search(query)
    expect(response.statusCode, response.body).toBe(200)
    return response.json().groups
  }
  /** The ids found in one collection. */
  async function found(collection: string, query: Query): Promise<number[]> {
    const group = (await groups(query)).find((one) => one.collection === collection)
    return group?.hits.map((hit) => hit.id) ?? []
  }
  async function create(path: string, payload: Json): Promise<number> {
    const response = await app.inject({ method: 'POST', url: path, headers: api.headers, payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id
  }

  test('finds every kind of record, grouped by collection, each with its name and a second line', async () => {
    const { id: providerId, body } = await api.providers.create({
      brandName: `${tag} Kitchen`,
      firstName: 'Ngozi',
      lastName: 'Bello',
      phoneNumber: '+234 803 555 0101',
    })
    const { id: productId } = await api.create(providerId, { name: `Smoky ${tag} Suya` })
    const home = await create('/api/product-categories', {
      name: 'Home',
      description: 'd',
      parentCategoryId: null,
    })
    const grills = await create('/api/product-categories', {
      name: `${tag} Grills`,
      description: 'd',
      parentCategoryId: home,
    })
    const caterers = await create('/api/service-provider-categories', {
      name: `${tag.toUpperCase()} Caterers`,
      description: 'd',
      parentId: null,
    })

    expect(await groups({ q: tag })).toEqual([
      {
        collection: 'service-provider-categories',
        hits: [
          {
            id: caterers,
            name: `${tag.toUpperCase()} Caterers`,
            detail: null,
            collection: 'service-provider-categories',
          },
        ],
      },
      {
        collection: 'product-categories',
        hits: [
          { id: grills, name: `${tag} Grills`, detail: 'Home', collection: 'product-categories' },
        ],
      },
      {
        collection: 'service-providers',
        hits: [
          {
            id: providerId,
            name: `${tag} Kitchen`,
            detail: `Ngozi Bello · +234 803 555 0101 · ${body.email}`,
            collection: 'service-providers',
          },
        ],
      },
      {
        collection: 'products',
        hits: [
          {
            id: productId,
            name: `Smoky ${tag} Suya`,
            detail: `${tag} Kitchen`,
            collection: 'products',
          },
        ],
      },
    ])
    // No match anywhere: no group at all.
    expect(await groups({ q: `${tag}-none` })).toEqual([])
  })

  test("a provider is found by brand, email, the person's name or phone, however typed", async () => {
    // Seven digits that cannot be read as starting with the country code.
    const digits = `5${randomInt(100_000, 999_999)}`
    const phone = `+234 81${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`
    const { id, body } = await api.providers.create({
      firstName: `Chioma${tag.replaceAll('-', '')}`,
      lastName: 'Eze',
      phoneNumber: phone,
    })
    const national = `081${digits}`
    const providers = (q: string) => found('service-providers', { q })
    expect(await providers(body.brandName.toUpperCase())).toEqual([id])
    expect(await providers(body.email.slice(0, 12).toUpperCase())).toEqual([id])
    // "first last" as one text, any case.
    expect(await providers(`${body.firstName.slice(4)} EZE`)).toEqual([id])
    // The phone by its digits: national or international, spaced or not, any part of it.
    expect(await providers(national)).toEqual([id])
    expect(
      await providers(`0${national.slice(1, 4)}-${digits.slice(1, 4)}-${digits.slice(4)}`),
    ).toEqual([id])
    expect(await providers(`+234${national.slice(1)}`)).toEqual([id])
    expect(await providers(`(${national.slice(0, 4)}) ${digits.slice(1)}`)).toEqual([id])
    expect(await providers(digits)).toEqual([id])
  })

  test('the indexes follow writes: a rename, a new phone and the trash', async () => {
    const { id, body } = await api.providers.create({
      firstName: `Old${tag.replaceAll('-', '')}`,
      phoneNumber: '0809 111 2233',
    })
    const renamed = `New${tag.replaceAll('-', '')}`
    const digits = String(randomInt(1_000_000, 9_999_999))
    const { email: _, ...update } = body
    const put = await api.providers.put(id, {
      ...update,
      firstName: renamed,
      phoneNumber: `0707 ${digits}`,
    })
    expect(put.statusCode, put.body).toBe(200)
    const providers = (q: string) => found('service-providers', { q })
    expect(await providers(`old${tag.replaceAll('-', '')}`)).toEqual([])
    expect(await providers(renamed)).toEqual([id])
    expect(await providers(`+234 707 ${digits}`)).toEqual([id])

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/service-providers/${id}`,
      headers: api.headers,
    })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await providers(renamed)).toEqual([])
  })

  test('newest first, a few per collection: matches among the newest rows, in the window behind them and older ones', async () => {
    const providerId = await api.provider()
    const old = await api.create(providerId, { name: `Old ${tag} Stew` })
    // PostgreSQL reads three id ranges in turn (walkThenCollect): a gap of WINDOW_ROWS ids puts
    // `old` behind the window, a thousand rows put `windowed` behind the walked ones.
    await skipIds(WINDOW_ROWS)
    const windowed = await api.create(providerId, { name: `Mid ${tag} Stew` })
    await addProducts(providerId, WALKED_VALUES + 100)
    const newer = []
    for (const name of ['Pepper', 'Palm', 'Okra']) {
      newer.push((await api.create(providerId, { name: `${name} ${tag} Soup` })).id)
    }
    expect(await found('products', { q: tag, limit: 2 })).toEqual([newer[2], newer[1]])
    expect(await found('products', { q: tag, limit: 4 })).toEqual(
      [...newer].reverse().concat(windowed.id),
    )
    expect(await found('products', { q: tag })).toEqual(
      [...newer].reverse().concat(windowed.id, old.id),
    )
    expect(await found('products', { q: `old ${tag}` })).toEqual([old.id])
  })

  test('two characters find names that start with them, alphabetically', async () => {
    const providerId = (await api.providers.create({ brandName: 'Qjv Bakes', lastName: 'Qjv' })).id
    const later = (await api.create(providerId, { name: 'qjv zobo' })).id
    const first = (await api.create(providerId, { name: 'QJV Akara' })).id
    await api.create(providerId, { name: 'Hot qjv pap' })
    expect(await found('products', { q: 'Qj', limit: 20 })).toEqual([first, later])
    expect(await found('service-providers', { q: 'qJ', limit: 20 })).toEqual([providerId])
  })

  test('% _ and quotes are plain characters, never query syntax', async () => {
    const providerId = await api.provider()
    const percent = (await api.create(providerId, { name: `${tag} 100% "pure" oil_x` })).id
    await api.create(providerId, { name: `${tag} 1000 pure oilyx` })
    expect(await found('products', { q: `${tag} 100%` })).toEqual([percent])
    expect(await found('products', { q: `"pure" oil_` })).toContain(percent)
    expect(await groups({ q: `${tag}" OR "1000` })).toEqual([])
    expect(await groups({ q: '%_' })).toBeInstanceOf(Array)
  })

  test('refuses a missing or one-character text and a bad limit; a viewer may search', async () => {
    expectDetail(await search({}), 400, 'q is required')
    expectDetail(await search({ q: 'a' }), 400, 'q must be at least 2 characters')
    expectDetail(await search({ q: 'ab', limit: 0 }), 400, 'limit must be a positive whole number')
    expectDetail(await search({ q: 'x'.repeat(201) }), 400, 'q must be at most 200 characters')
    const signedOut = await app.inject({ method: 'GET', url: '/api/search?q=abc' })
    expect(signedOut.statusCode).toBe(401)

    const viewer = await suite.createOperator({ role: 'viewer' })
    const token = await suite.login(app, viewer.username, viewer.password)
    const asViewer = await search({ q: 'abc' }, { authorization: `Bearer ${token}` })
    expect(asViewer.statusCode, asViewer.body).toBe(200)
  })

  test('the OpenAPI document describes the route, its parameters and its answer', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json()
    const get = doc.paths['/api/search'].get as Json
    const names = (get.parameters as Json[]).map((parameter) => parameter.name)
    expect(names).toEqual(['q', 'limit'])
    expect(Object.keys(get.responses as Json)).toEqual(['200', '400', '401'])
  })

  /** The next product's id `count` above the newest: one filler row with that id (PostgreSQL's
   * sequence moved past it; SQLite follows the largest id by itself). */
  async function skipIds(count: number) {
    const newest = await suite.db
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
    await addProducts(await api.provider(), 1, Number(newest.id) + count)
    if (suite.dialect === 'postgres') {
      await sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`.execute(
        suite.db,
      )
    }
  }

  /** Products named without the tag, inserted straight into the table (the API would take
   * minutes for thousands). */
  async function addProducts(serviceProviderId: number, count: number, firstId?: number) {
    const now = Date.now()
    for (let start = 0; start < count; start += 400) {
      const rows = Array.from({ length: Math.min(400, count - start) }, (_, i) => ({
        ...(firstId === undefined ? {} : { id: firstId + start + i }),
        serviceProviderId,
        name: `Filler ${start + i}`,
        description: 'Filler',
        pricing: 'Fixed' as const,
        priceKobo: 100,
        estimatedDeliveryDays: 1,
        enabled: 1,
        rating: 0,
        noOfRatings: 0,
        createdAt: now,
        updatedAt: now,
      }))
      await suite.db.insertInto('products').values(rows).execute()
    }
  }
})
