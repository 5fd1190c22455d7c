import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { beforeEach, describe, expect, test } from 'vitest'
import { COLLECT, isNarrow, readPage } from '../../server/lists/list-engine'
import { productSorts, sortRequest } from '../../server/lists/sorts'
import { type ProductFilter, productList } from '../../server/products/product-queries'
import { describeEachDatabase, uniqueName } from './support/databases'
import {
  buildProduct,
  insertCopies,
  PRODUCT_KEYS,
  PRODUCTS,
  type ProductApi,
  type ProductBody,
  productFixture,
  productUpdateBody,
} from './support/products'
import { expectNarrowAfterWrites } from './support/query-log'
import { queryPlan } from './support/query-plan'
import { expectDetail, type Json } from './support/requests'

// Products on SQLite and on PostgreSQL. The file shares one database, so each test tags its
// product names (`uniqueName`) and lists through a name filter on that tag.

const NOT_FOUND = 'Product not found'

describeEachDatabase('product API', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  let providerId: number

  beforeEach(async () => {
    ;({ app, api, tag, providerId } = await productFixture(suite, 'tag'))
  })

  const namesOf = (rows: Json[]) => rows.map((row) => row.name)
  /** Creates a product named `${tag} ${label}`. */
  const make = async (label: string, overrides: Partial<ProductBody> = {}) =>
    api.create(providerId, { name: `${tag} ${label}`, ...overrides })
  const storedMoney = (id: number) =>
    suite.db
      .selectFrom('products')
      .select(['priceKobo', 'minPriceKobo', 'maxPriceKobo'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  describe('create, read, update', () => {
    test('a round trip returns every field, categories by name, unrated, no preview', async () => {
      const rice = await api.category(`${tag} Rice`)
      const catering = await api.category(`${tag} Catering`)
      const brandName = (await api.providers.get(providerId)).json().brandName
      const body = buildProduct(providerId, {
        name: `${tag} Jollof`,
        productCategoryIds: [rice.id, catering.id],
      })
      const created = await api.post(body)
      expect(created.statusCode).toBe(201)
      expect(Object.keys(created.json())).toEqual(['id'])
      const id = created.json().id as number

      const response = await api.get(id)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        id,
        name: `${tag} Jollof`,
        description: 'Party jollof rice with chicken, delivered warm.',
        pricing: 'Fixed',
        price: 12500,
        minPrice: null,
        maxPrice: null,
        productCategories: [catering, rice],
        serviceProviderId: providerId,
        serviceProviderBrandName: brandName,
        estimatedDeliveryDays: 2,
        enabled: true,
        rating: 0,
        noOfRatings: 0,
        previewImageId: null,
      })
      expect(Object.keys(response.json())).toEqual(PRODUCT_KEYS)
    })

    test('defaults: enabled, no categories, one day; text is trimmed', async () => {
      const {
        enabled: _,
        productCategoryIds: __,
        estimatedDeliveryDays: ___,
        ...body
      } = buildProduct(providerId, { name: `  ${tag} Plain `, description: '\tJust rice.\n' })
      const created = await api.post(body)
      expect(created.statusCode, created.body).toBe(201)
      expect((await api.get(created.json().id)).json()).toMatchObject({
        name: `${tag} Plain`,
        description: 'Just rice.',
        enabled: true,
        productCategories: [],
        estimatedDeliveryDays: 1,
        rating: 0,
        noOfRatings: 0,
        previewImageId: null,
      })
    })

    test('pricing is accepted in any case and stored as Fixed or Range', async () => {
      for (const spelled of ['range', 'RANGE', 'Range', ' rAnGe ']) {
        const { id } = await make(`R ${spelled}`, {
          pricing: spelled,
          price: undefined,
          minPrice: 1000,
          maxPrice: 5000,
        })
        expect((await api.get(id)).json()).toMatchObject({
          pricing: 'Range',
          price: null,
          minPrice: 1000,
          maxPrice: 5000,
        })
      }
      for (const spelled of ['fixed', 'FIXED']) {
        const { id } = await make(`F ${spelled}`, { pricing: spelled, price: 750 })
        expect((await api.get(id)).json()).toMatchObject({ pricing: 'Fixed', price: 750 })
      }
      // A PUT accepts it too.
      const { id, body } = await make('Switch')
      const switched = await api.put(id, {
        ...productUpdateBody(body),
        pricing: 'range',
        minPrice: 1,
        maxPrice: 2,
      })
      expect(switched.statusCode, switched.body).toBe(200)
      expect(switched.json()).toMatchObject({ pricing: 'Range', minPrice: 1, maxPrice: 2 })
    })

    test('only the prices of the chosen pricing are stored', async () => {
      const fixed = await make('Fixed', { price: 300, minPrice: 100, maxPrice: 900 })
      expect((await api.get(fixed.id)).json()).toMatchObject({
        price: 300,
        minPrice: null,
        maxPrice: null,
      })
      expect(await storedMoney(fixed.id)).toEqual({
        priceKobo: 30000,
        minPriceKobo: null,
        maxPriceKobo: null,
      })
      const range = await make('Range', {
        pricing: 'Range',
        price: 300,
        minPrice: 100,
        maxPrice: 900,
      })
      expect((await api.get(range.id)).json()).toMatchObject({
        price: null,
        minPrice: 100,
        maxPrice: 900,
      })
      // Clients that send the other pricing's fields as null are fine.
      const nulls = await make('Nulls', { pricing: 'Range', price: null, minPrice: 5, maxPrice: 5 })
      expect((await api.get(nulls.id)).json()).toMatchObject({
        price: null,
        minPrice: 5,
        maxPrice: 5,
      })
    })

    test('money is exact: kobo in, the same kobo out, stored as whole kobo', async () => {
      const { id, body } = await make('Kobo', { price: 0.1 })
      expect((await api.get(id)).json().price).toBe(0.1)
      const put = await api.put(id, { ...productUpdateBody(body), price: 0.3 })
      expect(put.json().price).toBe(0.3)
      expect((await api.get(id)).json().price).toBe(0.3)
      expect(await storedMoney(id)).toMatchObject({ priceKobo: 30 })

      // 0.1 + 0.2 computed in a client is 0.30000000000000004: it means 30 kobo.
      await api.put(id, { ...productUpdateBody(body), price: 0.1 + 0.2 })
      expect((await api.get(id)).json().price).toBe(0.3)

      for (const [min, max] of [
        [0.1, 0.2],
        [0.29, 0.3],
        [1234567.89, 9876543.21],
        [0, 1000000000000],
      ]) {
        const range = await make(`Range ${min}`, {
          pricing: 'Range',
          price: undefined,
          minPrice: min,
          maxPrice: max,
        })
        expect((await api.get(range.id)).json()).toMatchObject({ minPrice: min, maxPrice: max })
        expect(await storedMoney(range.id)).toEqual({
          priceKobo: null,
          minPriceKobo: Math.round(min * 100),
          maxPriceKobo: Math.round(max * 100),
        })
      }
    })

    test('PUT replaces every field but the provider, and sets the rating', async () => {
      const [a, b, c] = [await api.category(), await api.category(), await api.category()]
      const otherProvider = await api.provider()
      const { id, body } = await make('Before', { productCategoryIds: [a.id, b.id] })
      const changes = {
        ...productUpdateBody(body),
        name: `${tag} After`,
        description: 'Now with plantain.',
        pricing: 'Range',
        minPrice: 10000,
        maxPrice: 20000.5,
        estimatedDeliveryDays: 7,
        enabled: false,
        productCategoryIds: [c.id],
        rating: 4.35,
        noOfRatings: 12,
        // Never applied.
        serviceProviderId: otherProvider,
      }
      const updated = await api.put(id, changes)
      expect(updated.statusCode, updated.body).toBe(200)
      const expected = {
        id,
        name: `${tag} After`,
        description: 'Now with plantain.',
        pricing: 'Range',
        price: null,
        minPrice: 10000,
        maxPrice: 20000.5,
        productCategories: [c],
        serviceProviderId: providerId,
        serviceProviderBrandName: (await api.providers.get(providerId)).json().brandName,
        estimatedDeliveryDays: 7,
        enabled: false,
        rating: 4.35,
        noOfRatings: 12,
        previewImageId: null,
      }
      expect(updated.json()).toEqual(expected)
      expect(Object.keys(updated.json())).toEqual(PRODUCT_KEYS)
      expect((await api.get(id)).json()).toEqual(expected)

      // Omitted: rating and count stay; categories become none; enabled and days get defaults.
      const {
        rating: _,
        noOfRatings: __,
        productCategoryIds: ___,
        enabled: ____,
        estimatedDeliveryDays: _____,
        ...bare
      } = changes
      const again = await api.put(id, { ...bare, pricing: 'Fixed', price: 99 })
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toMatchObject({
        rating: 4.35,
        noOfRatings: 12,
        productCategories: [],
        enabled: true,
        estimatedDeliveryDays: 1,
        pricing: 'Fixed',
        price: 99,
        minPrice: null,
        maxPrice: null,
      })
    })

    test('HTML and SQL in text fields are stored and returned literally', async () => {
      const html = '<img src=x onerror=alert(1)>'
      const sqlText = "'); DROP TABLE products; --"
      const { id } = await make(sqlText, { description: html })
      expect((await api.get(id)).json()).toMatchObject({
        description: html,
        name: `${tag} ${sqlText}`,
      })
      expect(namesOf(await api.rows({ name: `${tag} '); drop` }))).toEqual([`${tag} ${sqlText}`])
    })
  })

  describe('invalid bodies', () => {
    const without = (body: object, ...keys: string[]): Json => {
      const copy: Json = { ...body }
      for (const key of keys) delete copy[key]
      return copy
    }

    test.each<[string, Json, string | RegExp]>([
      ['a missing name', { name: undefined }, 'name is required'],
      ['a blank name', { name: '   ' }, 'name must not be blank'],
      ['a blank description', { description: ' \n' }, 'description must not be blank'],
      ['Fixed without a price', { price: undefined }, 'price is required'],
      ['Fixed with a null price', { price: null }, 'price must be number'],
      ['a negative price', { price: -0.01 }, 'price must be >= 0'],
      ['a third decimal', { price: 0.333 }, 'price must be multiple of 0.01'],
      ['a price as text', { price: '12' }, 'price must be number'],
      [
        'Range without a minimum',
        { pricing: 'Range', price: undefined, maxPrice: 10 },
        'minPrice is required',
      ],
      [
        'Range without a maximum',
        { pricing: 'range', price: undefined, minPrice: 10 },
        'maxPrice is required',
      ],
      [
        'Range with min above max',
        { pricing: 'Range', price: undefined, minPrice: 10.01, maxPrice: 10 },
        // Both fields by their titles, the bound in naira, as the form says it (issue 30).
        'Min Price must be at most Max Price (₦10.00)',
      ],
      [
        'a negative minimum',
        { pricing: 'Range', minPrice: -1, maxPrice: 10 },
        'minPrice must be >= 0',
      ],
      [
        'an unknown pricing',
        { pricing: 'Barter' },
        'pricing must be equal to one of the allowed values',
      ],
      ['a numeric pricing', { pricing: 1 }, 'pricing must be string'],
      ['zero delivery days', { estimatedDeliveryDays: 0 }, 'estimatedDeliveryDays must be >= 1'],
      [
        'fractional delivery days',
        { estimatedDeliveryDays: 1.5 },
        'estimatedDeliveryDays must be integer',
      ],
      ['a string for enabled', { enabled: 'yes' }, 'enabled must be boolean'],
      ['a repeated category', { productCategoryIds: [1, 1] }, /^productCategoryIds/],
      ['a string category id', { productCategoryIds: ['1'] }, /^productCategoryIds/],
    ])('%s is 400 naming the field, on create and on update', async (_, change, detail) => {
      const withChange = (body: object): Json => {
        const changed: Json = { ...body, ...change }
        for (const key of Object.keys(change)) if (change[key] === undefined) delete changed[key]
        return changed
      }
      const check = (response: Awaited<ReturnType<typeof api.post>>) => {
        expect(response.statusCode, response.body).toBe(400)
        if (typeof detail === 'string') expect(response.json()).toEqual({ detail })
        else expect(response.json().detail).toMatch(detail)
      }
      check(await api.post(withChange(buildProduct(providerId, { name: `${tag} Bad` }))))
      expect(await api.rows({ name: `${tag} Bad` })).toEqual([])

      const { id, body } = await make('Good')
      check(await api.put(id, withChange(productUpdateBody(body))))
      expect((await api.get(id)).json()).toMatchObject({ name: `${tag} Good`, price: 12500 })
    })

    test('the rating is 0 to 5 and its count a whole number ≥ 0 (PUT only)', async () => {
      const { id, body } = await make('Rated')
      const update = productUpdateBody(body)
      for (const [change, detail] of [
        [{ rating: 5.01 }, 'rating must be <= 5'],
        [{ rating: -0.1 }, 'rating must be >= 0'],
        [{ rating: '4' }, 'rating must be number'],
        [{ noOfRatings: -1 }, 'noOfRatings must be >= 0'],
        [{ noOfRatings: 2.5 }, 'noOfRatings must be integer'],
      ] as const) {
        expectDetail(await api.put(id, { ...update, ...change }), 400, detail)
      }
      const ok = await api.put(id, { ...update, rating: 5, noOfRatings: 0 })
      expect(ok.json()).toMatchObject({ rating: 5, noOfRatings: 0 })
      // Create ignores a rating: new products are unrated.
      const created = await make('New', { rating: 5, noOfRatings: 9 })
      expect((await api.get(created.id)).json()).toMatchObject({ rating: 0, noOfRatings: 0 })
    })

    test('the provider must exist and is required on create', async () => {
      expectDetail(
        await api.post(buildProduct(2147483000, { name: `${tag} Orphan` })),
        400,
        'serviceProviderId 2147483000 is not an existing service provider',
      )
      expectDetail(
        await api.post(without(buildProduct(providerId), 'serviceProviderId')),
        400,
        'serviceProviderId is required',
      )
      expectDetail(await api.post(buildProduct(0)), 400, 'serviceProviderId must be >= 1')
      expect(await api.rows({ name: `${tag} Orphan` })).toEqual([])
    })

    test('unknown category ids are 400 naming the field; a failed update changes nothing', async () => {
      const real = await api.category()
      expectDetail(
        await api.post(
          buildProduct(providerId, {
            name: `${tag} Ghost`,
            productCategoryIds: [real.id, 2147483000],
          }),
        ),
        400,
        'productCategoryIds 2147483000 is not an existing product category',
      )
      expect(await api.rows({ name: tag })).toEqual([])

      const { id, body } = await make('Kept', { productCategoryIds: [real.id] })
      expectDetail(
        await api.put(id, {
          ...productUpdateBody(body),
          name: `${tag} Changed`,
          productCategoryIds: [2147483000, 2147483001],
        }),
        400,
        'productCategoryIds 2147483000, 2147483001 are not existing product categories',
      )
      expect((await api.get(id)).json()).toMatchObject({
        name: `${tag} Kept`,
        productCategories: [real],
      })
    })

    test('service provider category ids are not product categories', async () => {
      const foreign = 2_000_000_000 + Math.floor(Math.random() * 100_000_000)
      const now = Date.now()
      await suite.db
        .insertInto('serviceProviderCategories')
        .values({
          id: foreign,
          name: 'x',
          description: 'x',
          parentId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      expectDetail(
        await api.post(buildProduct(providerId, { productCategoryIds: [foreign] })),
        400,
        `productCategoryIds ${foreign} is not an existing product category`,
      )
    })

    test('the database itself refuses prices that do not fit the pricing', async () => {
      const { id } = await make('Guarded')
      const now = Date.now()
      const row = {
        serviceProviderId: providerId,
        name: `${tag} Raw`,
        description: 'x',
        estimatedDeliveryDays: 1,
        enabled: 1,
        rating: 0,
        noOfRatings: 0,
        previewImageId: null,
        createdAt: now,
        updatedAt: now,
      }
      for (const prices of [
        { pricing: 'Fixed' as const, priceKobo: null, minPriceKobo: null, maxPriceKobo: null },
        { pricing: 'Fixed' as const, priceKobo: 10, minPriceKobo: 5, maxPriceKobo: 20 },
        { pricing: 'Range' as const, priceKobo: null, minPriceKobo: 30, maxPriceKobo: 20 },
        { pricing: 'Range' as const, priceKobo: 10, minPriceKobo: 5, maxPriceKobo: 20 },
        { pricing: 'Fixed' as const, priceKobo: -1, minPriceKobo: null, maxPriceKobo: null },
      ]) {
        await expect(
          suite.db
            .insertInto('products')
            .values({ ...row, ...prices })
            .execute(),
        ).rejects.toThrow()
      }
      await expect(
        suite.db.updateTable('products').set({ rating: 5.5 }).where('id', '=', id).execute(),
      ).rejects.toThrow()
    })
  })

  describe('missing products', () => {
    test.each([
      ['an id that does not exist', '2147483000'],
      ['a non-numeric id', 'abc'],
      ['zero', '0'],
      ['a negative id', '-1'],
      ['an id beyond the integer range', '99999999999999'],
    ])('GET and PUT with %s are 404', async (_, id) => {
      expectDetail(await api.get(id), 404, NOT_FOUND)
      expectDetail(await api.put(id, productUpdateBody(buildProduct(providerId))), 404, NOT_FOUND)
    })
  })

  describe('authentication', () => {
    test('every product route is 401 without a token or with a wrong one', async () => {
      const { id, body } = await make('Locked')
      const calls = [
        { method: 'GET' as const, url: PRODUCTS },
        { method: 'GET' as const, url: `${PRODUCTS}/${id}` },
        { method: 'POST' as const, url: PRODUCTS, payload: buildProduct(providerId) },
        { method: 'PUT' as const, url: `${PRODUCTS}/${id}`, payload: productUpdateBody(body) },
        { method: 'GET' as const, url: `/api/service-providers/${providerId}/products` },
      ]
      for (const call of calls) {
        const anonymous = await app.inject(call)
        expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401)
        expect(Object.keys(anonymous.json())).toEqual(['detail'])
        const wrong = await app.inject({ ...call, headers: { authorization: 'Bearer nope' } })
        expect(wrong.statusCode, `${call.method} ${call.url}`).toBe(401)
      }
      expect(await api.rows({ name: tag })).toHaveLength(1)
    })
  })

  describe('list filters', () => {
    test('newest first; each row is the full product with its own categories', async () => {
      const a = await api.category(`${tag} A`)
      const b = await api.category(`${tag} B`)
      const first = await make('One', { productCategoryIds: [a.id] })
      const second = await make('Two')
      const third = await make('Three', { productCategoryIds: [b.id, a.id] })
      const rows = await api.rows({ name: tag })
      expect(rows.map((row) => row.id)).toEqual([third.id, second.id, first.id])
      expect(rows[0]).toEqual((await api.get(third.id)).json())
      expect(rows.map((row) => row.productCategories)).toEqual([[a, b], [], [a]])
    })

    test('name is a case-insensitive substring match, beyond ASCII, % and _ literal', async () => {
      await make('Àmàlà 100% Combo')
      await make('Amala 1000 combo')
      await make('a_b Suya')
      await make('axb Suya')
      expect(namesOf(await api.rows({ name: `${tag} àMÀLÀ` }))).toEqual([`${tag} Àmàlà 100% Combo`])
      const percent = namesOf(await api.rows({ name: '0% COMBO', pageSize: 3000 }))
      expect(percent).toContain(`${tag} Àmàlà 100% Combo`)
      expect(percent).not.toContain(`${tag} Amala 1000 combo`)
      expect(namesOf(await api.rows({ name: `${tag} A_B` }))).toEqual([`${tag} a_b Suya`])
      expect(await api.rows({ name: `${tag}-absent` })).toEqual([])
    })

    test('enabled=true|false, omitted lists both, anything else is 400', async () => {
      await make('On')
      await make('Off', { enabled: false })
      expect(namesOf(await api.rows({ name: tag, enabled: true }))).toEqual([`${tag} On`])
      expect(namesOf(await api.rows({ name: tag, enabled: false }))).toEqual([`${tag} Off`])
      expect(namesOf(await api.rows({ name: tag }))).toEqual([`${tag} Off`, `${tag} On`])
      expectDetail(await api.list({ enabled: 'yes' }), 400, 'enabled must be true or false')
    })

    test('categoryId includes every descendant of the category, each product once', async () => {
      const food = await api.category(`${tag} Food`)
      const rice = await api.category(`${tag} Rice`, food.id)
      const jollof = await api.category(`${tag} Jollof`, rice.id)
      const drinks = await api.category(`${tag} Drinks`)
      await make('Grandchild', { productCategoryIds: [jollof.id] })
      await make('Child', { productCategoryIds: [rice.id] })
      await make('Top', { productCategoryIds: [food.id] })
      // In the tree twice, listed once.
      await make('Twice', { productCategoryIds: [food.id, jollof.id, drinks.id] })
      await make('Drink', { productCategoryIds: [drinks.id] })
      await make('None')

      const byCategory = async (categoryId: number) =>
        namesOf(await api.rows({ name: tag, categoryId }))
      expect(await byCategory(food.id)).toEqual([
        `${tag} Twice`,
        `${tag} Top`,
        `${tag} Child`,
        `${tag} Grandchild`,
      ])
      expect(await byCategory(rice.id)).toEqual([
        `${tag} Twice`,
        `${tag} Child`,
        `${tag} Grandchild`,
      ])
      expect(await byCategory(jollof.id)).toEqual([`${tag} Twice`, `${tag} Grandchild`])
      expect(await byCategory(drinks.id)).toEqual([`${tag} Drink`, `${tag} Twice`])
      const total = (await api.list({ name: tag, categoryId: food.id })).json().pagination.total
      expect(total).toBe(4)
      // A category alone is counted from its links: the product linked twice counts once.
      const alone = async (categoryId: number) =>
        (await api.list({ categoryId })).json().pagination.total
      expect([await alone(food.id), await alone(jollof.id), await alone(drinks.id)]).toEqual([
        4, 2, 2,
      ])
      expect(await api.rows({ categoryId: 2147483000 })).toEqual([])
      expectDetail(
        await api.list({ categoryId: 'abc' }),
        400,
        'categoryId must be a positive whole number',
      )
    })

    test('a category moved under another is found through its new ancestors', async () => {
      const old = await api.category()
      const fresh = await api.category()
      const child = await api.category(uniqueName('child'), old.id)
      await make('Moved', { productCategoryIds: [child.id] })
      expect(namesOf(await api.rows({ name: tag, categoryId: old.id }))).toEqual([`${tag} Moved`])
      const moved = await app.inject({
        method: 'PUT',
        url: `/api/product-categories/${child.id}`,
        headers: api.headers,
        payload: { name: child.name, description: 'x', parentCategoryId: fresh.id },
      })
      expect(moved.statusCode).toBe(200)
      expect(await api.rows({ name: tag, categoryId: old.id })).toEqual([])
      expect(namesOf(await api.rows({ name: tag, categoryId: fresh.id }))).toEqual([`${tag} Moved`])
    })

    describe('price bounds', () => {
      const range = (minPrice: number, maxPrice: number): Partial<ProductBody> => ({
        pricing: 'Range',
        price: undefined,
        minPrice,
        maxPrice,
      })

      beforeEach(async () => {
        await make('F100', { price: 100 })
        await make('F200', { price: 200 })
        await make('F300', { price: 300 })
        await make('R50-150', range(50, 150))
        await make('R250-400', range(250, 400))
        await make('R500-600', range(500, 600))
      })

      const priced = async (query: Record<string, number | string>) =>
        namesOf(await api.rows({ name: tag, ...query }))
          .map((name) => String(name).slice(tag.length + 1))
          .sort()

      test.each<[string, Record<string, number | string>, string[]]>([
        ['equal bounds: a Fixed price on them', { minPrice: 200, maxPrice: 200 }, ['F200']],
        ['equal bounds inside a range', { minPrice: 550, maxPrice: 550 }, ['R500-600']],
        [
          'ranges touching either bound',
          { minPrice: 150, maxPrice: 250 },
          ['F200', 'R250-400', 'R50-150'],
        ],
        ['open upper bound', { minPrice: 300 }, ['F300', 'R250-400', 'R500-600']],
        ['open lower bound', { maxPrice: 100 }, ['F100', 'R50-150']],
        ['open lower bound below every price', { maxPrice: 49.99 }, []],
        [
          'bounds around everything',
          { minPrice: 0, maxPrice: 1000 },
          ['F100', 'F200', 'F300', 'R250-400', 'R50-150', 'R500-600'],
        ],
        ['bounds inside one range only', { minPrice: 520, maxPrice: 530 }, ['R500-600']],
        ['a gap between ranges and prices', { minPrice: 160, maxPrice: 190 }, []],
        ['a kobo above a Fixed price', { minPrice: 100.01, maxPrice: 150 }, ['R50-150']],
        ['a kobo below a range', { minPrice: 400.01, maxPrice: 499.99 }, []],
        ['trailing zeros', { minPrice: '300.00', maxPrice: '300.0' }, ['F300', 'R250-400']],
        ['min above max', { minPrice: 300, maxPrice: 200 }, []],
      ])('%s', async (_, query, expected) => {
        expect(await priced(query)).toEqual(expected)
      })

      test.each([
        ['minPrice', 'abc'],
        ['minPrice', '-5'],
        ['maxPrice', '0.333'],
        ['maxPrice', '1e3'],
        ['minPrice', '1000000000000.01'],
      ])('%s=%s is 400 naming it', async (name, value) => {
        const response = await api.list({ [name]: value })
        expect(response.statusCode).toBe(400)
        expect(response.json().detail).toMatch(new RegExp(`^${name} must be`))
      })
    })

    test('rating bounds are inclusive; invalid ones are 400', async () => {
      for (const [label, rating] of [
        ['zero', 0],
        ['mid', 2.5],
        ['good', 4.5],
        ['top', 5],
      ] as const) {
        const { id, body } = await make(label)
        const put = await api.put(id, { ...productUpdateBody(body), rating, noOfRatings: 3 })
        expect(put.statusCode, put.body).toBe(200)
      }
      const rated = async (query: Record<string, number>) =>
        namesOf(await api.rows({ name: tag, ...query }))
      expect(await rated({ minRating: 2.5 })).toEqual([`${tag} top`, `${tag} good`, `${tag} mid`])
      expect(await rated({ maxRating: 4.5 })).toEqual([`${tag} good`, `${tag} mid`, `${tag} zero`])
      expect(await rated({ minRating: 2.5, maxRating: 2.5 })).toEqual([`${tag} mid`])
      expect(await rated({ minRating: 4.6 })).toEqual([`${tag} top`])
      expect(await rated({ maxRating: 0 })).toEqual([`${tag} zero`])
      for (const [name, value] of [
        ['minRating', 'x'],
        ['maxRating', '6'],
        ['minRating', '-1'],
      ]) {
        expectDetail(await api.list({ [name]: value }), 400, `${name} must be a number from 0 to 5`)
      }
    })

    test('filters combine', async () => {
      const category = await api.category()
      await make('Match', { productCategoryIds: [category.id], price: 500 })
      await make('Disabled', { enabled: false, productCategoryIds: [category.id], price: 500 })
      await make('Dear', { productCategoryIds: [category.id], price: 5000 })
      await make('Other', { price: 500 })
      const rows = await api.rows({
        name: tag,
        enabled: true,
        categoryId: category.id,
        minPrice: 100,
        maxPrice: 1000,
        minRating: 0,
        maxRating: 5,
      })
      expect(namesOf(rows)).toEqual([`${tag} Match`])
    })

    test('a narrow filter pages through its matches in every sort; writes show at once', async () => {
      // Copies of one product straight into the database make the tag rare, so its pages come
      // from its list of matches (isNarrow); the creates through the API come after them.
      await insertCopies(
        suite.db,
        (await api.create(providerId, { name: uniqueName('filler') })).id,
        400,
      )
      const prices = [500, 700, 300, 700, 1200, 700, 900]
      const made: Array<{ id: number; price: number }> = []
      for (const [n, price] of prices.entries()) {
        made.push({ id: (await make(`N${n}`, { price })).id, price })
      }
      const { n: everything } = await suite.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(isNarrow(made.length, Number(everything))).toBe(true)

      const walk = async (query: Record<string, string | number>) => {
        const ids: unknown[] = []
        for (let page = 1; ; page += 1) {
          const body = (await api.list({ name: tag, pageSize: 3, page, ...query })).json()
          expect(body.pagination.total).toBe(made.length)
          if (body.data.length === 0) return ids
          ids.push(...body.data.map((product: Json) => product.id))
        }
      }
      const byPrice = (sign: number) =>
        [...made].sort((a, b) => sign * (a.price - b.price || a.id - b.id)).map((p) => p.id)
      const newest = made.map((p) => p.id).reverse()
      expect(await walk({})).toEqual(newest)
      expect(await walk({ sort: 'id', order: 'asc' })).toEqual([...newest].reverse())
      expect(await walk({ sort: 'price', order: 'asc' })).toEqual(byPrice(1))
      expect(await walk({ sort: 'price', order: 'desc' })).toEqual(byPrice(-1))

      // A rename through the API leaves the matches at once; a create joins them at once.
      const renamed = made.splice(2, 1)[0]
      const put = await api.put(renamed.id, { ...buildProduct(providerId), price: 300 })
      expect(put.statusCode, put.body).toBe(200)
      made.push({ id: (await make('Late', { price: 100 })).id, price: 100 })
      expect(await walk({ sort: 'price', order: 'asc' })).toEqual(byPrice(1))

      // The first page's newest row deleted behind the server: that page would come short of its
      // total, so both are read again, and so are the pages after it.
      const gone = made.pop() as { id: number }
      await suite.db.deleteFrom('products').where('id', '=', gone.id).execute()
      expect(await walk({})).toEqual(made.map((p) => p.id).reverse())
    })

    test('a filter narrow when last seen is listed after a write without counting it first, until it outgrows the list', async () => {
      await insertCopies(
        suite.db,
        (await api.create(providerId, { name: uniqueName('filler') })).id,
        400,
      )
      const made = [(await make('A')).id, (await make('B')).id, (await make('C')).id]
      const sort = sortRequest({}, productSorts, 'newest')
      const read = (db: typeof suite.db) =>
        readPage(db, productList, { name: tag }, { page: 1, pageSize: 2 }, sort)
      await expectNarrowAfterWrites(suite.db, made, read, (copies) =>
        insertCopies(suite.db, made[0], copies),
      )
    })

    test('pages: page and pageSize, a page past the end is empty', async () => {
      for (const n of [1, 2, 3, 4, 5]) await make(`P${n}`)
      const first = (await api.list({ name: tag, pageSize: 2 })).json()
      expect(namesOf(first.data)).toEqual([`${tag} P5`, `${tag} P4`])
      expect(first.pagination).toEqual({
        page: 1,
        pageSize: 2,
        total: 5,
        totalExact: true,
        totalPages: 3,
        hasPrev: false,
        hasNext: true,
      })
      const last = (await api.list({ name: tag, pageSize: 2, page: 3 })).json()
      expect(namesOf(last.data)).toEqual([`${tag} P1`])
      expect(last.pagination).toMatchObject({ page: 3, hasPrev: true, hasNext: false })
      const past = (await api.list({ name: tag, pageSize: 2, page: 9 })).json()
      expect(past.data).toEqual([])
      expect(past.pagination).toMatchObject({ total: 5, hasNext: false })
      const byDefault = (await api.list({ name: tag })).json()
      expect(byDefault.pagination).toMatchObject({ page: 1, pageSize: 30, total: 5 })
      expectDetail(await api.list({ page: '0' }), 400, 'page must be a positive whole number')
    })
  })

  describe("a provider's products", () => {
    test('lists only that provider’s products, with name, enabled and pages', async () => {
      const other = await api.provider()
      const category = await api.category()
      const a = await make('Mine A', { productCategoryIds: [category.id] })
      await make('Mine B', { enabled: false })
      await make('Mine C')
      await api.create(other, { name: `${tag} Theirs` })

      const response = await api.providerList(providerId)
      expect(response.statusCode).toBe(200)
      const { data, pagination } = response.json()
      expect(namesOf(data)).toEqual([`${tag} Mine C`, `${tag} Mine B`, `${tag} Mine A`])
      expect(pagination).toEqual({
        page: 1,
        pageSize: 30,
        total: 3,
        totalExact: true,
        totalPages: 1,
        hasPrev: false,
        hasNext: false,
      })
      expect(data[2]).toEqual((await api.get(a.id)).json())

      const list = async (query: Record<string, string | number | boolean>) =>
        namesOf((await api.providerList(providerId, query)).json().data)
      expect(await list({ enabled: false })).toEqual([`${tag} Mine B`])
      expect(await list({ enabled: true })).toEqual([`${tag} Mine C`, `${tag} Mine A`])
      expect(await list({ name: 'mine a' })).toEqual([`${tag} Mine A`])
      expect(await list({ name: 'theirs' })).toEqual([])
      const paged = (await api.providerList(providerId, { pageSize: 2, page: 2 })).json()
      expect(namesOf(paged.data)).toEqual([`${tag} Mine A`])
      expect(paged.pagination).toMatchObject({ total: 3, totalPages: 2, hasPrev: true })
      expectDetail(
        await api.providerList(providerId, { enabled: 'maybe' }),
        400,
        'enabled must be true or false',
      )
    })

    test('takes the products list’s filters, the provider fixed by the path', async () => {
      const other = await api.provider()
      const food = await api.category(`${tag} Food`)
      const rice = await api.category(`${tag} Rice`, food.id)
      await make('Ofada Rice', { productCategoryIds: [rice.id], price: 12_000 })
      await make('Honey Beans', {
        productCategoryIds: [food.id],
        pricing: 'Range',
        price: null,
        minPrice: 4_000,
        maxPrice: 9_000,
      })
      const rated = await make('Zobo Drink', { price: 1_500 })
      await make('Old Rice', { productCategoryIds: [rice.id], enabled: false, price: 20_000 })
      // Another provider's product matches every filter below but is never listed.
      await api.create(other, { name: `${tag} Their Rice`, productCategoryIds: [rice.id] })
      const put = await api.put(rated.id, { ...productUpdateBody(rated.body), rating: 4.5 })
      expect(put.statusCode, put.body).toBe(200)

      const list = async (query: Record<string, string | number | boolean>) => {
        const response = await api.providerList(providerId, query)
        expect(response.statusCode, response.body).toBe(200)
        return namesOf(response.json().data)
      }
      const [ofada, beans, zobo, old] = ['Ofada Rice', 'Honey Beans', 'Zobo Drink', 'Old Rice'].map(
        (label) => `${tag} ${label}`,
      )
      // The category includes its descendants.
      expect(await list({ categoryId: food.id })).toEqual([old, beans, ofada])
      expect(await list({ categoryId: rice.id, enabled: true })).toEqual([ofada])
      // A Range product matches when its range overlaps the bounds.
      expect(await list({ minPrice: 8_000, maxPrice: 15_000 })).toEqual([beans, ofada])
      expect(await list({ maxPrice: 1_500 })).toEqual([zobo])
      expect(await list({ minRating: 4 })).toEqual([zobo])
      expect(await list({ maxRating: 1 })).toEqual([old, beans, ofada])
      expect(await list({ name: 'RICE' })).toEqual([old, ofada])
      expect(await list({ name: 'ri', categoryId: food.id, minPrice: 10_000 })).toEqual([
        old,
        ofada,
      ])
      expect(await list({ name: 'rice', sort: 'price', order: 'desc' })).toEqual([old, ofada])
      const counted = (await api.providerList(providerId, { categoryId: rice.id })).json()
      expect(counted.pagination).toMatchObject({ total: 2, totalPages: 1 })
      // The export takes them too.
      const csv = await app.inject({
        method: 'GET',
        url: `/api/service-providers/${providerId}/products/export?categoryId=${rice.id}&enabled=true`,
        headers: api.headers,
      })
      expect(csv.statusCode, csv.body).toBe(200)
      expect(csv.body).toContain(ofada)
      expect(csv.body).not.toContain(old)
      expect(csv.body).not.toContain('Their Rice')

      expectDetail(
        await api.providerList(providerId, { minPrice: 'cheap' }),
        400,
        'minPrice must be an amount in naira with at most two decimals',
      )
      // The provider is the path's: the bulk filter's serviceProviderId is not a list filter.
      expectDetail(
        await api.providerList(providerId, { serviceProviderId: other }),
        400,
        'serviceProviderId is not a filter of this list',
      )
    })

    test('its pages and counts are found through the provider’s index, whatever the filters', async () => {
      const category = await api.category()
      const filter: ProductFilter = {
        serviceProviderId: providerId,
        categoryId: category.id,
        name: 'ofada rice',
        enabled: true,
        minPriceKobo: 100,
        maxPriceKobo: 900_000,
        minRating: 1,
        maxRating: 5,
      }
      for (const lookups of [COLLECT, { text: 'scan', links: 'scan' } as const]) {
        const { query, newestFirst } = productList.filter(suite.db, filter, [category.id], lookups)
        const page = query.select('p.id').orderBy(sql.ref(newestFirst), 'desc').limit(30)
        const count = query.select((eb) => eb.fn.countAll().as('n'))
        for (const compiled of [page.compile(), count.compile()]) {
          const plan = await queryPlan(suite.db, suite.dialect, compiled)
          expect(plan).toContain('products_provider_idx')
          // Neither the whole table, nor every match of the name or the category, is read.
          if (suite.dialect === 'sqlite') expect(plan).not.toMatch(/SCAN p\b|SCAN f\b|TEMP B-TREE/)
        }
      }
    })

    test('a provider without products lists nothing; a missing provider is 404', async () => {
      const empty = await api.providerList(await api.provider())
      expect(empty.statusCode).toBe(200)
      expect(empty.json()).toEqual({
        data: [],
        pagination: {
          page: 1,
          pageSize: 30,
          total: 0,
          totalExact: true,
          totalPages: 1,
          hasPrev: false,
          hasNext: false,
        },
      })
      for (const id of ['2147483000', 'abc', '0']) {
        expectDetail(await api.providerList(id), 404, 'Service provider not found')
      }
    })
  })
})
