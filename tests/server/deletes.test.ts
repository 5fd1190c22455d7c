import type { FastifyInstance } from 'fastify'
import { type Kysely, sql, type Transaction } from 'kysely'
import { beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../server/db/types'
import { type DatabaseSuite, describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { buildProduct, PRODUCTS, productApi } from './support/products'
import { expectDetail } from './support/requests'
import { PROVIDERS } from './support/service-providers'

// DELETE of categories, providers and products through the real app, on SQLite and
// PostgreSQL: 204, 404 with the entity's text, 409 naming what holds the record (and nothing
// changed), a product's images going with it, caches that forget the deleted record, and
// concurrent writes that can never leave a link to a deleted record.

const SP_CATEGORIES = '/api/service-provider-categories'
const PRODUCT_CATEGORIES = '/api/product-categories'
const MISSING = 2_147_483_647

describeEachDatabase('delete API', (suite) => {
  let app: FastifyInstance
  let api: ReturnType<typeof productApi>

  beforeEach(async () => {
    app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    api = productApi(app, token)
  })

  const remove = (url: string) => app.inject({ method: 'DELETE', url, headers: api.headers })
  const get = (url: string) => app.inject({ method: 'GET', url, headers: api.headers })
  const png = async () => (await solid(24, 16, 'png')).toString('base64')
  const addImage = async (productId: number) => {
    const response = await app.inject({
      method: 'POST',
      url: `${PRODUCTS}/${productId}/images`,
      headers: api.headers,
      payload: { image: await png(), imageName: 'Front' },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as number
  }

  describe('a record nothing holds', () => {
    const cases = [
      ['service-provider category', SP_CATEGORIES, 'Service provider category not found'],
      ['product category', PRODUCT_CATEGORIES, 'Product category not found'],
      ['service provider', PROVIDERS, 'Service provider not found'],
      ['product', PRODUCTS, 'Product not found'],
    ] as const
    const make = async (url: string) => {
      if (url === SP_CATEGORIES) return (await api.providers.category()).id
      if (url === PRODUCT_CATEGORIES) return (await api.category()).id
      if (url === PROVIDERS) return (await api.providers.create()).id
      return (await api.create(await api.provider())).id
    }

    for (const [name, url, notFound] of cases) {
      test(`a ${name} answers 204 with no body, then is gone (404)`, async () => {
        const id = await make(url)
        const response = await remove(`${url}/${id}`)
        expect(response.statusCode, response.body).toBe(204)
        expect(response.body).toBe('')
        expectDetail(await get(`${url}/${id}`), 404, notFound)
        expectDetail(await remove(`${url}/${id}`), 404, notFound)
      })

      test(`a ${name} that never existed, or a malformed id, is 404 "${notFound}"`, async () => {
        expectDetail(await remove(`${url}/${MISSING}`), 404, notFound)
        expectDetail(await remove(`${url}/abc`), 404, notFound)
        expectDetail(await remove(`${url}/0`), 404, notFound)
      })
    }

    test('needs a token', async () => {
      const id = await make(PRODUCTS)
      const response = await app.inject({ method: 'DELETE', url: `${PRODUCTS}/${id}` })
      expect(response.statusCode).toBe(401)
      expect((await get(`${PRODUCTS}/${id}`)).statusCode).toBe(200)
    })
  })

  describe('refused while something holds the record (409), nothing changed', () => {
    test('a product category with subcategories and products', async () => {
      const parent = await api.category()
      for (let n = 0; n < 3; n++) await api.category(undefined, parent.id)
      const provider = await api.provider()
      const product = await api.create(provider, { productCategoryIds: [parent.id] })
      await api.create(provider, { productCategoryIds: [parent.id] })
      const before = (await get(`${PRODUCT_CATEGORIES}/${parent.id}`)).body

      expectDetail(
        await remove(`${PRODUCT_CATEGORIES}/${parent.id}`),
        409,
        'Category has 3 subcategories and 2 products',
      )
      expect((await get(`${PRODUCT_CATEGORIES}/${parent.id}`)).body).toBe(before)
      const stillLinked = (await api.get(product.id)).json().productCategories
      expect(stillLinked).toEqual([{ id: parent.id, name: parent.name }])
    })

    test('a service-provider category with one subcategory and one provider', async () => {
      const parent = await api.providers.category()
      const child = await app.inject({
        method: 'POST',
        url: SP_CATEGORIES,
        headers: api.headers,
        payload: { name: 'Small events', description: 'x', parentId: parent.id },
      })
      expect(child.statusCode).toBe(201)
      await api.providers.create({ serviceProviderCategoryIds: [parent.id] })

      expectDetail(
        await remove(`${SP_CATEGORIES}/${parent.id}`),
        409,
        'Category has 1 subcategory and 1 service provider',
      )
      // Once the child goes, the provider alone still holds it.
      expect((await remove(`${SP_CATEGORIES}/${child.json().id}`)).statusCode).toBe(204)
      expectDetail(
        await remove(`${SP_CATEGORIES}/${parent.id}`),
        409,
        'Category has 1 service provider',
      )
    })

    // A subcategory alone holds its parent: the rule, not the database's foreign key, refuses
    // (a rule that counted only assignments would let the delete reach the database).
    for (const [name, url, parentField] of [
      ['service-provider', SP_CATEGORIES, 'parentId'],
      ['product', PRODUCT_CATEGORIES, 'parentCategoryId'],
    ] as const) {
      test(`a ${name} category with one subcategory and nothing else: 409 "Category has 1 subcategory"`, async () => {
        const create = async (parent: number | null) => {
          const response = await app.inject({
            method: 'POST',
            url,
            headers: api.headers,
            payload: { name: `Only child ${parent}`, description: 'x', [parentField]: parent },
          })
          expect(response.statusCode, response.body).toBe(201)
          return response.json().id as number
        }
        const parent = await create(null)
        const child = await create(parent)
        const before = (await get(`${url}/${parent}`)).body

        expectDetail(await remove(`${url}/${parent}`), 409, 'Category has 1 subcategory')
        expect((await get(`${url}/${parent}`)).body).toBe(before)
        expect((await get(`${url}/${child}`)).json()[parentField]).toBe(parent)
      })
    }

    test('a provider with products, told that disabling is the alternative', async () => {
      const provider = await api.provider()
      const product = await api.create(provider)
      expectDetail(
        await remove(`${PROVIDERS}/${provider}`),
        409,
        'Service provider has 1 product. Disable it instead, or delete its products first',
      )
      expect((await api.get(product.id)).statusCode).toBe(200)
      // Without its product it can go, with its photo.
      const photo = await app.inject({
        method: 'POST',
        url: `${PROVIDERS}/${provider}/passport-photo`,
        headers: api.headers,
        payload: { passportPhoto: await png() },
      })
      expect(photo.statusCode, photo.body).toBe(200)
      expect((await remove(`${PRODUCTS}/${product.id}`)).statusCode).toBe(204)
      expect((await remove(`${PROVIDERS}/${provider}`)).statusCode).toBe(204)
      expectDetail(
        await get(`${PROVIDERS}/${provider}/passport-photo`),
        404,
        'Service provider not found',
      )
    })
  })

  describe('history and If-Match', () => {
    const historyOf = (entity: string, entityId: number) =>
      suite.db
        .selectFrom('history')
        .select(['action', 'operatorId', 'changes'])
        .where('entity', '=', entity)
        .where('entityId', '=', entityId)
        .execute()

    test('a delete is recorded with the record as GET showed it; a refused one records nothing', async () => {
      const category = await api.category()
      const product = await api.create(await api.provider(), {
        productCategoryIds: [category.id],
        pricing: 'Range',
        price: null,
        minPrice: 1000,
        maxPrice: 2500.5,
      })
      const shown = (await api.get(product.id)).json()
      const categoryHistory = await historyOf('product-category', category.id)
      expect((await remove(`${PRODUCT_CATEGORIES}/${category.id}`)).statusCode).toBe(409)
      expect(await historyOf('product-category', category.id)).toEqual(categoryHistory)

      expect((await remove(`${PRODUCTS}/${product.id}`)).statusCode).toBe(204)
      const deletes = (await historyOf('product', product.id)).filter(
        (entry) => entry.action === 'delete',
      )
      expect(deletes).toHaveLength(1)
      const changes = JSON.parse(deletes[0].changes)
      expect(changes.name).toEqual({ before: shown.name, after: null })
      expect(changes.maxPrice).toEqual({ before: 2500.5, after: null })
      expect(changes.productCategories).toEqual({
        before: [{ id: category.id, name: category.name }],
        after: null,
      })
      expect(changes.id).toBeUndefined()
    })

    test('a stale If-Match is 412 and deletes nothing; the current tag deletes', async () => {
      const id = (await api.category()).id
      const stale = await app.inject({
        method: 'DELETE',
        url: `${PRODUCT_CATEGORIES}/${id}`,
        headers: { ...api.headers, 'if-match': '"stale"' },
      })
      expect(stale.statusCode).toBe(412)
      const current = await get(`${PRODUCT_CATEGORIES}/${id}`)
      expect(current.statusCode).toBe(200)
      const fresh = await app.inject({
        method: 'DELETE',
        url: `${PRODUCT_CATEGORIES}/${id}`,
        headers: { ...api.headers, 'if-match': current.headers.etag as string },
      })
      expect(fresh.statusCode).toBe(204)
    })
  })

  test('a product goes with its images, the preview among them', async () => {
    const product = await api.create(await api.provider())
    const images = [await addImage(product.id), await addImage(product.id)]
    const preview = await app.inject({
      method: 'POST',
      url: `${PRODUCTS}/${product.id}/images/${images[1]}/make-preview-image`,
      headers: api.headers,
    })
    expect(preview.statusCode, preview.body).toBeLessThan(300)

    expect((await remove(`${PRODUCTS}/${product.id}`)).statusCode).toBe(204)
    expectDetail(await get(`${PRODUCTS}/${product.id}/images`), 404, 'Product not found')
    const rows = await suite.db
      .selectFrom('productImages')
      .select('id')
      .where('id', 'in', images)
      .execute()
    expect(rows).toEqual([])
  })

  test('the dropdown list, its total and a filtered total forget a deleted record at once', async () => {
    const category = await api.category()
    const product = await api.create(await api.provider(), { name: `${category.name} product` })
    // The dropdowns' call (kept serialised between writes) and a filtered total (counted once).
    const dropdown = async () => {
      const response = await get(`${PRODUCT_CATEGORIES}?pageSize=3000`)
      return response.json() as { data: Array<{ id: number }>; pagination: { total: number } }
    }
    const filteredTotal = async () =>
      (await api.list({ name: category.name })).json().pagination.total as number
    const before = await dropdown()
    expect(before.data.map((row) => row.id)).toContain(category.id)
    expect(await filteredTotal()).toBe(1)

    expect((await remove(`${PRODUCTS}/${product.id}`)).statusCode).toBe(204)
    expect(await filteredTotal()).toBe(0)
    expect((await remove(`${PRODUCT_CATEGORIES}/${category.id}`)).statusCode).toBe(204)
    const after = await dropdown()
    expect(after.data.map((row) => row.id)).not.toContain(category.id)
    expect(after.pagination.total).toBe(before.pagination.total - 1)
  })

  describe('concurrent writes never leave a link to a deleted record', () => {
    test('a category deleted while a product is being added to it', async () => {
      for (let round = 0; round < 5; round++) {
        const category = await api.category()
        const provider = await api.provider()
        const [deleted, created] = await Promise.all([
          remove(`${PRODUCT_CATEGORIES}/${category.id}`),
          api.post(buildProduct(provider, { productCategoryIds: [category.id] })),
        ])
        // One of the two wins; the other is refused with a 4xx, never a 5xx.
        const outcomes = [deleted.statusCode, created.statusCode].sort()
        expect([
          [201, 409],
          [204, 400],
        ]).toContainEqual(outcomes)
        expect(await danglingLinks(suite.db)).toBe(0)
      }
    })

    if (suite.dialect === 'postgres') {
      test('PostgreSQL: a link added in an open transaction makes the delete wait, then 409', async () => {
        const category = await api.category()
        const product = await api.create(await api.provider())
        const answer = await whileOpen(
          suite,
          (trx) =>
            trx
              .insertInto('productCategoryLinks')
              .values({ productId: product.id, categoryId: category.id })
              .execute(),
          () => remove(`${PRODUCT_CATEGORIES}/${category.id}`),
        )
        expectDetail(answer, 409, 'Category has 1 product')
        expect((await api.get(product.id)).json().productCategories).toHaveLength(1)
      })

      test('PostgreSQL: a product added in an open transaction keeps its provider (409)', async () => {
        const provider = await api.provider()
        const answer = await whileOpen(
          suite,
          async (trx) => {
            const now = Date.now()
            await trx
              .insertInto('products')
              .values({
                serviceProviderId: provider,
                name: 'Late product',
                description: 'Added during the delete',
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
              })
              .execute()
          },
          () => remove(`${PROVIDERS}/${provider}`),
        )
        // Without the lock, the delete would cascade to the product it never counted.
        expectDetail(
          answer,
          409,
          'Service provider has 1 product. Disable it instead, or delete its products first',
        )
        expect((await api.providerList(provider)).json().pagination.total).toBe(1)
      })
    }
  })
})

/** Product links whose category or product no longer exists. */
async function danglingLinks(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from product_category_links l
    where not exists (select 1 from product_categories c where c.id = l.category_id)
       or not exists (select 1 from products p where p.id = l.product_id)`.execute(db)
  return Number(rows[0].n)
}

/**
 * Runs `write` in a transaction left open, starts `request`, waits (by asking PostgreSQL, not
 * the clock) until the request is blocked on a lock that transaction holds, then commits and
 * returns the request's answer.
 */
async function whileOpen<T>(
  suite: DatabaseSuite,
  write: (trx: Transaction<Database>) => Promise<unknown>,
  request: () => Promise<T>,
): Promise<T> {
  let commit = () => {}
  let written = () => {}
  const wrote = new Promise<void>((resolve) => {
    written = resolve
  })
  const open = suite.db.transaction().execute(async (trx) => {
    await write(trx)
    written()
    await new Promise<void>((resolve) => {
      commit = resolve
    })
  })
  await wrote
  const answer = request()
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(suite.db)
    if (Number(rows[0].n) > 0) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  commit()
  await open
  return answer
}
