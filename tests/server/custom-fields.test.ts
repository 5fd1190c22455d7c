import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { EntityName } from '../../server/db/entity-columns'
import { addProperty, copySchemas, type Json } from '../support/schema-copy'
import { describeEachDatabase, uniqueName } from './support/databases'
import { solid } from './support/images'
import { buildProduct, productApi, productUpdateBody } from './support/products'
import { expectDetail } from './support/requests'
import { buildProvider, updateBody } from './support/service-providers'

// Custom fields (issue 11, point 4): a property an analyst adds to an entity's schema with no
// column is validated, stored in the row's attributes, returned by GET under its own name,
// hidden (not lost) while the schema lacks it, and never shown by public-info. Each app here
// runs on its own temporary copy of schemas/.

const NOTE = { type: 'string', title: 'Internal Note', maxLength: 40 }
/** One custom field of every supported type, added to the product schema. */
const PRODUCT_FIELDS: Record<string, Json> = {
  sku: { type: 'string', title: 'SKU', maxLength: 20 },
  weightKg: { type: 'number', title: 'Weight (kg)', minimum: 0 },
  warrantyYears: { type: 'integer', title: 'Warranty (years)', minimum: 0 },
  fragile: { type: 'boolean', title: 'Fragile' },
  launchDate: { type: 'string', title: 'Launch Date', format: 'date' },
  website: { type: 'string', title: 'Website', format: 'uri' },
  supportEmail: { type: 'string', title: 'Support Email', format: 'email' },
  size: { type: 'string', title: 'Size', enum: ['Small', 'Large'] },
}
const PRODUCT_VALUES = {
  sku: 'JR-50',
  weightKg: 12.5,
  warrantyYears: 2,
  fragile: true,
  launchDate: '2026-12-01',
  website: 'https://example.com/jollof',
  supportEmail: 'help@example.com',
  size: 'Large',
}

const ENTITIES: EntityName[] = [
  'service-provider-category',
  'product-category',
  'service-provider',
  'product',
  'product-image',
]

const withFields = copySchemas()
const withoutFields = copySchemas()
/** Where each entity's record (and its custom fields) is stored. */
const TABLES = {
  'service-provider-category': 'serviceProviderCategories',
  'product-category': 'productCategories',
  'service-provider': 'serviceProviders',
  product: 'products',
  'product-image': 'productImages',
} as const satisfies Record<EntityName, string>

for (const entity of ENTITIES) withFields.edit(entity, (doc) => addProperty(doc, 'note', NOTE))
withFields.edit('product', (doc) => {
  for (const [name, schema] of Object.entries(PRODUCT_FIELDS)) addProperty(doc, name, schema)
})
afterAll(() => {
  withFields.remove()
  withoutFields.remove()
})

let png = ''
beforeAll(async () => {
  png = (await solid(40, 30, 'png')).toString('base64')
})

/** Create, read and update one entity through the API, with the extra fields given. */
interface EntityClient {
  create(app: FastifyInstance, extra: Json): Promise<{ id: number; response: Json }>
  url(id: number): string
  updateBody(extra: Json): Json
}

function clients(token: () => string, parents: () => { providerId: number; productId: number }) {
  const headers = () => ({ authorization: `Bearer ${token()}` })
  const category = (path: string, parentField: string): EntityClient => {
    const body = { name: uniqueName('category'), description: 'Custom fields', [parentField]: null }
    return {
      url: (id) => `${path}/${id}`,
      updateBody: (extra) => ({ ...body, ...extra }),
      async create(app, extra) {
        const response = await app.inject({
          method: 'POST',
          url: path,
          headers: headers(),
          payload: { ...body, ...extra },
        })
        return {
          id: response.json().id,
          response: { status: response.statusCode, ...response.json() },
        }
      },
    }
  }
  const provider = buildProvider()
  const product = () => buildProduct(parents().providerId)
  const imagesUrl = () => `/api/products/${parents().productId}/images`
  const post = async (app: FastifyInstance, url: string, payload: Json) => {
    const response = await app.inject({ method: 'POST', url, headers: headers(), payload })
    return { id: response.json().id, response: { status: response.statusCode, ...response.json() } }
  }
  const all: Record<EntityName, EntityClient> = {
    'service-provider-category': category('/api/service-provider-categories', 'parentId'),
    'product-category': category('/api/product-categories', 'parentCategoryId'),
    'service-provider': {
      url: (id) => `/api/service-providers/${id}`,
      updateBody: (extra) => ({ ...updateBody(provider), ...extra }),
      create: (app, extra) => post(app, '/api/service-providers', { ...buildProvider(), ...extra }),
    },
    product: {
      url: (id) => `/api/products/${id}`,
      updateBody: (extra) => ({ ...productUpdateBody(product()), ...extra }),
      create: (app, extra) => post(app, '/api/products', { ...product(), ...extra }),
    },
    'product-image': {
      url: (id) => `${imagesUrl()}/${id}`,
      updateBody: (extra) => ({ imageName: 'Front', ...extra }),
      create: (app, extra) =>
        post(app, imagesUrl(), { image: png, imageName: 'Front', enabled: true, ...extra }),
    },
  }
  return all
}

