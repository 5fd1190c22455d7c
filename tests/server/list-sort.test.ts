import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { PRODUCTS, type ProductApi, productFixture, productUpdateBody } from './support/products'
import { expectDetail, type Json, type Query, stringify } from './support/requests'

// `sort` and `order` on every list, on SQLite and on PostgreSQL: unknown values are 400s that
// say what is accepted, each sort orders as named, and ties break by id in the sort's direction
// so that walking the pages meets every row exactly once.

describeEachDatabase('list sorting', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  let providerId: number

  beforeEach(async () => {
    ;({ app, api, tag, providerId } = await productFixture(suite, 'sort'))
  })

  const get = (url: string, query: Query = {}) =>
    app.inject({ method: 'GET', url, headers: api.headers, query: stringify(query) })
  const ids = (rows: Json[]) => rows.map((row) => row.id as number)
  const ascending = (values: number[]) => [...values].sort((a, b) => a - b)
  const descending = (values: number[]) => [...values].sort((a, b) => b - a)

  describe('validation', () => {
    const lists = () => [
      [PRODUCTS, 'name, newest, id, price, rating'],
      [`/api/service-providers/${providerId}/products`, 'name, newest, id, price, rating'],
      ['/api/service-providers', 'name, newest, id, brandName'],
      ['/api/service-providers/public-info', 'name, newest, id, brandName'],
      ['/api/product-categories', 'name, newest, id'],
      ['/api/service-provider-categories', 'name, newest, id'],
    ]

    test('an unknown sort field is a 400 listing the fields of that list', async () => {
      for (const [url, fields] of lists()) {
        expectDetail(await get(url, { sort: 'colour' }), 400, `sort must be one of ${fields}`)
      }
      // Inherited object keys are not fields either.
      expect((await get(PRODUCTS, { sort: 'constructor' })).statusCode).toBe(400)
    })

    test('an unknown order is a 400; blank sort and order mean the default', async () => {
      for (const [url] of lists()) {
        expectDetail(
          await get(url, { sort: 'name', order: 'up' }),
          400,
          'order must be asc or desc',
        )
        expect((await get(url, { sort: '', order: '' })).statusCode).toBe(200)
      }
    })

    test('a product image list validates its sort too', async () => {
      const productId = (await api.create(providerId)).id
      const url = `${PRODUCTS}/${productId}/images`
      expectDetail(await get(url, { sort: 'price' }), 400, 'sort must be one of name, newest, id')
      expectDetail(await get(url, { order: 'sideways' }), 400, 'order must be asc or desc')
    })
  })

  describe('products', () => {
    /** Five products with repeated prices and ratings; returns their ids by label. */
    async function catalogue() {
      const specs: Array<[string, object, number]> = [
        ['Delta', { pricing: 'Fixed', price: 300 }, 4],
        ['Alpha', { pricing: 'Range', minPrice: 100, maxPrice: 900 }, 2],
        ['Echo', { pricing: 'Fixed', price: 300 }, 4],
        ['Charlie', { pricing: 'Fixed', price: 50 }, 5],
        ['Bravo', { pricing: 'Range', minPrice: 300, maxPrice: 400 }, 4],
      ]
      const made: Record<string, number> = {}
      for (const [label, pricing, rating] of specs) {
        const { id, body } = await api.create(providerId, { name: `${tag} ${label}`, ...pricing })
        const put = await api.put(id, { ...productUpdateBody(body), rating })
        expect(put.statusCode, put.body).toBe(200)
        made[label] = id
      }
      return made
    }
    const labels = (rows: Json[]) => rows.map((row) => String(row.name).slice(tag.length + 1))

    test('each sort orders by its field, then by id the same way', async () => {
      const p = await catalogue()
      // Through the name filter (the text index on SQLite) and a provider's list (no text).
      const lists = [
        (query: Query) => api.rows({ name: tag, ...query }),
        async (query: Query) => (await api.providerList(providerId, query)).json().data as Json[],
      ]
      for (const rows of lists) {
        expect(labels(await rows({ sort: 'name' }))).toEqual([
          'Alpha',
          'Bravo',
          'Charlie',
          'Delta',
          'Echo',
        ])
        expect(labels(await rows({ sort: 'name', order: 'desc' }))).toEqual([
          'Echo',
          'Delta',
          'Charlie',
          'Bravo',
          'Alpha',
        ])
        // A Range product sorts by its lower bound: Alpha (100) after Charlie (50).
        const [low, high] = [Math.min(p.Delta, p.Echo), Math.max(p.Delta, p.Echo)]
        const byPrice = [p.Charlie, p.Alpha, ...ascending([low, high, p.Bravo])]
        expect(ids(await rows({ sort: 'price' }))).toEqual(byPrice)
        expect(ids(await rows({ sort: 'price', order: 'desc' }))).toEqual([...byPrice].reverse())
        // Rating's usual order is best first; the three 4s newest first.
        const fours = descending([p.Delta, p.Echo, p.Bravo])
        expect(ids(await rows({ sort: 'rating' }))).toEqual([p.Charlie, ...fours, p.Alpha])
        expect(ids(await rows({ sort: 'rating', order: 'asc' }))).toEqual([
          p.Alpha,
          ...ascending(fours),
          p.Charlie,
        ])
        const all = Object.values(p)
        expect(ids(await rows({}))).toEqual(descending(all))
        expect(ids(await rows({ sort: 'newest', order: 'asc' }))).toEqual(ascending(all))
        expect(ids(await rows({ sort: 'id' }))).toEqual(ascending(all))
      }
    })

    test('walking the pages of a sort with ties meets every product once', async () => {
      const made: number[] = []
      for (let i = 0; i < 7; i += 1) {
        const price = i < 5 ? 700 : 100 // five alike
        made.push((await api.create(providerId, { name: `${tag} Same ${i % 2}`, price })).id)
      }
      for (const [sort, order] of [
        ['price', 'asc'],
        ['price', 'desc'],
        ['name', 'asc'],
        ['name', 'desc'],
      ]) {
        const seen: number[] = []
        for (let page = 1; page <= 4; page += 1) {
          const response = await api.list({ name: tag, sort, order, page, pageSize: 2 })
          expect(response.json().pagination).toMatchObject({ total: 7, totalPages: 4 })
          seen.push(...ids(response.json().data))
        }
        expect(seen, `${sort} ${order}`).toHaveLength(7)
        expect(ascending(seen)).toEqual(ascending(made))
      }
    })
  })

  test('providers sort by name (first, last), brand name and newest', async () => {
    const providers = api.providers
    const brand = (label: string) => `${tag} ${label}`
    const a = await providers.create({
      firstName: 'Bola',
      lastName: 'Ade',
      brandName: brand('Zed'),
    })
    const b = await providers.create({ firstName: 'Ada', lastName: 'Zik', brandName: brand('Kay') })
    const c = await providers.create({ firstName: 'Bola', lastName: 'Ade', brandName: brand('Em') })
    const rows = (query: Query) => providers.rows({ brandName: tag, ...query })
    expect(ids(await rows({ sort: 'name' }))).toEqual([b.id, a.id, c.id])
    expect(ids(await rows({ sort: 'name', order: 'desc' }))).toEqual([c.id, a.id, b.id])
    expect(ids(await rows({ sort: 'brandName' }))).toEqual([c.id, b.id, a.id])
    expect(ids(await rows({ sort: 'brandName', order: 'desc' }))).toEqual([a.id, b.id, c.id])
    expect(ids(await rows({}))).toEqual([c.id, b.id, a.id])
    expect(ids(await providers.rows({ brandName: tag, sort: 'brandName' }, true))).toEqual([
      c.id,
      b.id,
      a.id,
    ])
  })

  test('categories sort by name by default, and by newest when asked', async () => {
    for (const [url, parent] of [
      ['/api/product-categories', 'parentCategoryId'],
      ['/api/service-provider-categories', 'parentId'],
    ]) {
      const made: number[] = []
      for (const label of ['Beta', 'Alpha', 'Gamma']) {
        const payload = { name: `${tag} ${label}`, description: 'Sorted', [parent]: null }
        const response = await app.inject({ method: 'POST', url, headers: api.headers, payload })
        made.push(response.json().id)
      }
      const [beta, alpha, gamma] = made
      const rows = async (query: Query) =>
        ids((await get(url, { name: tag, ...query })).json().data)
      expect(await rows({})).toEqual([alpha, beta, gamma])
      expect(await rows({ sort: 'name', order: 'desc' })).toEqual([gamma, beta, alpha])
      expect(await rows({ sort: 'newest' })).toEqual(descending(made))
    }
  })

  test("a product's images sort as added by default, and by name when asked", async () => {
    const productId = (await api.create(providerId)).id
    const url = `${PRODUCTS}/${productId}/images`
    const image = (await solid(8, 8, 'png')).toString('base64')
    const made: number[] = []
    for (const imageName of ['Side', 'Back', 'Front']) {
      const payload = { image, imageName, imageDescription: null, enabled: true }
      const response = await app.inject({ method: 'POST', url, headers: api.headers, payload })
      expect(response.statusCode, response.body).toBe(201)
      made.push(response.json().id)
    }
    const [side, back, front] = made
    expect(ids((await get(url)).json().data)).toEqual(made)
    expect(ids((await get(url, { sort: 'name' })).json().data)).toEqual([back, front, side])
    expect(ids((await get(url, { sort: 'newest' })).json().data)).toEqual([front, back, side])
  })
})
