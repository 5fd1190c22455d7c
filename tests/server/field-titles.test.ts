// Issue 27, point 3, API side: a field an analyst renames (a new `title`, or only a `ui:title` in
// the ui schema's `common`, on a copy of schemas/) is named by its new title, beside its key, in
// the 400 messages, and heads its CSV export column; a custom field is named by its title alone,
// in a PUT's message and in bulk's refusal alike; with the shipped files all read as before. The
// screens' side is tests/web/field-titles.test.tsx.
import { parse } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { RETITLED, retitle, schemasFingerprint } from '../support/analyst-edits'
import { addProperty, copySchemas, type Json } from '../support/schema-copy'
import { describeEachDatabase } from './support/databases'
import { buildProduct, productApi } from './support/products'
import { expectDetail } from './support/requests'

const before = schemasFingerprint()
const copy = copySchemas()
retitle(copy, RETITLED.entity, RETITLED.field, RETITLED.title)
retitle(copy, 'product', 'name', 'Product Title')
// A title written in the pricing rule's first branch (Fixed), shown as money in the export; the
// ui schema's `ui:title` (which would win, as on the screens) taken away.
copy.edit('product', (doc) => {
  const rule = (doc.definitions as Record<string, Json>).pricingRule
  const fixed = (rule.allOf as Json[])[0].then as { properties: Record<string, Json> }
  fixed.properties.price.title = 'Cost'
})
copy.edit('product.ui', (ui) => {
  delete (ui.common as Record<string, Json>).price['ui:title']
})
// Renamed in the ui schema alone (as the form's label is), and a custom field titled in both
// files (the ui schema's `ui:title` wins, as on the screens), required by the update form.
const relabelled = copySchemas()
relabelled.edit('product.ui', (ui) => {
  const common = ui.common as Record<string, Json>
  common.description = { ...common.description, 'ui:title': 'Blurb' }
  common.grade = { 'ui:title': 'Quality Grade' }
})
relabelled.edit('product', (doc) =>
  addProperty(doc, 'grade', { type: 'integer', title: 'Grade', minimum: 1 }),
)
relabelled.edit('product', (doc) => {
  const update = (doc.definitions as Record<string, Json>).update
  update.required = [...(update.required as string[]), 'grade']
})
afterAll(() => {
  copy.remove()
  relabelled.remove()
  expect(schemasFingerprint()).toBe(before)
})

const headerOf = async (
  app: FastifyInstance,
  token: string,
  url = '/api/products/export',
): Promise<string[]> => {
  const response = await app.inject({
    url,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.statusCode, response.body).toBe(200)
  const [header] = parse(response.body.replace(/^\uFEFF/, '')) as string[][]
  return header
}

describeEachDatabase('renamed fields, API side', (suite) => {
  let token = ''
  beforeAll(async () => {
    const app = await suite.makeApp()
    token = (await suite.loginAsNewOperator(app)).token
    await app.close()
  })

  test('400 messages name a renamed field by its new title and its key', async () => {
    for (const [app, edited] of [
      [await suite.makeApp(), false],
      [await suite.makeApp({ schemasDir: copy.dir }), true],
    ] as const) {
      const api = productApi(app, token)
      const provider = await api.provider()
      const { id, body } = await api.create(provider)
      const { serviceProviderId: _, ...update } = body
      expectDetail(
        await api.put(id, { ...update, rating: 6, noOfRatings: 1 }),
        400,
        edited ? `${RETITLED.title} (rating) must be <= 5` : 'rating must be <= 5',
      )
      expectDetail(
        await api.post(buildProduct(provider, { name: undefined })),
        400,
        edited ? 'Product Title (name) is required' : 'name is required',
      )
      expectDetail(
        await api.post(buildProduct(provider, { name: '  ' })),
        400,
        edited ? 'Product Title (name) must not be blank' : 'name must not be blank',
      )
      // A field kept as shipped is named by its key.
      expectDetail(
        await api.post(buildProduct(provider, { estimatedDeliveryDays: 0 })),
        400,
        'estimatedDeliveryDays must be >= 1',
      )
      await app.close()
    }
  })

  test("a renamed field's new title heads its CSV column; the others keep theirs", async () => {
    const shipped = await headerOf(await suite.makeApp(), token)
    expect(shipped).toEqual([
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
    const app = await suite.makeApp({ schemasDir: copy.dir })
    const expected = shipped.map(
      (title) =>
        ({ Name: 'Product Title', Rating: RETITLED.title, 'Price (₦)': 'Cost (₦)' })[title] ??
        title,
    )
    expect(await headerOf(app, token)).toEqual(expected)
    // A provider's products export the same columns.
    const provider = await productApi(app, token).provider()
    const url = `/api/service-providers/${provider}/products/export`
    expect(await headerOf(app, token, url)).toEqual(expected)
  })

  test('a label renamed in the ui schema alone renames the field in messages and headers too', async () => {
    const app = await suite.makeApp({ schemasDir: relabelled.dir })
    const api = productApi(app, token)
    const provider = await api.provider()
    expectDetail(
      await api.post(buildProduct(provider, { description: undefined })),
      400,
      'Blurb (description) is required',
    )
    const header = await headerOf(app, token)
    expect(header).toContain('Blurb')
    expect(header).not.toContain('Description')
    // A custom field is named by its title alone: the ui schema's, as on the screens.
    expect(header).toContain('Quality Grade')
    expectDetail(
      await api.post(buildProduct(provider, { grade: 0 } as never)),
      400,
      'Quality Grade must be >= 1',
    )
    await app.close()
  })

  test("bulk Enable refuses a record lacking a required custom field by the field's title", async () => {
    const shipped = await suite.makeApp()
    const lacking = (
      await productApi(shipped, token).create(await productApi(shipped, token).provider())
    ).id
    await shipped.close()
    const app = await suite.makeApp({ schemasDir: relabelled.dir })
    const api = productApi(app, token)
    const { serviceProviderId: _, ...update } = buildProduct(1)
    expectDetail(await api.put(lacking, update), 400, 'Quality Grade is required')
    const response = await app.inject({
      method: 'POST',
      url: '/api/products/bulk',
      headers: api.headers,
      payload: { action: 'disable', ids: [lacking] },
    })
    expect(response.json()).toEqual({
      done: [],
      refused: [{ id: lacking, detail: 'Quality Grade is required' }],
    })
    await app.close()
  })
})
