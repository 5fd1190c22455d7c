import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { recentPage } from '../../server/history/recent-changes'
import { addProperty, copySchemas, formDefinition } from '../support/schema-copy'
import { describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { PRODUCTS, type ProductApi, productApi, productUpdateBody } from './support/products'
import { PROVIDERS } from './support/service-providers'

// What the dashboard reads (issue 31, point 3), through the real app on SQLite and PostgreSQL:
// the latest changes across collections (GET /api/history), the products without a preview
// image (`hasPreviewImage=false`), and the records lacking a custom field an analyst made
// required (`missing=<field>`, GET /{collection}/missing-fields). Each queue's count is the
// total of the list it links to.

const CONDITION = { type: 'string', title: 'Condition', enum: ['New', 'Used'] }
const required = copySchemas()
required.edit('product', (doc) => addProperty(doc, 'condition', CONDITION, true))
// Required to create a provider only: older providers lack it all the same.
required.edit('service-provider', (doc) => {
  addProperty(doc, 'licence', { type: 'string', title: 'Licence number' })
  const create = formDefinition(doc, 'create')
  create.required = [...(create.required as string[]), 'licence']
})
afterAll(() => required.remove())

interface Change {
  action: string
  collection: string
  recordId: number
  name: string | null
  operator: { id: number; username: string | null }
  fields: string[]
}

describeEachDatabase('the dashboard', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let username: string
  let token: string

  beforeEach(async () => {
    app = await suite.makeApp()
    const signedIn = await suite.loginAsNewOperator(app)
    ;({ token } = signedIn)
    username = signedIn.operator.username
    api = productApi(app, token)
  })

  const get = (url: string, headers: Record<string, string> = api.headers) =>
    app.inject({ method: 'GET', url, headers })
  const recent = async (query = '') => {
    const response = await get(`/api/history${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { data: Change[]; pagination: { total: number; hasNext: boolean } }
  }

  describe('recent changes', () => {
    test('newest first across collections, with who, the record and its name while it exists', async () => {
      const provider = await api.providers.create({ firstName: 'Ngozi', lastName: 'Eze' })
      const kept = await api.create(provider.id)
      const renamed = `${kept.body.name} (renamed)`
      const put = await api.put(kept.id, { ...productUpdateBody(kept.body), name: renamed })
      expect(put.statusCode, put.body).toBe(200)
      const category = await api.category()
      const gone = await api.create(provider.id)
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: `${PRODUCTS}/${gone.id}`,
            headers: api.headers,
          })
        ).statusCode,
      ).toBe(204)
      // An operator's own settings belong to no collection: never listed.
      const invite = await app.inject({
        method: 'POST',
        url: '/api/operators',
        headers: api.headers,
        payload: { username: `dash-${Date.now()}`, role: 'viewer' },
      })
      expect(invite.statusCode, invite.body).toBe(201)

      const { data, pagination } = await recent('?pageSize=6')
      const seen = data.map(({ action, collection, recordId, name }) => ({
        action,
        collection,
        recordId,
        name,
      }))
      expect(seen).toEqual([
        { action: 'delete', collection: 'products', recordId: gone.id, name: null },
        { action: 'create', collection: 'products', recordId: gone.id, name: null },
        {
          action: 'create',
          collection: 'product-categories',
          recordId: category.id,
          name: category.name,
        },
        { action: 'update', collection: 'products', recordId: kept.id, name: renamed },
        { action: 'create', collection: 'products', recordId: kept.id, name: renamed },
        {
          action: 'create',
          collection: 'service-providers',
          recordId: provider.id,
          name: 'Ngozi Eze',
        },
      ])
      expect(data.every((change) => change.operator.username === username)).toBe(true)
      expect(data[3].fields).toEqual(['name'])
      expect(pagination.total).toBeGreaterThanOrEqual(6)

      // The next page goes on where this one stopped.
      const next = await recent('?pageSize=3&page=2')
      expect(next.data.map((change) => change.recordId)).toEqual([kept.id, kept.id, provider.id])
    })

    test('a viewer reads them; without a token they are refused', async () => {
      const viewer = await suite.createOperator({ role: 'viewer' })
      const viewerToken = await suite.login(app, viewer.username, viewer.password)
      const asViewer = { authorization: `Bearer ${viewerToken}` }
      expect((await get('/api/history', asViewer)).statusCode).toBe(200)
      expect((await get('/api/history', {})).statusCode).toBe(401)
      expect((await get('/api/history?pageSize=0')).statusCode).toBe(400)
    })

    test('a page walks the ids down, sorting nothing, on a history of thousands', async () => {
      // Entries of a past busy day, most of them the collections' (PostgreSQL plans with
      // statistics; SQLite, as the server runs it, without).
      const many =
        suite.dialect === 'postgres'
          ? sql`insert into history (entity, entity_id, action, operator_id, at, changes)
              select case when n % 50 = 0 then 'operator' else 'product' end, n, 'update', 1, n, '{}'
              from generate_series(1, 20000) as n`
          : sql`with recursive n(n) as (select 1 union all select n + 1 from n where n < 20000)
              insert into history (entity, entity_id, action, operator_id, at, changes)
              select case when n % 50 = 0 then 'operator' else 'product' end, n, 'update', 1, n, '{}'
              from n`
      await many.execute(suite.db)
      if (suite.dialect === 'postgres') await sql`analyze history`.execute(suite.db)
      const kinds = ['product', 'service-provider', 'product-category', 'service-provider-category']
      const query = recentPage(suite.db, kinds, { page: 1, pageSize: 30 }).compile()
      const explain = suite.dialect === 'postgres' ? 'explain' : 'explain query plan'
      const { rows } = await suite.db.executeQuery({ ...query, sql: `${explain} ${query.sql}` })
      const plan = (rows as Array<Record<string, string>>)
        .map((row) => row['QUERY PLAN'] ?? row.detail)
        .join('\n')
      expect(plan).not.toMatch(/TEMP B-TREE|Sort/)
      expect(plan).toMatch(/SCAN history|Index Scan Backward using history_pkey/)
    })
  })

  test('hasPreviewImage lists exactly the products with or without one, the export too', async () => {
    const providerId = await api.provider()
    const [pictured, bare] = [await api.create(providerId), await api.create(providerId)]
    const image = (await solid(8, 8, 'png')).toString('base64')
    const added = await app.inject({
      method: 'POST',
      url: `${PRODUCTS}/${pictured.id}/images`,
      headers: api.headers,
      payload: { image, imageName: 'Front' },
    })
    expect(added.statusCode, added.body).toBe(201)
    const preview = await app.inject({
      method: 'POST',
      url: `${PRODUCTS}/${pictured.id}/images/${added.json().id}/make-preview-image`,
      headers: api.headers,
    })
    expect(preview.statusCode, preview.body).toBe(200)

    const ids = async (hasPreviewImage: boolean) =>
      (await api.rows({ hasPreviewImage, pageSize: 3000 }))
        .map((row) => row.id)
        .filter((id) => id === pictured.id || id === bare.id)
    expect(await ids(false)).toEqual([bare.id])
    expect(await ids(true)).toEqual([pictured.id])
    const without = await api.list({ hasPreviewImage: false, pageSize: 1 })
    const all = (await api.rows({ pageSize: 3000 })).filter((row) => row.previewImageId === null)
    expect(without.json().pagination.total).toBe(all.length)
    const csv = await get(
      `${PRODUCTS}/export?hasPreviewImage=false&name=${encodeURIComponent(pictured.body.name)}`,
    )
    expect(csv.body).not.toContain(pictured.body.name)
    expect((await api.list({ hasPreviewImage: 'maybe' })).statusCode).toBe(400)
  })

  test('missing lists exactly the records that lack a required field, and missing-fields counts them', async () => {
    // Records made before the analyst's edit lack the fields.
    const providerId = await api.provider()
    const lacking = [await api.create(providerId), await api.create(providerId)]
    const before = await get(`${PRODUCTS}/missing-fields`)
    expect(before.json()).toEqual({ data: [] })
    expect((await api.list({ missing: 'condition' })).statusCode).toBe(400)

    const after = await suite.makeApp({ schemasDir: required.dir })
    const headers = api.headers
    const read = async (url: string) => {
      const response = await after.inject({ method: 'GET', url, headers })
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    const having = await productApi(after, token).create(providerId, {
      condition: 'New',
    } as never)
    const tagged = await read(`/api/service-providers/${providerId}/products?pageSize=100`)
    expect(tagged.data.map((row: { id: number }) => row.id).sort()).toEqual(
      [...lacking.map((p) => p.id), having.id].sort(),
    )

    const queue = async () => {
      const { data } = await read(`${PRODUCTS}/missing-fields`)
      const list = await read(`${PRODUCTS}?missing=condition&pageSize=3000`)
      return { data, list }
    }
    const first = await queue()
    expect(first.data).toEqual([
      { field: 'condition', title: 'Condition', missing: first.list.pagination.total },
    ])
    const listed = first.list.data.map((row: { id: number }) => row.id)
    expect(listed).toEqual(expect.arrayContaining(lacking.map((p) => p.id)))
    expect(listed).not.toContain(having.id)

    // Given the field, a record leaves the queue.
    const fixed = await after.inject({
      method: 'PUT',
      url: `${PRODUCTS}/${lacking[0].id}`,
      headers,
      payload: { ...productUpdateBody(lacking[0].body), condition: 'Used' },
    })
    expect(fixed.statusCode, fixed.body).toBe(200)
    const second = await queue()
    expect(second.data[0].missing).toBe(first.data[0].missing - 1)
    expect(second.list.data.map((row: { id: number }) => row.id)).not.toContain(lacking[0].id)

    // A field only the create form requires: its older records are a queue too.
    const providers = await read(`${PROVIDERS}/missing-fields`)
    const lackingLicence = await read(`${PROVIDERS}?missing=licence&pageSize=1`)
    expect(providers.data).toEqual([
      { field: 'licence', title: 'Licence number', missing: lackingLicence.pagination.total },
    ])
    const unknown = await after.inject({ method: 'GET', url: `${PRODUCTS}?missing=sku`, headers })
    expect(unknown.statusCode).toBe(400)
  })
})
