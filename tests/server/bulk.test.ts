import type { FastifyInstance } from 'fastify'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { addProperty, copySchemas } from '../support/schema-copy'
import { describeEachDatabase, uniqueName } from './support/databases'
import { solid } from './support/images'
import { PRODUCTS, type ProductApi, productApi, productFixture } from './support/products'
import { expectDetail, type Json } from './support/requests'
import { PROVIDERS } from './support/service-providers'

/** Inserts many rows a few hundred at a time (one statement holds only so many values). */
async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500)
    await insert(rows.slice(start, start + 500))
}

// Bulk actions (decision 013) on SQLite and PostgreSQL: one request, one transaction, each
// record under the rules of its single write; refused ones are listed, the others are changed.

/** schemas/ with a custom field on every deletable entity: history must show it for bulk too. */
const withNotes = copySchemas()
const DELETABLE = [
  'service-provider-category',
  'product-category',
  'service-provider',
  'product',
  'product-image',
]
for (const entity of DELETABLE)
  withNotes.edit(entity, (doc) => addProperty(doc, 'note', { type: 'string', maxLength: 40 }))
afterAll(() => withNotes.remove())

/** schemas/ where the analyst made a new custom field required on products and images (issue 27). */
const withRequired = copySchemas()
for (const entity of ['product', 'product-image'])
  withRequired.edit(entity, (doc) =>
    addProperty(doc, 'condition', { type: 'string', enum: ['New', 'Used'] }, true),
  )
afterAll(() => withRequired.remove())