describeEachDatabase('custom fields', (suite) => {
  let token = ''
  const parents = { providerId: 0, productId: 0 }
  const entities = clients(
    () => token,
    () => parents,
  )
  const app = (dir: string) => suite.makeApp({ schemasDir: dir })
  const get = async (server: FastifyInstance, url: string) => {
    const response = await server.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Json
  }
  const put = (server: FastifyInstance, url: string, payload: Json) =>
    server.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload })

  beforeAll(async () => {
    const server = await app(withFields.dir)
    token = (await suite.loginAsNewOperator(server)).token
    const api = productApi(server, token)
    parents.providerId = await api.provider()
    parents.productId = (await api.create(parents.providerId)).id
    await server.close()
  })

  describe.each(ENTITIES)('%s', (entity) => {
    const client = entities[entity]

    test('is stored, returned by GET and lists, updated and cleared by PUT', async () => {
      const server = await app(withFields.dir)
      const { id, response } = await client.create(server, { note: 'Call first' })
      expect(response.status, JSON.stringify(response)).toBe(201)
      expect(await get(server, client.url(id))).toMatchObject({ id, note: 'Call first' })
      const listUrl = client.url(id).replace(/\/\d+$/, '?pageSize=3000')
      const listed = ((await get(server, listUrl)).data as Json[]).find((row) => row.id === id)
      expect(listed).toMatchObject({ note: 'Call first' })

      const changed = await put(server, client.url(id), client.updateBody({ note: 'Ring twice' }))
      expect(changed.statusCode, changed.body).toBe(200)
      expect(await get(server, client.url(id))).toMatchObject({ note: 'Ring twice' })
      // Emptied in the form, the field is left out of the body: it is cleared.
      expect((await put(server, client.url(id), client.updateBody({}))).statusCode).toBe(200)
      expect(await get(server, client.url(id))).not.toHaveProperty('note')
    })

    test('is validated by the schema on create and update (400 naming the field by its title)', async () => {
      const server = await app(withFields.dir)
      const { response } = await client.create(server, { note: 'x'.repeat(41) })
      expect(response).toEqual({
        status: 400,
        detail: 'Internal Note must NOT have more than 40 characters',
      })
      const { id } = await client.create(server, { note: 'ok' })
      expectDetail(
        await put(server, client.url(id), client.updateBody({ note: 7 })),
        400,
        'Internal Note must be string',
      )
    })

    test('is hidden, not deleted, while the schema lacks it, and shows again', async () => {
      const before = await app(withFields.dir)
      const { id } = await client.create(before, { note: 'Keep me' })
      const without = await app(withoutFields.dir)
      expect(await get(without, client.url(id))).not.toHaveProperty('note')
      // An edit made meanwhile (the form has no such field) keeps the stored value.
      const edited = await put(without, client.url(id), client.updateBody({}))
      expect(edited.statusCode, edited.body).toBe(200)
      expect(edited.json()).not.toHaveProperty('note')
      expect(await get(before, client.url(id))).toMatchObject({ note: 'Keep me' })
    })

    test('a property the schema does not declare is neither stored nor returned', async () => {
      const server = await app(withFields.dir)
      const { id } = await client.create(server, { stray: 'nope', note: 'n' })
      expect(await get(server, client.url(id))).not.toHaveProperty('stray')
      const row = await suite.db
        .selectFrom(TABLES[entity])
        .select('attributes')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const stored =
        typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes
      expect(stored).toEqual({ note: 'n' })
    })
  })

  test('every supported type round-trips and is checked (product)', async () => {
    const server = await app(withFields.dir)
    const { id, response } = await entities.product.create(server, PRODUCT_VALUES)
    expect(response.status, JSON.stringify(response)).toBe(201)
    expect(await get(server, `/api/products/${id}`)).toMatchObject(PRODUCT_VALUES)
    // Each named by its title, as the form names it (issue 27, point 3).
    const bad: Array<[Json, string]> = [
      [{ size: 'Medium' }, 'Size must be equal to one of the allowed values'],
      [{ launchDate: '01/12/2026' }, 'Launch Date must match format "date"'],
      [{ supportEmail: 'nobody' }, 'Support Email must match format "email"'],
      [{ website: 'example' }, 'Website must match format "uri"'],
      [{ warrantyYears: 1.5 }, 'Warranty (years) must be integer'],
      [{ weightKg: -1 }, 'Weight (kg) must be >= 0'],
      [{ fragile: 'yes' }, 'Fragile must be boolean'],
    ]
    for (const [extra, detail] of bad) {
      expectDetail(
        await put(server, `/api/products/${id}`, entities.product.updateBody(extra)),
        400,
        detail,
      )
    }
  })

  test('public info never shows custom fields', async () => {
    const server = await app(withFields.dir)
    const { id } = await entities['service-provider'].create(server, { note: 'Private' })
    const response = await server.inject({
      method: 'GET',
      url: `/api/service-providers/${id}/public-info`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).not.toHaveProperty('note')
    const list = await server.inject({
      method: 'GET',
      url: '/api/service-providers/public-info?pageSize=3000',
    })
    const listed = (list.json().data as Json[]).find((row) => row.id === id)
    expect(listed).toBeDefined()
    expect(listed).not.toHaveProperty('note')
  })
})
