import { afterAll, describe, expect, test } from 'vitest'
import {
  formatMissingField,
  missingFieldsReport,
  warnOfMissingFields,
} from '../../server/lib/missing-fields'
import { addProperty, copySchemas, formDefinition } from '../support/schema-copy'
import { describeEachDatabase } from './support/databases'
import { productApi, productUpdateBody } from './support/products'
import { expectDetail } from './support/requests'

// Issue 27: a custom field an analyst makes required while records lack it. The server says how
// many records lack it (at start and in `npm run dev`); the records stay readable, and their next
// edit asks for the field.

const CONDITION = { type: 'string', title: 'Condition', enum: ['New', 'Used'] }
const required = copySchemas()
required.edit('product', (doc) => addProperty(doc, 'condition', CONDITION, true))
// Required to create a provider only: edits of older providers do not ask for it.
required.edit('service-provider', (doc) => {
  addProperty(doc, 'licence', { type: 'string', title: 'Licence' })
  const create = formDefinition(doc, 'create')
  create.required = [...(create.required as string[]), 'licence']
})
afterAll(() => required.remove())

describe('the report’s line', () => {
  test('says the file, the field, how many lack it and what happens next', () => {
    expect(
      formatMissingField({
        entity: 'product',
        field: 'condition',
        askedAtEdit: true,
        missing: 1234,
      }),
    ).toBe(
      'schemas/product.json: "condition" is required, and 1,234 products lack it: each asks for it at its next edit',
    )
    expect(
      formatMissingField({
        entity: 'product-category',
        field: 'code',
        askedAtEdit: true,
        missing: 1,
      }),
    ).toBe(
      'schemas/product-category.json: "code" is required, and 1 product category lacks it: each asks for it at its next edit',
    )
    expect(
      formatMissingField({
        entity: 'service-provider',
        field: 'licence',
        askedAtEdit: false,
        missing: 3,
      }),
    ).toBe(
      'schemas/service-provider.json: "licence" is required to create a service provider, and 3 service providers made before lack it: their edits do not ask for it (the update form does not require it)',
    )
  })
})

describeEachDatabase('records that lack a required custom field', (suite) => {
  test('are counted, stay readable, and are asked for the field at their next edit', async () => {
    // Records made before the edit: none has the fields.
    const before = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(before)
    const old = productApi(before, token)
    const providerId = await old.provider()
    const lacking = [(await old.create(providerId)).id, (await old.create(providerId)).id]
    expect(await missingFieldsReport(suite.db, suite.config.schemasDir)).toEqual([])

    const after = await suite.makeApp({ schemasDir: required.dir })
    const api = productApi(after, token)
    const having = await api.create(providerId, { condition: 'New' } as never)
    /** The provider's products, through its own list. */
    const providerRows = async (): Promise<Array<{ id: number }>> => {
      const response = await after.inject({
        url: `/api/service-providers/${providerId}/products?pageSize=100`,
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data
    }
    const warned: string[] = []
    const lines = await warnOfMissingFields(suite.db, required.dir, (line) => warned.push(line))
    expect(lines).toEqual([
      'schemas/service-provider.json: "licence" is required to create a service provider, and 1 service provider made before lacks it: their edits do not ask for it (the update form does not require it)',
      'schemas/product.json: "condition" is required, and 2 products lack it: each asks for it at its next edit',
    ])
    expect(warned).toEqual(lines)

    // Readable as they are.
    const shown = await api.get(lacking[0])
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.json()).not.toHaveProperty('condition')
    const listed = await providerRows()
    expect(listed.map((row) => row.id).sort()).toEqual([...lacking, having.id].sort())

    // Their next edit asks for it, naming the field; given, it saves and the count falls.
    const { body } = await old.create(providerId)
    const edit = productUpdateBody(body)
    expectDetail(await api.put(lacking[0], edit), 400, 'Condition is required')
    for (const id of lacking) {
      const saved = await api.put(id, { ...edit, condition: 'Used' })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    const last = (await providerRows()).find(
      (row) => !lacking.includes(row.id) && row.id !== having.id,
    )
    const fixed = await api.put(last?.id as number, { ...edit, condition: 'New' })
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(await missingFieldsReport(suite.db, required.dir)).toEqual([
      'schemas/service-provider.json: "licence" is required to create a service provider, and 1 service provider made before lacks it: their edits do not ask for it (the update form does not require it)',
    ])
  })
})