describeEachDatabase('bulk actions', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  let providerId: number

  beforeEach(async () => {
    ;({ app, api, tag, providerId } = await productFixture(suite, 'bulk'))
  })

  const bulk = (path: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `${path}/bulk`,
      headers: api.headers,
      payload: payload as Json,
    })
  const make = async (label: string, enabled = true) =>
    (await api.create(providerId, { name: `${tag} ${label}`, enabled })).id
  const enabledOf = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await api.get(id)).json().enabled))
  const total = async (query: Json) =>
    (await api.list({ name: tag, ...query } as never)).json().pagination.total

  describe('products', () => {
    test('disable by ids: every one changes, and cached totals follow at once', async () => {
      const ids = [await make('a'), await make('b'), await make('c')]
      expect(await total({ enabled: false })).toBe(0) // now cached

      const response = await bulk(PRODUCTS, { action: 'disable', ids: ids.slice(0, 2) })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({ done: ids.slice(0, 2), refused: [] })
      expect(await enabledOf(ids)).toEqual([false, false, true])
      expect(await total({ enabled: false })).toBe(2)
      expect(await total({ enabled: true })).toBe(1)
    })

    test('a missing id is refused with the single write’s text; the others still change', async () => {
      const id = await make('a', false)
      const response = await bulk(PRODUCTS, { action: 'enable', ids: [id, 2147483647] })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({
        done: [id],
        refused: [{ id: 2147483647, detail: 'Product not found' }],
      })
      expect(await enabledOf([id])).toEqual([true])
    })

    test('a record already in the asked state is done, and repeated ids count once', async () => {
      const id = await make('a')
      const response = await bulk(PRODUCTS, { action: 'enable', ids: [id, id] })
      expect(response.json()).toEqual({ done: [id], refused: [] })
    })

    test('all matching the filters: exactly the list’s rows', async () => {
      const kept = await make('kept')
      const ids = [await make('match one'), await make('match two')]
      const otherProvider = await api.provider()
      await api.create(otherProvider, { name: `${tag} match elsewhere` })

      const response = await bulk(PRODUCTS, {
        action: 'disable',
        filter: { name: `${tag} match`, serviceProviderId: String(providerId) },
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({ done: ids, refused: [] })
      expect(await enabledOf([kept, ...ids])).toEqual([true, false, false])
      expect(await total({ enabled: true })).toBe(2)
    })

    test('a filter matching nothing changes nothing', async () => {
      const response = await bulk(PRODUCTS, { action: 'disable', filter: { name: `${tag} none` } })
      expect(response.json()).toEqual({ done: [], refused: [] })
    })

    test.each<[string, unknown, string]>([
      ['no ids nor filter', { action: 'enable' }, 'Send either ids or filter, not both'],
      ['both', { action: 'enable', ids: [1], filter: {} }, 'Send either ids or filter, not both'],
      [
        'an unknown action',
        { action: 'explode', ids: [1] },
        'action must be one of enable, disable, delete',
      ],
      ['no action', { ids: [1] }, 'action is required'],
      ['an empty id list', { action: 'enable', ids: [] }, 'ids must name at least one id'],
      ['a zero id', { action: 'enable', ids: [0] }, 'ids.0 must be a positive whole number'],
      ['a text id', { action: 'enable', ids: ['7'] }, 'ids.0 must be a positive whole number'],
      [
        'too many ids',
        { action: 'enable', ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
        'ids must name at most 1000 ids',
      ],
      [
        'a bad filter value',
        { action: 'enable', filter: { enabled: 'yes' } },
        'filter.enabled must be true or false',
      ],
      [
        'a bad price bound',
        { action: 'enable', filter: { minPrice: '1.234' } },
        'filter.minPrice must be an amount in naira with at most two decimals',
      ],
      [
        'a filter that is not an object',
        { action: 'enable', filter: 'x' },
        'filter must be an object of the list filters',
      ],
    ])('%s is 400 {detail} and changes nothing', async (_name, payload, detail) => {
      const id = await make('a')
      expectDetail(await bulk(PRODUCTS, payload), 400, detail)
      expect(await enabledOf([id])).toEqual([true])
    })
  })

  describe('service providers', () => {
    test('enable and disable by ids and by filter', async () => {
      const a = await api.providers.create({ brandName: `${tag} Alpha` })
      const b = await api.providers.create({ brandName: `${tag} Beta` })
      const enabled = async () =>
        Promise.all(
          [a.id, b.id].map(async (id) => (await api.providers.get(id)).json().enabled as boolean),
        )
      const byIds = await bulk(PROVIDERS, { action: 'disable', ids: [a.id, b.id] })
      expect(byIds.json()).toEqual({ done: [a.id, b.id], refused: [] })
      expect(await enabled()).toEqual([false, false])

      const byFilter = await bulk(PROVIDERS, {
        action: 'enable',
        filter: { brandName: `${tag} Be`, enabled: 'false' },
      })
      expect(byFilter.json()).toEqual({ done: [b.id], refused: [] })
      expect(await enabled()).toEqual([false, true])
    })

    test('delete: a provider with products is kept with the 409 text, the others go', async () => {
      await make('held')
      const free = await api.providers.create({ brandName: `${tag} Free` })
      const response = await bulk(PROVIDERS, { action: 'delete', ids: [providerId, free.id] })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({
        done: [free.id],
        refused: [
          {
            id: providerId,
            detail: expect.stringMatching(/^Service provider has \d+ products?\. Disable it/),
          },
        ],
      })
      expect((await api.providers.get(free.id)).statusCode).toBe(404)
      expect((await api.providers.get(providerId)).statusCode).toBe(200)
    })
  })

  describe('categories', () => {
    const CATEGORIES = '/api/product-categories'
    test('a category chosen with its subcategory goes; one still assigned is kept', async () => {
      const parent = await api.category(`${tag} Parent`)
      const child = await api.category(`${tag} Child`, parent.id)
      const used = await api.category(`${tag} Used`)
      await api.create(providerId, { name: `${tag} user`, productCategoryIds: [used.id] })

      const response = await bulk(CATEGORIES, {
        action: 'delete',
        filter: { name: tag },
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({
        done: [child.id, parent.id],
        refused: [{ id: used.id, detail: 'Category has 1 product' }],
      })
      const names = (
        await app.inject({
          method: 'GET',
          url: CATEGORIES,
          headers: api.headers,
          query: { name: tag },
        })
      ).json().data
      expect(names.map((row: Json) => row.id)).toEqual([used.id])
    })

    test('categories offer only delete', async () => {
      expectDetail(
        await bulk(CATEGORIES, { action: 'disable', ids: [1] }),
        400,
        'action must be one of delete',
      )
    })
  })

  describe('history', () => {
    const historyOf = (entity: string, ids: number[]) =>
      suite.db
        .selectFrom('history')
        .select(['entityId', 'action', 'partId', 'operatorId', 'changes'])
        .where('entity', '=', entity)
        .where('entityId', 'in', ids)
        .orderBy('id')
        .execute()

    test('each changed record gets its entry in the same write; unchanged and missing none', async () => {
      const changed = await make('changed')
      const already = await make('already', false)
      const before = await historyOf('product', [changed, already])
      await bulk(PRODUCTS, { action: 'disable', ids: [changed, already, 2147483647] })
      const entries = (await historyOf('product', [changed, already])).slice(before.length)
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({ entityId: changed, action: 'update', partId: null })
      expect(JSON.parse(String(entries[0].changes))).toEqual({
        enabled: { before: true, after: false },
      })
    })

    test('a deleted product leaves its fields as they were', async () => {
      const id = await make('gone')
      await bulk(PRODUCTS, { action: 'delete', ids: [id] })
      expect((await api.get(id)).statusCode).toBe(404)
      const [entry] = (await historyOf('product', [id])).filter((row) => row.action === 'delete')
      const changes = JSON.parse(String(entry.changes))
      expect(changes.name).toEqual({ before: `${tag} gone`, after: null })
      expect(changes.enabled).toEqual({ before: true, after: null })
    })
  })

  describe('a product’s images', () => {
    let productId: number
    const images = (product: number | string) => `${PRODUCTS}/${product}/images`
    const addImage = async (product: number) => {
      const image = (await solid(8, 8, 'png')).toString('base64')
      const response = await app.inject({
        method: 'POST',
        url: images(product),
        headers: api.headers,
        payload: { image, imageName: 'Side', imageDescription: null, enabled: true },
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().id as number
    }
    const listed = async (product: number) =>
      (await app.inject({ method: 'GET', url: images(product), headers: api.headers })).json()
        .data as Json[]

    beforeEach(async () => {
      productId = await make('pictured')
    })

    test('disable by filter, then delete by ids: the preview is cleared with its image', async () => {
      const [first, second] = [await addImage(productId), await addImage(productId)]
      await app.inject({
        method: 'POST',
        url: `${images(productId)}/${first}/make-preview-image`,
        headers: api.headers,
      })
      const disabled = await bulk(images(productId), {
        action: 'disable',
        filter: { enabled: 'true' },
      })
      expect(disabled.json()).toEqual({ done: [first, second], refused: [] })
      expect((await listed(productId)).map((image) => image.enabled)).toEqual([false, false])

      const deleted = await bulk(images(productId), { action: 'delete', ids: [first] })
      expect(deleted.json()).toEqual({ done: [first], refused: [] })
      expect((await listed(productId)).map((image) => image.id)).toEqual([second])
      expect((await api.get(productId)).json().previewImageId).toBeNull()
    })

    test('an image of another product is refused as not found, and stays', async () => {
      const other = await make('other')
      const foreign = await addImage(other)
      const response = await bulk(images(productId), { action: 'delete', ids: [foreign] })
      expect(response.json()).toEqual({
        done: [],
        refused: [{ id: foreign, detail: 'Product image not found' }],
      })
      expect(await listed(other)).toHaveLength(1)
    })

    test('under a missing product the route is 404', async () => {
      expectDetail(
        await bulk(images(2147483647), { action: 'disable', ids: [1] }),
        404,
        'Product not found',
      )
    })
  })

  describe('the same history as the single DELETE', () => {
    /** An app whose forms carry a custom `note`, and a client signed in to it. */
    const noted = async () => {
      const server = await suite.makeApp({ schemasDir: withNotes.dir })
      const { token } = await suite.loginAsNewOperator(server)
      return { server, client: productApi(server, token) }
    }
    /** The entries of `entity` `entityId` with `action`, without what differs between twins. */
    const entries = async (entity: string, entityId: number, action: string) => {
      const rows = await suite.db
        .selectFrom('history')
        .select(['partId', 'changes'])
        .where('entity', '=', entity)
        .where('entityId', '=', entityId)
        .where('action', '=', action)
        .orderBy('id')
        .execute()
      return rows.map((row) => ({ partId: row.partId, changes: JSON.parse(String(row.changes)) }))
    }

    test('a product deleted in bulk leaves the entry its DELETE leaves, custom fields included', async () => {
      const { server, client } = await noted()
      const provider = await client.provider()
      const [single, inBulk] = [
        (await client.create(provider, { name: `${tag} twin`, note: 'Kept' } as never)).id,
        (await client.create(provider, { name: `${tag} twin`, note: 'Kept' } as never)).id,
      ]
      const deleted = await server.inject({
        method: 'DELETE',
        url: `${PRODUCTS}/${single}`,
        headers: client.headers,
      })
      expect(deleted.statusCode, deleted.body).toBe(204)
      const response = await server.inject({
        method: 'POST',
        url: `${PRODUCTS}/bulk`,
        headers: client.headers,
        payload: { action: 'delete', ids: [inBulk] },
      })
      expect(response.json()).toEqual({ done: [inBulk], refused: [] })

      const [bySingle] = await entries('product', single, 'delete')
      const [byBulk] = await entries('product', inBulk, 'delete')
      expect(bySingle.changes.note).toEqual({ before: 'Kept', after: null })
      const { id: _single, ...singleChanges } = bySingle.changes
      const { id: _bulk, ...bulkChanges } = byBulk.changes
      expect(bulkChanges).toEqual(singleChanges)
    })

    /** A delete's `changes` for a record GET showed as `shown`: every field it showed, gone. */
    const deletedAsShown = (shown: Json, ...omitted: string[]) =>
      Object.fromEntries(
        Object.entries(shown)
          .filter(([name, value]) => !['id', ...omitted].includes(name) && value !== null)
          .map(([name, value]) => [name, { before: value, after: null }]),
      )

    /** Makes a record of a collection with the custom `note`; answers its id. */
    type Maker = (client: ProductApi, server: FastifyInstance) => Promise<number>
    const category =
      (path: string, parentField: string): Maker =>
      async (client, server) => {
        const response = await server.inject({
          method: 'POST',
          url: path,
          headers: client.headers,
          payload: {
            name: uniqueName(tag),
            description: 'Twin',
            [parentField]: null,
            note: 'Kept',
          },
        })
        expect(response.statusCode, response.body).toBe(201)
        return response.json().id as number
      }
    const collections: Array<[string, string, Maker]> = [
      [
        'service-provider-category',
        '/api/service-provider-categories',
        category('/api/service-provider-categories', 'parentId'),
      ],
      [
        'product-category',
        '/api/product-categories',
        category('/api/product-categories', 'parentCategoryId'),
      ],
      [
        'service-provider',
        PROVIDERS,
        async (client) => (await client.providers.create({ note: 'Kept' } as never)).id,
      ],
      [
        'product',
        PRODUCTS,
        async (client) => {
          const category = await client.category()
          const fields = { note: 'Kept', productCategoryIds: [category.id] }
          return (await client.create(await client.provider(), fields as never)).id
        },
      ],
    ]

    test.each(collections)(
      '%s: DELETE and bulk delete both record the record exactly as GET showed it',
      async (entity, path, make) => {
        const { server, client } = await noted()
        const [single, inBulk] = [await make(client, server), await make(client, server)]
        const shown = async (id: number) => {
          const response = await server.inject({ url: `${path}/${id}`, headers: client.headers })
          expect(response.statusCode, response.body).toBe(200)
          return response.json() as Json
        }
        const [singleShown, bulkShown] = [await shown(single), await shown(inBulk)]
        expect(singleShown.note).toBe('Kept')

        const deleted = await server.inject({
          method: 'DELETE',
          url: `${path}/${single}`,
          headers: client.headers,
        })
        expect(deleted.statusCode, deleted.body).toBe(204)
        const response = await server.inject({
          method: 'POST',
          url: `${path}/bulk`,
          headers: client.headers,
          payload: { action: 'delete', ids: [inBulk] },
        })
        expect(response.json()).toEqual({ done: [inBulk], refused: [] })

        const entry = async (id: number) => {
          const rows = await suite.db
            .selectFrom('history')
            .select(['action', 'partId', 'operatorId', 'changes'])
            .where('entity', '=', entity)
            .where('entityId', '=', id)
            .where('action', '=', 'delete')
            .execute()
          expect(rows).toHaveLength(1)
          return { ...rows[0], changes: JSON.parse(String(rows[0].changes)) }
        }
        const [bySingle, byBulk] = [await entry(single), await entry(inBulk)]
        expect(bySingle.changes).toEqual(deletedAsShown(singleShown))
        expect(byBulk.changes).toEqual(deletedAsShown(bulkShown))
        expect(byBulk.changes.note).toEqual({ before: 'Kept', after: null })
        const { changes: _single, ...singleRest } = bySingle
        const { changes: _bulk, ...bulkRest } = byBulk
        expect(bulkRest).toEqual(singleRest)
      },
    )

    test('an image deleted in bulk leaves the entry its DELETE leaves, custom fields included', async () => {
      const { server, client } = await noted()
      const product = (await client.create(await client.provider())).id
      const image = (await solid(8, 8, 'png')).toString('base64')
      const add = async () => {
        const response = await server.inject({
          method: 'POST',
          url: `${PRODUCTS}/${product}/images`,
          headers: client.headers,
          payload: {
            image,
            imageName: 'Side',
            imageDescription: null,
            enabled: true,
            note: 'Kept',
          },
        })
        expect(response.statusCode, response.body).toBe(201)
        return response.json().id as number
      }
      const [single, inBulk] = [await add(), await add()]
      const url = `${PRODUCTS}/${product}/images`
      const shown = async (id: number) =>
        (await server.inject({ url: `${url}/${id}`, headers: client.headers })).json() as Json
      const [singleShown, bulkShown] = [await shown(single), await shown(inBulk)]
      const deleted = await server.inject({
        method: 'DELETE',
        url: `${url}/${single}`,
        headers: client.headers,
      })
      expect(deleted.statusCode, deleted.body).toBe(200)
      const response = await server.inject({
        method: 'POST',
        url: `${url}/bulk`,
        headers: client.headers,
        payload: { action: 'delete', ids: [inBulk] },
      })
      expect(response.json()).toEqual({ done: [inBulk], refused: [] })

      const [bySingle, byBulk] = await entries('product', product, 'image-delete')
      expect(bySingle.partId).toBe(single)
      expect(byBulk.partId).toBe(inBulk)
      expect(bySingle.changes.note).toEqual({ before: 'Kept', after: null })
      expect(byBulk.changes).toEqual(bySingle.changes)
      // The image as its GET showed it (its ids are the entry's own: entity and partId).
      expect(bySingle.changes).toEqual(deletedAsShown(singleShown, 'productId'))
      expect(byBulk.changes).toEqual(deletedAsShown(bulkShown, 'productId'))
    })
  })

  describe('a required custom field the record lacks (issue 27)', () => {
    /** An app over the edited schemas, and a client signed in to it. */
    const requiring = async () => {
      const server = await suite.makeApp({ schemasDir: withRequired.dir })
      const { token } = await suite.loginAsNewOperator(server)
      return { server, client: productApi(server, token) }
    }

    test('Enable and Disable refuse it with the PUT’s text; a record that has it changes', async () => {
      const lacking = await make('lacking')
      const { server, client } = await requiring()
      const having = (
        await client.create(providerId, { name: `${tag} having`, condition: 'New' } as never)
      ).id
      const already = await make('already', false)
      const post = (action: string, ids: number[]) =>
        server.inject({
          method: 'POST',
          url: `${PRODUCTS}/bulk`,
          headers: client.headers,
          payload: { action, ids },
        })

      const disabled = await post('disable', [lacking, having, already])
      expect(disabled.statusCode, disabled.body).toBe(200)
      // Already disabled: nothing to write, so nothing to ask.
      expect(disabled.json()).toEqual({
        done: [having, already],
        refused: [{ id: lacking, detail: 'condition is required' }],
      })
      expect(await enabledOf([lacking, having, already])).toEqual([true, false, false])
      // The single edit says the same.
      const { name, description, pricing, price, estimatedDeliveryDays } = (
        await api.get(lacking)
      ).json()
      const body = { name, description, pricing, price, estimatedDeliveryDays, enabled: false }
      expectDetail(await client.put(lacking, body), 400, 'condition is required')

      // Still enabled, `lacking` is already as asked; `already` would change, so it is asked.
      const enabled = await post('enable', [already, lacking])
      expect(enabled.json()).toEqual({
        done: [lacking],
        refused: [{ id: already, detail: 'condition is required' }],
      })
      // Given the field, its next bulk edit goes through.
      const edited = await client.put(lacking, { ...body, condition: 'Used' })
      expect(edited.statusCode, edited.body).toBe(200)
      expect((await post('enable', [lacking])).json()).toEqual({ done: [lacking], refused: [] })
    })

    test('a product’s images: Disable refuses the image that lacks it', async () => {
      const productId = await make('pictured')
      const image = (await solid(8, 8, 'png')).toString('base64')
      const add = async (server: FastifyInstance, headers: Json, extra: Json = {}) => {
        const response = await server.inject({
          method: 'POST',
          url: `${PRODUCTS}/${productId}/images`,
          headers: headers as Record<string, string>,
          payload: { image, imageName: 'Side', imageDescription: null, enabled: true, ...extra },
        })
        expect(response.statusCode, response.body).toBe(201)
        return response.json().id as number
      }
      const lacking = await add(app, api.headers)
      const { server, client } = await requiring()
      const having = await add(server, client.headers, { condition: 'Used' })
      const response = await server.inject({
        method: 'POST',
        url: `${PRODUCTS}/${productId}/images/bulk`,
        headers: client.headers,
        payload: { action: 'disable', ids: [lacking, having] },
      })
      expect(response.json()).toEqual({
        done: [having],
        refused: [{ id: lacking, detail: 'condition is required' }],
      })
    })
  })

  test('more than 10000 matching records are refused whole: narrow the filters', async () => {
    const now = Date.now()
    const rows = Array.from({ length: 10_001 }, (_, i) => ({
      firstName: 'Bulk',
      lastName: 'Limit',
      brandName: `${tag} many ${i}`,
      email: `${tag}-${i}@example.com`,
      emailKey: `${tag}-${i}@example.com`,
      phoneNumber: '+2348000000000',
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '1 Road',
      addressLine2: null,
      about: 'Many',
      enabled: 1,
      createdAt: now,
      updatedAt: now,
    }))
    await inBatches(rows, (batch) =>
      suite.db.insertInto('serviceProviders').values(batch).execute(),
    )
    expectDetail(
      await bulk(PROVIDERS, { action: 'disable', filter: { brandName: `${tag} many` } }),
      400,
      'More than 10000 records match the filters: narrow them first',
    )
    const stillEnabled = await suite.db
      .selectFrom('serviceProviders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('brandName', 'like', `${tag} many%`)
      .where('enabled', '=', 1)
      .executeTakeFirstOrThrow()
    expect(Number(stillEnabled.n)).toBe(10_001)
  })

  test('a delete of all matching reaches at most 1000 records', async () => {
    const now = Date.now()
    const rows = Array.from({ length: 1_001 }, (_, i) => ({
      name: `${tag} crowd ${i}`,
      description: 'Many',
      parentId: null,
      createdAt: now,
      updatedAt: now,
    }))
    await inBatches(rows, (batch) =>
      suite.db.insertInto('productCategories').values(batch).execute(),
    )
    const crowd = { action: 'delete', filter: { name: `${tag} crowd` } }
    expectDetail(
      await bulk('/api/product-categories', crowd),
      400,
      'More than 1000 records match the filters: narrow them first',
    )
    await suite.db.deleteFrom('productCategories').where('name', '=', `${tag} crowd 0`).execute()
    const response = await bulk('/api/product-categories', crowd)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().done).toHaveLength(1_000)
    // A thousand records each move to the trash through the single DELETE's own steps: about
    // 10 s on PostgreSQL on two busy cores, so more than the suite's default 30 s per test.
  }, 120_000)
})
