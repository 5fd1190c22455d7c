import { parse } from 'csv-parse/sync'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { buildApp } from '../../server/app'
import { addProperty, copySchemas } from '../support/schema-copy'
import { describeEachDatabase } from './support/databases'
import { type ProductApi, productApi, productFixture } from './support/products'
import { expectDetail, type Json, type Query, stringify } from './support/requests'

// The CSV exports (decision 014) on SQLite and PostgreSQL: every matching row, streamed, with
// the list's own filters and sort. Responses are parsed back with csv-parse, so a quoting
// mistake shows as a wrong cell rather than passing unnoticed.

const BOM = '\uFEFF'

/** schemas/ with custom fields an analyst added: a titled one on every collection, and more. */
const withCustom = copySchemas()
for (const entity of ['service-provider-category', 'product-category', 'service-provider']) {
  withCustom.edit(entity, (doc) =>
    addProperty(doc, 'note', { type: 'string', title: 'Internal Note', maxLength: 40 }),
  )
}
withCustom.edit('product', (doc) => {
  addProperty(doc, 'sku', { type: 'string', title: 'SKU', maxLength: 20 })
  addProperty(doc, 'fragile', { type: 'boolean', title: 'Fragile' })
  addProperty(doc, 'batchCode', { type: 'string' })
})
afterAll(() => withCustom.remove())

