// Issue 27, point 3, API side: a field an analyst renames (a new `title`, on a copy of
// schemas/) is named by its new title, beside its key, in the 400 messages, and heads its CSV
// export column; with the shipped files both read as before. (A `ui:title` alone renames the
// field on the screens only: see tests/server/analyst-edits.test.ts's relabel.) The screens' side is
// tests/web/field-titles.test.tsx.
import { parse } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { RETITLED, retitle, schemasFingerprint } from '../support/analyst-edits'
import { copySchemas, type Json } from '../support/schema-copy'
import { describeEachDatabase } from './support/databases'
import { buildProduct, productApi } from './support/products'
import { expectDetail } from './support/requests'

const before = schemasFingerprint()
const copy = copySchemas()
retitle(copy, RETITLED.entity, RETITLED.field, RETITLED.title)
retitle(copy, 'product', 'name', 'Product Title')
// A title written in the pricing rule's first branch (Fixed), shown as money in the export.
copy.edit('product', (doc) => {
  const rule = (doc.definitions as Record<string, Json>).pricingRule
  const fixed = (rule.allOf as Json[])[0].then as { properties: Record<string, Json> }
  fixed.properties.price.title = 'Cost'
})
afterAll(() => {
  copy.remove()
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
})
