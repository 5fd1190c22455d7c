import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addProperty, copySchemas } from '../support/schema-copy'
import { describeEachDatabase, uniqueName } from './support/databases'
import { solid } from './support/images'
import { productApi, productUpdateBody } from './support/products'
import { expectDetail, type Json } from './support/requests'
import { updateBody } from './support/service-providers'

// History (issue 14, point 4; decision 011): every write through the API records who changed
// what, with each changed field before and after, and GET /{entity}/{id}/history serves a
// record's history newest first, paged. A refused write records nothing.

const schemas = copySchemas()
schemas.edit('product', (doc) => addProperty(doc, 'sku', { type: 'string', title: 'SKU' }))
afterAll(() => schemas.remove())

let png = ''
beforeAll(async () => {
  png = (await solid(20, 20, 'png')).toString('base64')
})

describeEachDatabase('history', (suite) => {
  async function setUp() {
    const app = await suite.makeApp({ schemasDir: schemas.dir })
    const { token, operator } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    /** GET `${url}/history`, e.g. history('/api/products/7'). */
    const history = (url: string, query: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `${url}/history`, query, headers: api.headers })
    const entries = async (url: string, query: Record<string, string> = {}) => {
      const response = await history(url, query)
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as { data: Json[]; pagination: Json }
    }
    return { app, operator, api, history, entries }
  }

  /** Runs `work` while the database refuses every history insert (a trigger), then lifts it. */
  async function whileHistoryRefused(work: () => Promise<void>) {
    const { db, dialect } = suite
    if (dialect === 'sqlite') {
      await sql`create trigger history_refused before insert on history
        begin select raise(abort, 'history refused'); end`.execute(db)
    } else {
      await sql`create function refuse_history() returns trigger language plpgsql
        as $$ begin raise exception 'history refused'; end $$`.execute(db)
      await sql`create trigger history_refused before insert on history
        for each row execute function refuse_history()`.execute(db)
    }
    try {
      await work()
    } finally {
      if (dialect === 'sqlite') await sql`drop trigger history_refused`.execute(db)
      else {
        await sql`drop trigger history_refused on history`.execute(db)
        await sql`drop function refuse_history()`.execute(db)
      }
    }
  }

  // The history is written in the write's own transaction: when its insert fails, the write
  // rolls back with it. A write that committed first and recorded afterwards would be done
  // (and answer an error) with nothing in its history.
  test('a failing history insert rolls the write back: DELETE and PUT leave the record as it was', async () => {
    const { app, api, entries } = await setUp()
    const { id, body } = await api.create(await api.provider(), { sku: 'JR-1' } as Json as never)
    const category = await api.category()
    const product = (await api.get(id)).body
    const categoryUrl = `/api/product-categories/${category.id}`
    const shownCategory = (await app.inject({ url: categoryUrl, headers: api.headers })).body
    const remove = (url: string) => app.inject({ method: 'DELETE', url, headers: api.headers })

    await whileHistoryRefused(async () => {
      expect((await remove(`/api/products/${id}`)).statusCode).toBe(500)
      const put = await api.put(id, { ...productUpdateBody(body), name: 'Renamed', sku: 'JR-2' })
      expect(put.statusCode).toBe(500)
      expect((await remove(categoryUrl)).statusCode).toBe(500)
    })

    expect((await api.get(id)).body).toBe(product)
    expect((await app.inject({ url: categoryUrl, headers: api.headers })).body).toBe(shownCategory)
    expect((await entries(`/api/products/${id}`)).data.map((entry) => entry.action)).toEqual([
      'create',
    ])
    // With the history back, the same writes go through and are recorded.
    expect((await remove(`/api/products/${id}`)).statusCode).toBe(204)
    expect((await remove(categoryUrl)).statusCode).toBe(204)
    expect((await entries(`/api/products/${id}`)).data.map((entry) => entry.action)).toEqual([
      'delete',
      'create',
    ])
  })

  test('a product edit shows, newest first, who changed which fields from what to what', async () => {
    const { operator, api, entries } = await setUp()
    const providerId = await api.provider()
    const category = await api.category()
    const { id, body } = await api.create(providerId, { sku: 'JR-1' } as Json as never)
    const put = await api.put(id, {
      ...productUpdateBody(body),
      name: 'Jollof for 100',
      price: 20000,
      productCategoryIds: [category.id],
      sku: 'JR-2',
    })
    expect(put.statusCode, put.body).toBe(200)

    const { data, pagination } = await entries(`/api/products/${id}`)
    expect(pagination).toMatchObject({ total: 2, page: 1 })
    const [update, create] = data
    expect(update).toMatchObject({
      action: 'update',
      operator: { id: operator.id, username: operator.username },
      partId: null,
      changes: {
        name: { before: body.name, after: 'Jollof for 100' },
        price: { before: 12500, after: 20000 },
        productCategories: { before: [], after: [{ id: category.id, name: category.name }] },
        sku: { before: 'JR-1', after: 'JR-2' },
      },
    })
    expect(Object.keys(update.changes as Json).sort()).toEqual(
      ['name', 'price', 'productCategories', 'sku'].sort(),
    )
    expect(Date.parse(update.at as string)).toBeGreaterThan(Date.now() - 60_000)
    expect(create).toMatchObject({
      action: 'create',
      changes: { name: { before: null, after: body.name }, sku: { before: null, after: 'JR-1' } },
    })
    expect(create.id as number).toBeLessThan(update.id as number)
  })

  test('pages like every list', async () => {
    const { api, entries, history } = await setUp()
    const providerId = await api.provider()
    const { id, body } = await api.create(providerId)
    for (const days of [3, 4, 5]) {
      const put = await api.put(id, { ...productUpdateBody(body), estimatedDeliveryDays: days })
      expect(put.statusCode, put.body).toBe(200)
    }
    const page = await entries(`/api/products/${id}`, { page: '2', pageSize: '2' })
    expect(page.pagination).toEqual({
      page: 2,
      pageSize: 2,
      total: 4,
      totalExact: true,
      totalPages: 2,
      hasPrev: true,
      hasNext: false,
    })
    expect(page.data.map((entry) => entry.action)).toEqual(['update', 'create'])
    const first = await entries(`/api/products/${id}`, { pageSize: '2' })
    expect(first.data.map((entry) => (entry.changes as Json).estimatedDeliveryDays)).toEqual([
      { before: 4, after: 5 },
      { before: 3, after: 4 },
    ])
    expectDetail(
      await history(`/api/products/${id}`, { page: '0' }),
      400,
      'page must be a positive whole number',
    )
  })

  test('a refused or empty write records nothing', async () => {
    const { app, api, entries } = await setUp()
    const providerId = await api.provider()
    const { id, body } = await api.create(providerId)
    const update = productUpdateBody(body)
    const refused = [
      await api.put(id, { ...update, productCategoryIds: [2147483647] }),
      await api.put(id, { ...update, price: -1 }),
      await app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: { ...api.headers, 'if-match': '"stale"' },
        payload: { ...update, name: 'Stale' },
      }),
      await api.post({ ...body, serviceProviderId: 2147483647 }),
    ]
    expect(refused.map((response) => response.statusCode)).toEqual([400, 400, 412, 400])
    const same = await api.put(id, update)
    expect(same.statusCode, same.body).toBe(200)
    const { data } = await entries(`/api/products/${id}`)
    expect(data.map((entry) => entry.action)).toEqual(['create'])
  })

  test("a product's images are in its history, without their bytes", async () => {
    const { app, api, entries } = await setUp()
    const providerId = await api.provider()
    const { id } = await api.create(providerId)
    const images = `/api/products/${id}/images`
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: api.headers, payload })
    const added = await call('POST', images, { image: png, imageName: 'Front' })
    expect(added.statusCode, added.body).toBe(201)
    const imageId = added.json().id as number
    const image = `${images}/${imageId}`
    expect((await call('PUT', image, { imageName: 'Front view' })).statusCode).toBe(200)
    expect((await call('POST', `${image}/make-preview-image`, {})).statusCode).toBe(200)
    expect((await call('DELETE', image)).statusCode).toBe(200)

    const { data } = await entries(`/api/products/${id}`)
    expect(data.map((entry) => [entry.action, entry.partId])).toEqual([
      ['image-delete', imageId],
      ['image-preview', null],
      ['image-update', imageId],
      ['image-add', imageId],
      ['create', null],
    ])
    expect(data[3].changes).toEqual({
      imageName: { before: null, after: 'Front' },
      enabled: { before: null, after: true },
      isPreview: { before: null, after: false },
    })
    expect(data[2].changes).toEqual({ imageName: { before: 'Front', after: 'Front view' } })
    expect(data[1].changes).toEqual({ previewImageId: { before: null, after: imageId } })
    expect(data[0].changes).toMatchObject({ imageName: { before: 'Front view', after: null } })
    expect(JSON.stringify(data)).not.toContain(png.slice(0, 40))
  })

  test("a provider's edits, photo and logo are in its history; categories have theirs", async () => {
    const { app, api, entries } = await setUp()
    const { id, body } = await api.providers.create()
    const put = await api.providers.put(id, { ...updateBody(body), city: 'Ibadan' })
    expect(put.statusCode, put.body).toBe(200)
    const photo = `/api/service-providers/${id}/passport-photo`
    const upload = { passportPhoto: `data:image/png;base64,${png}` }
    for (let n = 0; n < 2; n++) {
      const response = await app.inject({
        method: 'POST',
        url: photo,
        headers: api.headers,
        payload: upload,
      })
      expect(response.statusCode, response.body).toBe(200)
    }
    const removed = await app.inject({ method: 'DELETE', url: photo, headers: api.headers })
    expect(removed.statusCode, removed.body).toBe(200)
    const again = await app.inject({ method: 'DELETE', url: photo, headers: api.headers })
    expect(again.statusCode).toBe(404)

    const { data } = await entries(`/api/service-providers/${id}`)
    expect(data.map((entry) => [entry.action, entry.changes])).toEqual([
      ['photo-delete', { hasPassportPhoto: { before: true, after: false } }],
      ['photo-upload', {}],
      ['photo-upload', { hasPassportPhoto: { before: false, after: true } }],
      ['update', { city: { before: body.city, after: 'Ibadan' } }],
      ['create', expect.objectContaining({ email: { before: null, after: body.email } })],
    ])

    for (const [path, parentField] of [
      ['/api/service-provider-categories', 'parentId'],
      ['/api/product-categories', 'parentCategoryId'],
    ]) {
      const name = uniqueName('category')
      const payload = { name, description: 'History', [parentField]: null }
      const created = await app.inject({ method: 'POST', url: path, headers: api.headers, payload })
      const categoryId = created.json().id as number
      const renamed = await app.inject({
        method: 'PUT',
        url: `${path}/${categoryId}`,
        headers: api.headers,
        payload: { ...payload, description: 'Renamed' },
      })
      expect(renamed.statusCode, renamed.body).toBe(200)
      const list = await entries(`${path}/${categoryId}`)
      expect(list.data.map((entry) => [entry.action, entry.changes])).toEqual([
        ['update', { description: { before: 'History', after: 'Renamed' } }],
        [
          'create',
          {
            name: { before: null, after: name },
            description: { before: null, after: 'History' },
          },
        ],
      ])
    }
  })

  test('an unknown record is 404; a record gone from the database keeps its history', async () => {
    const { app, api, entries, history } = await setUp()
    expectDetail(await history('/api/products/2147483647'), 404, 'Product not found')
    expectDetail(await history('/api/products/abc'), 404, 'Product not found')
    expectDetail(
      await history('/api/service-providers/2147483647'),
      404,
      'Service provider not found',
    )
    expectDetail(
      await history('/api/product-categories/2147483647'),
      404,
      'Product category not found',
    )
    const id = (await api.category()).id
    await suite.db.deleteFrom('productCategories').where('id', '=', id).execute()
    const { data } = await entries(`/api/product-categories/${id}`)
    expect(data.map((entry) => entry.action)).toEqual(['create'])
    const unauthenticated = await app.inject({ url: `/api/product-categories/${id}/history` })
    expect(unauthenticated.statusCode).toBe(401)
  })
})