describeEachDatabase('CSV export', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  let providerId: number

  beforeEach(async () => {
    ;({ app, api, tag, providerId } = await productFixture(suite, 'tag'))
  })

  const exportOf = (path: string, query: Query = {}, headers = api.headers) =>
    app.inject({ method: 'GET', url: `/api${path}/export`, headers, query: stringify(query) })

  /** The parsed records (header first) of a successful export. */
  function recordsOf(response: LightMyRequestResponse): string[][] {
    expect(response.statusCode, response.body).toBe(200)
    expect(response.body.startsWith(BOM)).toBe(true)
    return parse(response.body.slice(BOM.length), { relax_column_count: false })
  }

  /** The records as objects keyed by the header's titles. */
  function rowsOf(response: LightMyRequestResponse): Record<string, string>[] {
    const [header, ...records] = recordsOf(response)
    return records.map((record) => Object.fromEntries(header.map((title, i) => [title, record[i]])))
  }

  /** Products inserted straight into the table, many at once (the API makes one per request). */
  async function insertProducts(
    count: number,
    fields: (i: number) => { name: string; priceKobo?: number; enabled?: number },
  ) {
    const now = Date.now()
    const rows = Array.from({ length: count }, (_, i) => ({
      serviceProviderId: providerId,
      description: 'Bulk',
      pricing: 'Fixed' as const,
      priceKobo: 100,
      estimatedDeliveryDays: 1,
      enabled: 1,
      rating: 0,
      noOfRatings: 0,
      createdAt: now,
      updatedAt: now,
      attributes: '{}',
      ...fields(i),
    }))
    for (let i = 0; i < count; i += 500) {
      await suite.db
        .insertInto('products')
        .values(rows.slice(i, i + 500))
        .execute()
    }
    return rows
  }

  test('products: BOM, headers, a header row, money with kobo, categories by name', async () => {
    const rice = await api.category(`${tag} Rice`)
    const party = await api.category(`${tag} Party`)
    const fixed = await api.create(providerId, {
      name: `${tag} Jollof`,
      price: 1500,
      productCategoryIds: [rice.id, party.id],
    })
    await api.create(providerId, {
      name: `${tag} Suya`,
      pricing: 'Range',
      price: null,
      minPrice: 1000.5,
      maxPrice: 5000,
    })
    const response = await exportOf('/products', { name: tag, sort: 'name' })
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const day = new Date().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="products-${day}.csv"`,
    )
    expect(response.headers['x-total-count']).toBe('2')
    expect(recordsOf(response)[0]).toEqual([
      'ID',
      'Name',
      'Description',
      'Pricing Type',
      'Price (₦)',
      'Min Price (₦)',
      'Max Price (₦)',
      'Categories',
      'Service Provider ID',
      'Service Provider',
      'Estimated Delivery Days',
      'Enabled',
      'Rating',
      'Number of Ratings',
      'Created',
      'Updated',
    ])
    const [jollof, suya] = rowsOf(response)
    expect(jollof).toMatchObject({
      ID: String(fixed.id),
      Name: `${tag} Jollof`,
      'Pricing Type': 'Fixed',
      'Price (₦)': '1500.00',
      'Min Price (₦)': '',
      Categories: `${tag} Party; ${tag} Rice`,
      'Service Provider ID': String(providerId),
      Enabled: 'Yes',
      Rating: '0',
    })
    expect(new Date(jollof.Created).toISOString()).toBe(jollof.Created)
    expect(suya).toMatchObject({
      'Price (₦)': '',
      'Min Price (₦)': '1000.50',
      'Max Price (₦)': '5000.00',
    })
    // Records end with CRLF, as RFC 4180 and spreadsheet programs expect.
    expect(response.body.endsWith('\r\n')).toBe(true)
  })

  test('quotes commas, quotes and line breaks; ₦ and accents survive the round trip', async () => {
    const name = `${tag} Àkàrà, "hot" ₦ café`
    const description = 'Line one\nline two, with "quotes"'
    await api.create(providerId, { name, description })
    const [row] = rowsOf(await exportOf('/products', { name: tag }))
    expect(row.Name).toBe(name)
    expect(row.Description).toBe(description)
  })

  test('a cell a spreadsheet would run as a formula is neutralised; numbers are not', async () => {
    const texts = ['=1+2', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']
    for (const text of texts) {
      const { id } = await api.create(providerId, { name: `${tag}` })
      // Stored directly: the API trims a leading tab or CR, data from elsewhere may hold one.
      await suite.db
        .updateTable('products')
        .set({ description: text })
        .where('id', '=', id)
        .execute()
    }
    const rows = rowsOf(await exportOf('/products', { name: tag, sort: 'id' }))
    expect(rows.map((row) => row.Description)).toEqual(texts.map((text) => `'${text}`))
    // The name does not start with a formula sign; numbers (ids, prices) stay plain.
    expect(rows[0].Name).toBe(tag)
    expect(rows[0]['Price (₦)']).toBe('12500.00')
  })

  test('filters and sort are the list’s own, and every row comes, not one page', async () => {
    // More rows than the largest page (3000) and than several export batches (1000).
    const count = 3100
    const rows = await insertProducts(count, (i) => ({
      name: `${tag} bulk ${String(i).padStart(4, '0')}`,
      priceKobo: i * 100,
      enabled: i % 2,
    }))
    const everything = rowsOf(await exportOf('/products', { name: tag, sort: 'name' }))
    expect(everything).toHaveLength(count)
    expect(everything.map((row) => row.Name)).toEqual(rows.map((row) => row.name))

    const query = { name: tag, enabled: 'true', maxPrice: 9, sort: 'price', order: 'desc' }
    const filtered = rowsOf(await exportOf('/products', query))
    const listed = await api.rows({ ...query, pageSize: 3000 })
    expect(filtered.map((row) => Number(row.ID))).toEqual(listed.map((row) => row.id))
    expect(filtered.map((row) => row['Price (₦)'])).toEqual([
      '9.00',
      '7.00',
      '5.00',
      '3.00',
      '1.00',
    ])
  })

  test("a provider's products, and 404 for a provider that does not exist", async () => {
    const other = await api.provider()
    await api.create(providerId, { name: `${tag} mine` })
    await api.create(other, { name: `${tag} theirs` })
    const response = await exportOf(`/service-providers/${providerId}/products`, { name: tag })
    expect(response.headers['content-disposition']).toContain(
      `filename="service-provider-${providerId}-products-`,
    )
    expect(rowsOf(response).map((row) => row.Name)).toEqual([`${tag} mine`])
    expectDetail(
      await exportOf('/service-providers/999999/products'),
      404,
      'Service provider not found',
    )
  })

  test('service providers: their fields, categories by name, their filters', async () => {
    const category = await api.providers.category(`${tag} Catering`)
    const brandName = `${tag} Ọ̀ṣun Foods`
    await api.providers.create({ brandName, serviceProviderCategoryIds: [category.id] })
    await api.providers.create({ brandName: `${tag} Off`, enabled: false })
    const response = await exportOf('/service-providers', { brandName: tag, enabled: 'true' })
    expect(response.headers['content-disposition']).toContain('filename="service-providers-')
    const rows = rowsOf(response)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      'Brand Name': brandName,
      // A leading + is a formula sign to a spreadsheet: neutralised like any other.
      'Phone Number': "'+234 803 555 0101",
      'Service Categories': `${tag} Catering`,
      Enabled: 'Yes',
      'Passport Photo': 'No',
    })
  })

  test('both category lists: parent by name, the parentId filter', async () => {
    const parent = await api.category(`${tag} Home`)
    await api.category(`${tag} Cleaning`, parent.id)
    const products = rowsOf(
      await exportOf('/product-categories', { name: tag, parentCategoryId: parent.id }),
    )
    expect(products).toEqual([
      expect.objectContaining({
        Name: `${tag} Cleaning`,
        'Parent Category': `${tag} Home`,
        'Parent Category ID': String(parent.id),
      }),
    ])
    await api.providers.category(`${tag} Events`)
    const providers = await exportOf('/service-provider-categories', {
      name: tag,
      parentId: 'null',
    })
    expect(providers.headers['content-disposition']).toContain(
      'filename="service-provider-categories-',
    )
    expect(rowsOf(providers)).toEqual([
      expect.objectContaining({ Name: `${tag} Events`, Parent: '', 'Parent ID': '' }),
    ])
  })

  test('an empty result is a header row alone', async () => {
    const records = recordsOf(await exportOf('/products', { name: `${tag}-none` }))
    expect(records).toHaveLength(1)
  })

  test('bad parameters are a 400 {detail} before any CSV; a token is needed', async () => {
    expectDetail(await exportOf('/products', { sort: 'colour' }), 400, expect.any(String) as never)
    const bad = await exportOf('/products', { minPrice: 'cheap' })
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['content-type']).toContain('application/json')
    const anonymous = await exportOf('/products', {}, {} as typeof api.headers)
    expectDetail(anonymous, 401, 'Authentication required: send a bearer token')
    // A token in the URL is not a way in.
    const token = api.headers.authorization.replace('Bearer ', '')
    const inUrl = await exportOf('/products', { token, access_token: token }, {} as never)
    expect(inUrl.statusCode).toBe(401)
  })

  test('custom fields are columns of every export of their collection, after the built-in ones, titled by the schema', async () => {
    const server = await suite.makeApp({ schemasDir: withCustom.dir })
    const client = productApi(server, (await suite.loginAsNewOperator(server)).token)
    const exported = async (path: string, query: Query) => {
      const response = await server.inject({
        url: `/api${path}/export`,
        headers: client.headers,
        query: stringify(query),
      })
      const [header, ...records] = recordsOf(response)
      const rows = records.map((record) =>
        Object.fromEntries(header.map((title, i) => [title, record[i]])),
      )
      return { header, rows }
    }
    const post = async (url: string, payload: Json) => {
      const response = await server.inject({
        method: 'POST',
        url,
        headers: client.headers,
        payload,
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().id as number
    }

    const provider = (
      await client.providers.create({
        brandName: `${tag} Noted`,
        note: 'Pays late',
      } as never)
    ).id
    await client.create(provider, {
      name: `${tag} A`,
      sku: 'JR-1',
      fragile: true,
      batchCode: '=B7',
    } as never)
    await client.create(provider, { name: `${tag} B` })
    for (const path of ['/products', `/service-providers/${provider}/products`]) {
      const { header, rows } = await exported(path, { name: tag, sort: 'name' })
      // The built-in columns unchanged, then the custom ones: title, else the property's name.
      expect(header.slice(-5)).toEqual(['Created', 'Updated', 'SKU', 'Fragile', 'batchCode'])
      expect(rows.map((row) => [row.SKU, row.Fragile, row.batchCode])).toEqual([
        ['JR-1', 'Yes', "'=B7"],
        ['', '', ''],
      ])
    }

    const providers = await exported('/service-providers', { brandName: tag })
    expect(providers.header.slice(-3)).toEqual(['Created', 'Updated', 'Internal Note'])
    expect(providers.rows).toEqual([expect.objectContaining({ 'Internal Note': 'Pays late' })])

    for (const [path, parentField] of [
      ['/service-provider-categories', 'parentId'],
      ['/product-categories', 'parentCategoryId'],
    ]) {
      const name = `${tag} ${parentField}`
      await post(`/api${path}`, { name, description: 'x', [parentField]: null, note: 'Seasonal' })
      const categories = await exported(path, { name })
      expect(categories.header.slice(-3)).toEqual(['Created', 'Updated', 'Internal Note'])
      expect(categories.rows).toEqual([
        expect.objectContaining({ Name: name, 'Internal Note': 'Seasonal' }),
      ])
    }
  })

  describe('a database failure', () => {
    /** An app whose database fails every query after the first `healthy` product reads. */
    async function failingApp(healthy: number) {
      let reads = 0
      const failing: KyselyPlugin = {
        transformQuery(args) {
          const node = args.node
          if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"products"')) {
            reads += 1
            if (reads > healthy) throw new Error('database went away')
          }
          return node
        },
        transformResult: async (args) => args.result,
      }
      const logs: string[] = []
      const broken = await buildApp({
        db: suite.db.withPlugin(failing),
        config: suite.config,
        logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } },
      })
      const login = await suite.loginAsNewOperator(app)
      return { broken, logs, headers: { authorization: `Bearer ${login.token}` } }
    }

    test('before the first byte answers a {detail} error, never a CSV', async () => {
      await api.create(providerId, { name: `${tag} one` })
      const { broken, headers } = await failingApp(0)
      try {
        const response = await broken.inject({ url: '/api/products/export', headers })
        expect(response.statusCode).toBeGreaterThanOrEqual(500)
        expect(response.headers['content-type']).toContain('application/json')
        expect(Object.keys(response.json())).toEqual(['detail'])
      } finally {
        await broken.close()
      }
    })

    test('mid-stream cuts the response off and is logged', async () => {
      await insertProducts(2500, (i) => ({ name: `${tag} ${i}` }))
      // The count, the first batch's ids, its rows and its dates succeed; the second batch fails.
      const { broken, logs, headers } = await failingApp(6)
      try {
        await broken.listen({ port: 0, host: '127.0.0.1' })
        const address = broken.server.address() as { port: number }
        const url = `http://127.0.0.1:${address.port}/api/products/export?name=${tag}`
        const response = await fetch(url, { headers })
        expect(response.status).toBe(200)
        // The body ends in an error rather than a clean end: no client takes it for a whole file.
        await expect(response.text()).rejects.toThrow()
        expect(logs.join('')).toContain('CSV export of products failed after it had begun')
      } finally {
        await broken.close()
      }
    })
  })
})
