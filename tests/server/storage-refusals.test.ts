import { afterAll, expect, test } from 'vitest'
import { constraintViolation, violationDetail } from '../../server/db/constraint-errors'
import { addProperty, copySchemas, formDefinition, type Json } from '../support/schema-copy'
import { describeEachDatabase, uniqueName } from './support/databases'
import { buildProduct, productApi, productUpdateBody } from './support/products'
import { expectDetail } from './support/requests'

// Never a 500 from a schema edit (issue 11, point 5). An analyst's edit that lets through
// something a column refuses answers 400 naming the field: first by the storage guard (before
// the handler), and if a write still reaches the database, by mapping its refusal.

const edited = copySchemas()
edited.edit('product', (doc) => {
  const definitions = doc.definitions as Record<string, Json>
  // A third pricing option, and a maximum past PostgreSQL's integer column.
  definitions.pricing.enum = ['Fixed', 'Range', 'Hourly']
  definitions.estimatedDeliveryDays.maximum = 10_000_000_000
})
edited.edit('product-category', (doc) => {
  // Description no longer required; name may be a number.
  const create = formDefinition(doc, 'create')
  create.required = ['name']
  ;(create.properties as Json).name = { type: ['string', 'integer'], title: 'Name' }
})
edited.edit('service-provider', (doc) => {
  addProperty(doc, 'about', { type: ['string', 'null'], title: 'About', maxLength: 5000 })
})
afterAll(() => edited.remove())

describeEachDatabase('storage refusals', (suite) => {
  const setup = async () => {
    const app = await suite.makeApp({ schemasDir: edited.dir })
    const { token } = await suite.loginAsNewOperator(app)
    return { app, api: productApi(app, token), headers: { authorization: `Bearer ${token}` } }
  }

  test('a new enum option the column refuses: 400 naming the field, nothing stored', async () => {
    const { api } = await setup()
    const providerId = await api.provider()
    const body = buildProduct(providerId, { pricing: 'Hourly', price: 100 })
    expectDetail(await api.post(body), 400, 'pricing must be one of: Fixed, Range')
    expect(await api.rows({ name: body.name })).toEqual([])
    const { id } = await api.create(providerId)
    const update = productUpdateBody(buildProduct(providerId, { pricing: 'Hourly' }))
    expectDetail(await api.put(id, update), 400, 'pricing must be one of: Fixed, Range')
  })

  test('a maximum past the column: 400 naming the field', async () => {
    const { api } = await setup()
    const providerId = await api.provider()
    const body = buildProduct(providerId, { estimatedDeliveryDays: 3_000_000_000 })
    expectDetail(await api.post(body), 400, 'estimatedDeliveryDays must be at most 2147483647')
  })

  test('a required field made optional, a text made a number, a null: 400 naming it', async () => {
    const { app, headers } = await setup()
    const post = (url: string, payload: Json) =>
      app.inject({ method: 'POST', url, headers, payload })
    const categories = '/api/product-categories'
    expectDetail(await post(categories, { name: 'Pots' }), 400, 'description is required')
    expectDetail(
      await post(categories, { name: 42, description: 'Pots' }),
      400,
      'name must be text',
    )
    const provider = await post('/api/service-providers', {
      firstName: 'Ada',
      lastName: 'Obi',
      brandName: uniqueName('brand'),
      email: `${uniqueName('sp')}@example.com`,
      phoneNumber: '+234 803 555 0101',
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '1 Allen Avenue',
      about: null,
    })
    expectDetail(provider, 400, 'about must not be null')
  })

  test('a write the database itself refuses answers 400 naming the field', async () => {
    const app = await suite.makeApp()
    let providerId = 0
    // A route that writes what the guard would have stopped, straight into the database.
    app.post('/api/test/raw-product', { config: { right: 'write' } }, async (request) => {
      const now = Date.now()
      await suite.db
        .insertInto('products')
        .values({
          serviceProviderId: providerId,
          name: 'Raw',
          description: 'Raw',
          pricing: (request.body as { pricing: 'Fixed' }).pricing,
          priceKobo: 100,
          minPriceKobo: null,
          maxPriceKobo: null,
          estimatedDeliveryDays: 1,
          enabled: 1,
          rating: 0,
          noOfRatings: 0,
          previewImageId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      return {}
    })
    const { token } = await suite.loginAsNewOperator(app)
    providerId = await productApi(app, token).provider()
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/raw-product',
      headers: { authorization: `Bearer ${token}` },
      payload: { pricing: 'Hourly' },
    })
    expectDetail(response, 400, 'pricing has a value the database does not accept')
  })

  test('database refusals are named by field: CHECK, NOT NULL, foreign key', async () => {
    const refused = async (write: () => Promise<unknown>) => {
      const error = await write().then(
        () => undefined,
        (e: unknown) => e,
      )
      const violation = constraintViolation(error)
      expect(violation, String(error)).toBeDefined()
      return violationDetail(violation as NonNullable<typeof violation>)
    }
    const now = Date.now()
    const category = (values: Json) =>
      suite.db
        .insertInto('productCategories')
        .values({
          name: 'c',
          description: 'd',
          parentId: null,
          createdAt: now,
          updatedAt: now,
          ...values,
        })
        .execute()
    expect(await refused(() => category({ description: null }))).toBe('description is required')
    expect(await refused(() => category({ parentId: 999_999 }))).toBe(
      suite.dialect === 'postgres'
        ? 'parentCategoryId refers to a record that does not exist'
        : 'A referenced record does not exist',
    )
    const { api } = await setup()
    const serviceProviderId = await api.provider()
    const product = (values: Json) =>
      suite.db
        .insertInto('products')
        .values({
          serviceProviderId,
          name: 'p',
          description: 'd',
          pricing: 'Fixed',
          priceKobo: 100,
          minPriceKobo: null,
          maxPriceKobo: null,
          estimatedDeliveryDays: 1,
          enabled: 1,
          rating: 0,
          noOfRatings: 0,
          previewImageId: null,
          createdAt: now,
          updatedAt: now,
          ...values,
        })
        .execute()
    expect(await refused(() => product({ estimatedDeliveryDays: 0 }))).toBe(
      'estimatedDeliveryDays has a value the database does not accept',
    )
    expect(await refused(() => product({ priceKobo: null }))).toBe(
      'pricing has a value the database does not accept',
    )
  })
})
