import type { FastifyInstance } from 'fastify'
import { afterAll, expect, test } from 'vitest'
import { addProperty, copySchemas, removeProperty } from '../support/schema-copy'
import { describeEachDatabase } from './support/databases'
import { PRODUCTS, productApi, productUpdateBody } from './support/products'
import { expectDetail, type Json } from './support/requests'

// Revert (issue 30, decision 022): POST /{collection}/{id}/revert {"to": <history entry id>}
// puts the record back as it was right after that entry, as a new update through PUT's own
// path (validation, If-Match), recorded as `revert`; on SQLite and PostgreSQL.

const before = copySchemas()
before.edit('product', (doc) => {
  addProperty(doc, 'sku', { type: 'string', title: 'SKU' })
  addProperty(doc, 'colour', { type: 'string', title: 'Colour' })
})
// Later an analyst removes `colour` and adds `grade`.
const after = copySchemas()
after.edit('product', (doc) => {
  addProperty(doc, 'sku', { type: 'string', title: 'SKU' })
  addProperty(doc, 'grade', { type: 'string', title: 'Grade' })
  removeProperty(doc, 'colour')
})
afterAll(() => {
  before.remove()
  after.remove()
})

describeEachDatabase('revert', (suite) => {
  async function setUp(schemasDir = before.dir) {
    const app = await suite.makeApp({ schemasDir })
    const { token } = await suite.loginAsNewOperator(app)
    return { app, api: productApi(app, token) }
  }
  const entries = async (app: FastifyInstance, api: { headers: Json }, url: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `${url}/history?pageSize=100`,
      headers: api.headers as Record<string, string>,
    })
    return response.json().data as Array<{ id: number; action: string; changes: Json }>
  }
  const revert = (
    app: FastifyInstance,
    api: { headers: Record<string, string> },
    url: string,
    to: unknown,
    ifMatch?: string,
  ) =>
    app.inject({
      method: 'POST',
      url: `${url}/revert`,
      headers: { ...api.headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      payload: { to },
    })

  test('a product goes back to any version, backwards and forwards, recorded as revert', async () => {
    const { app, api } = await setUp()
    const providerId = await api.provider()
    const { id, body } = await api.create(providerId, { sku: 'S0', colour: 'red' } as never)
    const url = `${PRODUCTS}/${id}`
    const base = { ...productUpdateBody(body), sku: 'S0', colour: 'red' }
    const put = async (changes: Json) => {
      const response = await api.put(id, { ...base, ...changes })
      expect(response.statusCode, response.body).toBe(200)
      Object.assign(base, changes)
    }
    await put({ name: 'First name' })
    const v1 = (await api.get(id)).json()
    await put({ pricing: 'Range', price: null, minPrice: 100, maxPrice: 200 })
    await put({ name: 'Second name', sku: 'S1' })
    const v3 = (await api.get(id)).json()
    const [e3, , e1, created] = await entries(app, api, url)
    expect(created.action).toBe('create')

    // Backwards two versions: name, pricing and sku as they were.
    const back = await revert(app, api, url, e1.id)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toEqual(v1)
    expect((await api.get(id)).json()).toEqual(v1)
    const [latest] = await entries(app, api, url)
    expect(latest.action).toBe('revert')
    expect(latest.changes).toMatchObject({
      name: { before: 'Second name', after: 'First name' },
      sku: { before: 'S1', after: 'S0' },
      pricing: { before: 'Range', after: 'Fixed' },
    })
    // To the very first version, then forwards again to the last edit.
    const first = await revert(app, api, url, created.id)
    expect(first.json().name).toBe(body.name)
    const forwards = await revert(app, api, url, e3.id)
    expect(forwards.statusCode, forwards.body).toBe(200)
    expect(forwards.json()).toEqual(v3)
  })

  test('If-Match is honoured: a stale tag is 412 and nothing changes', async () => {
    const { app, api } = await setUp()
    const { id, body } = await api.create(await api.provider())
    const url = `${PRODUCTS}/${id}`
    expect((await api.put(id, { ...productUpdateBody(body), name: 'Renamed' })).statusCode).toBe(
      200,
    )
    const [, created] = await entries(app, api, url)
    const stale = (await api.get(id)).headers.etag as string
    expect((await api.put(id, { ...productUpdateBody(body), name: 'Again' })).statusCode).toBe(200)
    expectDetail(
      await revert(app, api, url, created.id, stale),
      412,
      'This record was changed by someone else since you opened it.',
    )
    expect((await api.get(id)).json().name).toBe('Again')
    const fresh = (await api.get(id)).headers.etag as string
    const done = await revert(app, api, url, created.id, fresh)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().name).toBe(body.name)
  })

  test('a dry run answers what the revert would change, and writes nothing', async () => {
    const { app, api } = await setUp()
    const { id, body } = await api.create(await api.provider(), { sku: 'S0' } as never)
    const url = `${PRODUCTS}/${id}`
    const renamed = { ...productUpdateBody(body), name: 'Renamed', sku: 'S1' }
    expect((await api.put(id, renamed)).statusCode).toBe(200)
    const [, created] = await entries(app, api, url)
    const now = await api.get(id)
    const preview = await app.inject({
      method: 'POST',
      url: `${url}/revert?dryRun=true`,
      headers: { ...api.headers, 'if-match': now.headers.etag as string },
      payload: { to: created.id },
    })
    expect(preview.statusCode, preview.body).toBe(200)
    // Exactly what the revert then records.
    expect(preview.json()).toEqual({
      changes: {
        name: { before: 'Renamed', after: body.name },
        sku: { before: 'S1', after: 'S0' },
      },
    })
    expect((await api.get(id)).json()).toEqual(now.json())
    expect(await entries(app, api, url)).toHaveLength(2)
    const done = await revert(app, api, url, created.id)
    expect(done.statusCode, done.body).toBe(200)
    const [latest] = await entries(app, api, url)
    expect(latest.changes).toEqual(preview.json().changes)

    // Back at that version: nothing left to change. A stale tag is 412, as for the revert.
    const again = await app.inject({
      method: 'POST',
      url: `${url}/revert?dryRun=true`,
      headers: api.headers,
      payload: { to: created.id },
    })
    expect(again.json()).toEqual({ changes: {} })
    expectDetail(
      await app.inject({
        method: 'POST',
        url: `${url}/revert?dryRun=true`,
        headers: { ...api.headers, 'if-match': now.headers.etag as string },
        payload: { to: created.id },
      }),
      412,
      'This record was changed by someone else since you opened it.',
    )
  })

  test('fields removed from the schema since are left out; fields added since keep their value', async () => {
    const old = await setUp()
    const { id, body } = await old.api.create(await old.api.provider(), {
      sku: 'S0',
      colour: 'red',
    } as never)
    const url = `${PRODUCTS}/${id}`
    const edit = { ...productUpdateBody(body), sku: 'S1', colour: 'blue' }
    expect((await old.api.put(id, edit)).statusCode).toBe(200)
    const [, created] = await entries(old.app, old.api, url)

    const { app, api } = await setUp(after.dir)
    const { colour: _, ...withoutColour } = edit
    expect((await api.put(id, { ...withoutColour, grade: 'A' })).statusCode).toBe(200)
    const back = await revert(app, api, url, created.id)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ sku: 'S0', grade: 'A' })
    expect(back.json()).not.toHaveProperty('colour')
  })

  test('a version that can no longer be saved is refused with PUT’s own reason', async () => {
    const { app, api } = await setUp()
    const category = await api.category()
    const { id, body } = await api.create(await api.provider(), {
      productCategoryIds: [category.id],
    })
    const url = `${PRODUCTS}/${id}`
    expect(
      (await api.put(id, { ...productUpdateBody(body), productCategoryIds: [] })).statusCode,
    ).toBe(200)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/product-categories/${category.id}`,
      headers: api.headers,
    })
    expect(deleted.statusCode).toBe(204)
    const [, created] = await entries(app, api, url)
    expectDetail(
      await revert(app, api, url, created.id),
      400,
      `productCategoryIds ${category.id} is not an existing product category`,
    )
    // `to` must be an entry of this record's history.
    const other = await api.create(await api.provider())
    const [otherCreated] = await entries(app, api, `${PRODUCTS}/${other.id}`)
    expectDetail(
      await revert(app, api, url, otherCreated.id),
      400,
      `to ${otherCreated.id} is not an entry of this record's history`,
    )
    expect((await revert(app, api, url, 'x')).statusCode).toBe(400)
    expect((await revert(app, api, `${PRODUCTS}/2147483647`, created.id)).statusCode).toBe(404)
  })

  test('a category and a provider revert too', async () => {
    const { app, api } = await setUp()
    const category = await api.category()
    const categoryUrl = `/api/product-categories/${category.id}`
    const rename = await app.inject({
      method: 'PUT',
      url: categoryUrl,
      headers: api.headers,
      payload: { name: 'Renamed category', description: 'Changed', parentCategoryId: null },
    })
    expect(rename.statusCode, rename.body).toBe(200)
    const [, created] = await entries(app, api, categoryUrl)
    const back = await revert(app, api, categoryUrl, created.id)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ name: category.name, description: 'For product tests' })

    const category2 = await api.providers.category()
    const provider = await api.providers.create({ serviceProviderCategoryIds: [category2.id] })
    const providerUrl = `/api/service-providers/${provider.id}`
    const { email: _, ...update } = provider.body
    const changed = await api.providers.put(provider.id, {
      ...update,
      brandName: 'New brand',
      serviceProviderCategoryIds: [],
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const [, providerCreated] = await entries(app, api, providerUrl)
    const restored = await revert(app, api, providerUrl, providerCreated.id)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toMatchObject({
      brandName: provider.body.brandName,
      serviceProviderCategories: [{ id: category2.id, name: category2.name }],
    })
  })
})
