import type { FastifyInstance } from 'fastify'
import type { Transaction } from 'kysely'
import { beforeEach, describe, expect, test } from 'vitest'
import { deleteCategory } from '../../server/categories/category-delete'
import type { Database } from '../../server/db/types'
import { holdersDetail } from '../../server/lib/delete-rules'
import { deleteProduct } from '../../server/products/product-delete'
import { deleteServiceProvider } from '../../server/service-providers/provider-delete'
import { describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { PRODUCTS, productApi } from './support/products'

// The delete rules themselves (each entity's *-delete.ts, the wording in server/lib/delete-rules.ts), called inside a transaction as the
// single DELETE routes and bulk delete call them: the 409 wording, what refuses, what goes.

describe('the wording of a refused delete', () => {
  const subcategories = (count: number) => ({ count, one: 'subcategory', many: 'subcategories' })
  const products = (count: number) => ({ count, one: 'product', many: 'products' })

  test('names each kind that holds the record, in the plural beyond one', () => {
    expect(holdersDetail('Category', [subcategories(3), products(12)])).toBe(
      'Category has 3 subcategories and 12 products',
    )
  })

  test('uses the singular for exactly one', () => {
    expect(holdersDetail('Category', [subcategories(1), products(1)])).toBe(
      'Category has 1 subcategory and 1 product',
    )
  })

  test('leaves out kinds with none', () => {
    expect(holdersDetail('Category', [subcategories(0), products(2)])).toBe(
      'Category has 2 products',
    )
    expect(holdersDetail('Category', [subcategories(1), products(0)])).toBe(
      'Category has 1 subcategory',
    )
  })

  test('lists three kinds with commas and a final "and"', () => {
    const holdings = [subcategories(2), products(1), { count: 4, one: 'note', many: 'notes' }]
    expect(holdersDetail('Category', holdings)).toBe(
      'Category has 2 subcategories, 1 product and 4 notes',
    )
  })

  test('adds the advice as a sentence of its own', () => {
    expect(holdersDetail('Service provider', [products(1)], 'Disable it instead')).toBe(
      'Service provider has 1 product. Disable it instead',
    )
  })

  test('is undefined when nothing holds the record', () => {
    expect(holdersDetail('Category', [subcategories(0), products(0)], 'Advice')).toBeUndefined()
    expect(holdersDetail('Category', [])).toBeUndefined()
  })
})

describeEachDatabase('delete rules', (suite) => {
  let app: FastifyInstance
  let api: ReturnType<typeof productApi>

  beforeEach(async () => {
    app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    api = productApi(app, token)
  })

  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    suite.db.transaction().execute(work)
  const exists = async (table: 'products' | 'productCategories' | 'serviceProviders', id: number) =>
    (await suite.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined

  test('a product category with subcategories and products is refused, and kept', async () => {
    const parent = await api.category()
    await api.category(undefined, parent.id)
    const provider = await api.provider()
    await api.create(provider, { productCategoryIds: [parent.id] })
    await api.create(provider, { productCategoryIds: [parent.id] })

    const result = await inTransaction((trx) => deleteCategory(trx, 'productCategories', parent.id))
    expect(result).toEqual({
      outcome: 'refused',
      detail: 'Category has 1 subcategory and 2 products',
    })
    expect(await exists('productCategories', parent.id)).toBe(true)
  })

  test('a service-provider category assigned to a provider is refused', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/service-provider-categories',
      headers: api.headers,
      payload: { name: 'Caterers', description: 'Food', parentId: null },
    })
    const categoryId = created.json().id as number
    await api.providers.create({ serviceProviderCategoryIds: [categoryId] })

    const result = await inTransaction((trx) =>
      deleteCategory(trx, 'serviceProviderCategories', categoryId),
    )
    expect(result).toEqual({ outcome: 'refused', detail: 'Category has 1 service provider' })
  })

  test('a free category is deleted and its row handed back', async () => {
    const category = await api.category()
    const result = await inTransaction((trx) =>
      deleteCategory(trx, 'productCategories', category.id),
    )
    expect(result).toMatchObject({
      outcome: 'deleted',
      record: { id: category.id, name: category.name },
    })
    expect(await exists('productCategories', category.id)).toBe(false)
    const again = await inTransaction((trx) =>
      deleteCategory(trx, 'productCategories', category.id),
    )
    expect(again).toEqual({ outcome: 'missing' })
  })

  test('a provider with products is refused with the advice to disable it', async () => {
    const provider = await api.provider()
    await api.create(provider)
    await api.create(provider)
    const result = await inTransaction((trx) => deleteServiceProvider(trx, provider))
    expect(result).toEqual({
      outcome: 'refused',
      detail: 'Service provider has 2 products. Disable it instead, or delete its products first',
    })
    expect(await exists('serviceProviders', provider)).toBe(true)
  })

  test('a provider without products goes with its photo and category links', async () => {
    const category = await app.inject({
      method: 'POST',
      url: '/api/service-provider-categories',
      headers: api.headers,
      payload: { name: 'Planners', description: 'Events', parentId: null },
    })
    const { id } = await api.providers.create({
      serviceProviderCategoryIds: [category.json().id as number],
    })
    const photo = `data:image/png;base64,${(await solid(40, 40, 'png')).toString('base64')}`
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/service-providers/${id}/passport-photo`,
      headers: api.headers,
      payload: { passportPhoto: photo },
    })
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300)

    const result = await inTransaction((trx) => deleteServiceProvider(trx, id))
    expect(result).toMatchObject({ outcome: 'deleted', record: { id } })
    expect(await exists('serviceProviders', id)).toBe(false)
    const left = await suite.db
      .selectFrom('providerImages')
      .select('kind')
      .where('providerId', '=', id)
      .execute()
    expect(left).toEqual([])
  })

  test('a product goes with its images (the preview too) and its category links', async () => {
    const category = await api.category()
    const provider = await api.provider()
    const { id } = await api.create(provider, { productCategoryIds: [category.id] })
    const image = (await solid(30, 20, 'png')).toString('base64')
    const imageIds: number[] = []
    for (const name of ['Front', 'Back']) {
      const response = await app.inject({
        method: 'POST',
        url: `${PRODUCTS}/${id}/images`,
        headers: api.headers,
        payload: { image, imageName: name, imageDescription: '', enabled: true },
      })
      expect(response.statusCode, response.body).toBe(201)
      imageIds.push(response.json().id as number)
    }
    const preview = await app.inject({
      method: 'POST',
      url: `${PRODUCTS}/${id}/images/${imageIds[0]}/make-preview-image`,
      headers: api.headers,
    })
    expect(preview.statusCode, preview.body).toBeLessThan(300)

    const result = await inTransaction((trx) => deleteProduct(trx, id))
    expect(result).toMatchObject({ outcome: 'deleted', record: { id } })
    expect(await exists('products', id)).toBe(false)
    const images = await suite.db
      .selectFrom('productImages')
      .select('id')
      .where('productId', '=', id)
      .execute()
    expect(images).toEqual([])
    const links = await suite.db
      .selectFrom('productCategoryLinks')
      .select('categoryId')
      .where('productId', '=', id)
      .execute()
    expect(links).toEqual([])
    // The category is free again.
    const freed = await inTransaction((trx) =>
      deleteCategory(trx, 'productCategories', category.id),
    )
    expect(freed.outcome).toBe('deleted')
  })

  test('a missing product or provider is "missing"', async () => {
    expect(await inTransaction((trx) => deleteProduct(trx, 987_654_321))).toEqual({
      outcome: 'missing',
    })
    expect(await inTransaction((trx) => deleteServiceProvider(trx, 987_654_321))).toEqual({
      outcome: 'missing',
    })
  })
})
