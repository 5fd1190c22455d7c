import { parse } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { type SqlBool, sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { indexCustomFields } from '../../server/lib/custom-field-indexes'
import { attributeValue } from '../../server/lists/custom-list'
import { keysetIds } from '../../server/lists/sorts'
import { loadSchemas } from '../../server/schemas'
import { addProperty, copySchemas, type Json } from '../support/schema-copy'
import { describeEachDatabase, uniqueName } from './support/databases'
import { solid } from './support/images'
import { productApi } from './support/products'

// Custom fields in lists (issue 27, point 4): a custom field its schema marks
// (`"ui:options": { "sortable": true, "filterable": true }`) sorts and filters every list, in the
// API and its CSV export and bulk "all matching"; an unknown filter or sort is 400, never
// ignored; on PostgreSQL each marked field has its expression index.

const listed = { sortable: true, filterable: true }
const FIELDS: Record<string, Json> = {
  batch: { type: 'string', title: 'Batch', 'ui:options': { filterable: true } },
  sku: { type: 'string', title: 'SKU', maxLength: 20, 'ui:options': listed },
  weightKg: { type: 'number', title: 'Weight (kg)', minimum: 0, 'ui:options': listed },
  fragile: { type: 'boolean', title: 'Fragile', 'ui:options': listed },
  size: { type: 'string', title: 'Size', enum: ['Small', 'Large'], 'ui:options': listed },
  note: { type: 'string', title: 'Note' },
}

const marked = copySchemas()
marked.edit('product', (doc) => {
  for (const [name, schema] of Object.entries(FIELDS)) addProperty(doc, name, schema)
})
marked.edit('service-provider-category', (doc) =>
  addProperty(doc, 'code', { type: 'string', 'ui:options': listed }),
)
marked.edit('product-image', (doc) =>
  addProperty(doc, 'angle', {
    type: 'string',
    title: 'Angle',
    enum: ['Front', 'Side'],
    'ui:options': listed,
  }),
)
afterAll(() => marked.remove())

describeEachDatabase('custom fields in lists', (suite) => {
  let token = ''
  const batch = uniqueName('batch')
  const ids: Record<string, number> = {}
  let providerId = 0

  // Each test's app is closed after it: a new one per test, over the same rows.
  let app: FastifyInstance
  let api: ReturnType<typeof productApi>
  beforeEach(async () => {
    app = await suite.makeApp({ schemasDir: marked.dir })
    api = productApi(app, token)
  })

  beforeAll(async () => {
    const app = await suite.makeApp({ schemasDir: marked.dir })
    token = (await suite.loginAsNewOperator(app)).token
    const api = productApi(app, token)
    const provider = await api.provider()
    providerId = provider
    const rows: Array<[string, Json]> = [
      ['heavy', { sku: 'b-200', weightKg: 100, fragile: false, size: 'Large' }],
      ['light', { sku: 'A-100', weightKg: 2, fragile: true, size: 'Small' }],
      ['middle', { sku: 'c-300', weightKg: 10, fragile: true, size: 'Large' }],
      ['bare', {}],
      ['twin', { sku: 'b-200', weightKg: 10.5, fragile: false }],
    ]
    for (const [key, fields] of rows) {
      ids[key] = (await api.create(provider, { batch, ...fields } as never)).id
    }
    await app.close()
  })

  const order_ = (query: Record<string, string>) => order(query)
  const order = async (query: Record<string, string>) =>
    (await api.rows({ batch, pageSize: 3000, ...query })).map((row) => row.id)

  test('sorts by a marked custom field either way, rows without a value last, ties by id', async () => {
    const { heavy, light, middle, bare, twin } = ids
    expect(await order({ sort: 'sku' })).toEqual([light, heavy, twin, middle, bare])
    expect(await order({ sort: 'sku', order: 'desc' })).toEqual([middle, twin, heavy, light, bare])
    // Numbers as numbers: 2 < 10 < 10.5 < 100.
    expect(await order({ sort: 'weightKg' })).toEqual([light, middle, twin, heavy, bare])
    expect(await order({ sort: 'weightKg', order: 'desc' })).toEqual([
      heavy,
      twin,
      middle,
      light,
      bare,
    ])
    // Pages follow the same order.
    const second = await api.rows({ batch, sort: 'weightKg', pageSize: 2, page: 2 })
    expect(second.map((row) => row.id)).toEqual([twin, heavy])
  })

  test('filters by a marked custom field: text as a substring, others by equality', async () => {
    const { heavy, light, middle, twin } = ids
    expect(await order({ sku: 'B-2', sort: 'id' })).toEqual([heavy, twin])
    expect(await order({ size: 'Large', sort: 'id' })).toEqual([heavy, middle])
    expect(await order({ fragile: 'true', sort: 'id' })).toEqual([light, middle])
    expect(await order({ fragile: 'false', sort: 'id' })).toEqual([heavy, twin])
    expect(await order({ weightKg: '10', sort: 'id' })).toEqual([middle])
    expect(await order({ sku: '%' })).toEqual([])
    const page = await api.list({ batch, size: 'Large' })
    expect(page.json().pagination.total).toBe(2)
  })

  test('the export sorts and filters the same way', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/products/export',
      headers: api.headers,
      query: { batch, sort: 'weightKg', order: 'desc', fragile: 'false' },
    })
    expect(response.statusCode, response.body).toBe(200)
    const rows = parse(response.body, { bom: true, columns: true }) as Json[]
    expect(rows.map((row) => Number(row.ID ?? row.Id ?? row.id))).toEqual([ids.heavy, ids.twin])
  })

  test('an export walks batch after batch by key in the same order, past rows without a value', async () => {
    const postgres = suite.dialect === 'postgres'
    const query = suite.db
      .selectFrom('products as p')
      .where(
        sql<SqlBool>`${attributeValue({ name: 'batch', kind: 'text', postgres }, 'p')} = ${batch}`,
      )
    for (const order of ['asc', 'desc'] as const) {
      const attribute = { name: 'sku', kind: 'text', postgres } as const
      const walked: number[] = []
      for await (const ids of keysetIds(
        query,
        { field: 'sku', columns: [], order, attribute },
        2,
        'p',
      )) {
        walked.push(...ids)
      }
      expect(walked).toEqual(await order_({ sort: 'sku', order }))
    }
  })

  test('bulk "all matching" matches the custom filters too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/products/bulk',
      headers: api.headers,
      payload: { action: 'disable', filter: { batch, size: 'Small' } },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().done).toEqual([ids.light])
    await app.inject({
      method: 'POST',
      url: '/api/products/bulk',
      headers: api.headers,
      payload: { action: 'enable', ids: [ids.light] },
    })
  })

  test('an unknown filter or sort is 400 naming it, on every list', async () => {
    const expect400 = async (url: string, detail: string) => {
      const response = await app.inject({ method: 'GET', url, headers: api.headers })
      expect(response.statusCode, url).toBe(400)
      expect(response.json()).toEqual({ detail })
    }
    for (const list of [
      '/api/products',
      '/api/service-providers',
      '/api/product-categories',
      '/api/service-provider-categories',
      '/api/products/export',
    ]) {
      await expect400(`${list}?condition=Used`, 'condition is not a filter of this list')
    }
    // A custom field the schema does not mark is neither a filter nor a sort.
    await expect400('/api/products?note=x', 'note is not a filter of this list')
    const sorts = 'name, newest, id, price, rating, sku, weightKg, fragile, size'
    await expect400('/api/products?sort=note', `sort must be one of ${sorts}`)
    await expect400('/api/products?size=Medium', 'size must be one of Small, Large')
    await expect400('/api/products?fragile=yes', 'fragile must be true or false')
    await expect400('/api/products?weightKg=heavy', 'weightKg must be a number')
    // Every list's own parameters still pass.
    const ok = await app.inject({
      method: 'GET',
      url: '/api/service-provider-categories?page=1&pageSize=5&sort=code&order=desc&code=x&name=a&parentId=null',
      headers: api.headers,
    })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  test('without the mark, a custom field is not offered', async () => {
    const plain = await suite.makeApp()
    const response = await plain.inject({
      method: 'GET',
      url: '/api/products?sku=x',
      headers: api.headers,
    })
    expect(response.json()).toEqual({ detail: 'sku is not a filter of this list' })
  })

  test('PostgreSQL indexes each marked field by the expression lists read', async () => {
    const names = await indexCustomFields(suite.db, loadSchemas(marked.dir))
    if (suite.dialect === 'sqlite') {
      expect(names).toEqual([])
      return
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'products_attr_sku_idx',
        'products_attr_weightkg_num_idx',
        'products_attr_fragile_idx',
        'products_attr_size_idx',
        'service_provider_categories_attr_code_idx',
      ]),
    )
    expect(names).not.toContain('products_attr_note_idx')
    // Again: nothing new, nothing fails.
    expect(await indexCustomFields(suite.db, loadSchemas(marked.dir))).toEqual(names)
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'products'
        and indexname like 'products_attr_%'`.execute(suite.db)
    const defs = Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]))
    expect(defs.products_attr_sku_idx).toContain("(attributes ->> 'sku'::text)")
    expect(defs.products_attr_weightkg_num_idx).toContain('numeric')
    // The sort can read it (a few test rows would otherwise be read whole and sorted).
    const plan = await suite.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select id from products order by (attributes->>'sku') asc nulls last limit 5
      `.execute(trx)
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('products_attr_sku_idx')
  })

  test("a provider's products sort and filter by the product's marked fields; others are 400", async () => {
    const { heavy, light, middle, bare, twin } = ids
    const url = `/api/service-providers/${providerId}/products`
    const get = (query: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url,
        headers: api.headers,
        query: { pageSize: '3000', ...query },
      })
    const idsOf = async (query: Record<string, string>) => {
      const response = await get(query)
      expect(response.statusCode, response.body).toBe(200)
      return (response.json().data as Json[]).map((row) => row.id)
    }
    expect(await idsOf({ sort: 'weightKg' })).toEqual([light, middle, twin, heavy, bare])
    expect(await idsOf({ size: 'Large', sort: 'id' })).toEqual([heavy, middle])
    expect(await idsOf({ sku: 'b-2', fragile: 'false', sort: 'id' })).toEqual([heavy, twin])
    for (const [query, detail] of [
      [{ condition: 'Used' }, 'condition is not a filter of this list'],
      [{ note: 'x' }, 'note is not a filter of this list'],
      [{ size: 'Medium' }, 'size must be one of Small, Large'],
    ] as const) {
      const response = await get(query)
      expect(response.statusCode, JSON.stringify(query)).toBe(400)
      expect(response.json()).toEqual({ detail })
    }
    const exported = await app.inject({
      method: 'GET',
      url: `${url}/export`,
      headers: api.headers,
      query: { sort: 'weightKg', order: 'desc', fragile: 'false' },
    })
    expect(exported.statusCode, exported.body).toBe(200)
    const rows = parse(exported.body, { bom: true, columns: true }) as Json[]
    expect(rows.map((row) => Number(row.ID))).toEqual([heavy, twin])
    const refused = await app.inject({
      method: 'GET',
      url: `${url}/export?condition=Used`,
      headers: api.headers,
    })
    expect(refused.json()).toEqual({ detail: 'condition is not a filter of this list' })
  })

  test("a product's images sort and filter by the image's marked fields, bulk too; others are 400", async () => {
    const url = `/api/products/${ids.heavy}/images`
    const png = (await solid(40, 30, 'png')).toString('base64')
    const image: Record<string, number> = {}
    for (const [key, angle] of [
      ['side', 'Side'],
      ['front', 'Front'],
      ['bare', undefined],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: api.headers,
        payload: { image: png, imageName: key, enabled: true, ...(angle ? { angle } : {}) },
      })
      expect(response.statusCode, response.body).toBe(201)
      image[key] = response.json().id
    }
    const get = (query: string) =>
      app.inject({ method: 'GET', url: `${url}?${query}`, headers: api.headers })
    const idsOf = async (query: string) => {
      const response = await get(query)
      expect(response.statusCode, response.body).toBe(200)
      return (response.json().data as Json[]).map((row) => row.id)
    }
    expect(await idsOf('sort=angle')).toEqual([image.front, image.side, image.bare])
    expect(await idsOf('sort=angle&order=desc')).toEqual([image.side, image.front, image.bare])
    expect(await idsOf('angle=Side')).toEqual([image.side])
    expect((await get('angle=Side')).json().pagination.total).toBe(1)
    expect((await get('condition=Used')).json()).toEqual({
      detail: 'condition is not a filter of this list',
    })
    expect((await get('angle=Back')).json()).toEqual({ detail: 'angle must be one of Front, Side' })
    const bulk = await app.inject({
      method: 'POST',
      url: `${url}/bulk`,
      headers: api.headers,
      payload: { action: 'disable', filter: { angle: 'Front' } },
    })
    expect(bulk.statusCode, bulk.body).toBe(200)
    expect(bulk.json().done).toEqual([image.front])
  })

  test('PostgreSQL indexes the marked fields of every entity, product images too', async () => {
    const names = await indexCustomFields(suite.db, loadSchemas(marked.dir))
    if (suite.dialect === 'postgres') expect(names).toContain('product_images_attr_angle_idx')
  })
})
