import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeEach, expect, test } from 'vitest'
import { addProperty, copySchemas } from '../support/schema-copy'
import { describeEachDatabase, uniqueName } from './support/databases'
import { type ProductApi, productApi } from './support/products'

// The export read back (issue 29, point 1) where an analyst added custom fields: every
// collection's export, saved again by a spreadsheet with `;` as its separator, imports as all
// unchanged; a custom field's column creates and updates it, and its change is in the history.

const withCustom = copySchemas()
for (const entity of ['service-provider-category', 'product-category', 'service-provider']) {
  withCustom.edit(entity, (doc) =>
    addProperty(doc, 'note', { type: 'string', title: 'Internal Note', maxLength: 40 }),
  )
}
withCustom.edit('product', (doc) => {
  addProperty(doc, 'sku', { type: 'string', title: 'SKU', maxLength: 20 })
  addProperty(doc, 'fragile', { type: 'boolean', title: 'Fragile' })
  addProperty(doc, 'weightKg', { type: 'number', title: 'Weight (kg)', minimum: 0 })
})
afterAll(() => withCustom.remove())

describeEachDatabase('CSV import of custom fields', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  beforeEach(async () => {
    app = await suite.makeApp({ schemasDir: withCustom.dir })
    api = productApi(app, (await suite.loginAsNewOperator(app)).token)
    tag = uniqueName('custom')
  })

  const importCsv = (collection: string, csv: string, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/${collection}/import${query}`,
      headers: { ...api.headers, 'content-type': 'text/csv' },
      payload: csv,
    })
  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: api.headers, payload })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as number
  }

  test('every export, saved with ";" as its separator, reads back unchanged, custom fields included', async () => {
    const provider = (
      await api.providers.create({ brandName: `${tag} Noted`, note: 'Pays late' } as never)
    ).id
    await api.create(provider, {
      name: `${tag} A`,
      description: 'Jollof; party size, "large"',
      sku: '=JR-1',
      fragile: true,
      weightKg: 12.5,
    } as never)
    await api.create(provider, {
      name: `${tag} B`,
      pricing: 'Range',
      price: null,
      minPrice: 1,
      maxPrice: 2,
    } as never)
    await post('/api/product-categories', {
      name: `${tag} cat`,
      description: 'x',
      parentCategoryId: null,
      note: 'Seasonal',
    })
    await post('/api/service-provider-categories', {
      name: `${tag} kind`,
      description: 'x',
      parentId: null,
      note: 'Rare',
    })
    const cases: Array<[string, string, number]> = [
      ['products', `name=${encodeURIComponent(tag)}`, 2],
      ['service-providers', `brandName=${encodeURIComponent(tag)}`, 1],
      ['product-categories', `name=${encodeURIComponent(tag)}`, 1],
      ['service-provider-categories', `name=${encodeURIComponent(tag)}`, 1],
    ]
    for (const [collection, query, rows] of cases) {
      const exported = await app.inject({
        url: `/api/${collection}/export?${query}`,
        headers: api.headers,
      })
      const records = parse(exported.body, { bom: true }) as string[][]
      expect(records[0], collection).toEqual(
        expect.arrayContaining([collection === 'products' ? 'SKU' : 'Internal Note']),
      )
      expect(records).toHaveLength(rows + 1)
      for (const csv of [exported.body, `\uFEFF${stringify(records, { delimiter: ';' })}`]) {
        const response = await importCsv(collection, csv)
        expect(response.json(), collection).toMatchObject({
          created: 0,
          updated: 0,
          unchanged: rows,
          errors: [],
          batchId: null,
        })
        const statuses = new Set(response.json().rows.map((row: { status: string }) => row.status))
        expect([...statuses], collection).toEqual(['unchanged'])
      }
    }
  })

  test("a custom field's column creates and updates it; its change is in the history", async () => {
    const provider = await api.provider()
    const csv = [
      'Name;Description;Price (₦);Service Provider ID;SKU;Fragile;Weight (kg)',
      `${tag} new;Fresh;"1250,50";${provider};JR-9;Yes;2.5`,
    ].join('\r\n')
    // "1250,50" is not a number here: naira are written with a decimal point.
    const refused = await importCsv('products', csv)
    expect(refused.json().errors).toEqual([
      { row: 2, column: 'Price (₦)', detail: 'price must be number' },
    ])
    const created = await importCsv('products', csv.replace('"1250,50"', '1250.50'))
    expect(created.json()).toMatchObject({ created: 1, errors: [] })
    const [product] = await api.rows({ name: `${tag} new` })
    expect(product).toMatchObject({ sku: 'JR-9', fragile: true, weightKg: 2.5, price: 1250.5 })

    const update = await importCsv('products', `ID,SKU,Fragile\n${product.id},JR-10,No\n`)
    expect(update.json()).toMatchObject({ updated: 1, errors: [] })
    const after = (await api.get(product.id as number)).json()
    expect(after).toMatchObject({ sku: 'JR-10', fragile: false, weightKg: 2.5, price: 1250.5 })
    const history = await app.inject({
      url: `/api/products/${product.id}/history`,
      headers: api.headers,
    })
    expect(history.json().data[0]).toMatchObject({
      action: 'import',
      changes: {
        sku: { before: 'JR-9', after: 'JR-10' },
        fragile: { before: true, after: false },
      },
    })
    expect(Object.keys(history.json().data[0].changes).sort()).toEqual(['fragile', 'sku'])
  })
})
