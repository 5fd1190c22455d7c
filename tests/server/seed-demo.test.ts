import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { BLOCK, PER_BLOCK, SEARCH_TERMS } from '../../scripts/seed-demo/words'
import { buildApp } from '../../server/app'
import type { Config } from '../../server/config'
import { createDatabase, type DatabaseHandle } from '../../server/db/connection'
import type { Database } from '../../server/db/types'
import { DEFAULT_SCHEMAS_DIR, loadSchemas } from '../../server/schemas'
import { createBodyValidator } from '../../server/validation'
import { type DatabaseSuite, describeEachDatabase } from './support/databases'
import { PRODUCT_KEYS } from './support/products'
import { type Json, type Query, stringify } from './support/requests'

// `npm run seed:demo` run for real (a child process, as an operator would) against each
// database, then checked through the API: the default demo set with its images, the refusal
// to seed over existing products, a larger set replacing it (--force) and a small --append.

type Tier = keyof typeof PER_BLOCK

const REPO = fileURLToPath(new URL('../../', import.meta.url))

const PRODUCTS = 2000
const PROVIDERS = 200
const PRODUCT_CATEGORIES = 3000
const PROVIDER_CATEGORIES = 200

interface Run {
  code: number
  stdout: string
  stderr: string
}

function seed(config: Config, args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: config.dataDir }
  delete env.DATABASE_URL
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed-demo.ts', ...args],
      { cwd: REPO, env, timeout: 110_000, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

async function seedOk(config: Config, args: string[]): Promise<Run> {
  const run = await seed(config, args)
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0)
  return run
}

/**
 * The database as a server started after the seed sees it. The app keeps list totals per
 * database handle for a few seconds and the seed writes from another process, so each block
 * opens a handle of its own once its seed has run (register after the seed's beforeAll).
 */
function openedAfterSeed(suite: DatabaseSuite): () => Kysely<Database> {
  let handle: DatabaseHandle | undefined
  beforeAll(() => {
    handle = createDatabase(suite.config)
  })
  afterAll(() => handle?.destroy())
  return () => {
    if (!handle) throw new Error('Only inside tests')
    return handle.db
  }
}

const apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

/** A signed-in client for one test's app on `db`. */
async function client(suite: DatabaseSuite, db: Kysely<Database>) {
  const app = await buildApp({ db, config: suite.config, logger: false })
  apps.push(app)
  const operator = await suite.createOperator()
  const token = await suite.login(app, operator.username, operator.password)
  const headers = { authorization: `Bearer ${token}` }
  const api = {
    inject: (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers, payload }),
    async get(url: string, query: Query = {}): Promise<Json> {
      const response = await app.inject({ method: 'GET', url, headers, query: stringify(query) })
      expect(response.statusCode, `${url} ${response.body}`).toBe(200)
      return response.json()
    },
    async total(url: string, query: Query = {}): Promise<number> {
      const body = await api.get(url, { ...query, pageSize: 1 })
      return (body.pagination as { total: number }).total
    },
    async rows(url: string, query: Query = {}): Promise<Json[]> {
      return (await api.get(url, query)).data as Json[]
    },
  }
  return api
}

/** Depth of every category (1 = top level), failing on a parent that does not exist. */
function depths(rows: Json[], parentField: string): Map<number, number> {
  const parent = new Map(rows.map((row) => [row.id as number, row[parentField] as number | null]))
  const depth = new Map<number, number>()
  for (const id of parent.keys()) {
    let d = 1
    for (let at = parent.get(id); at != null; at = parent.get(at)) {
      expect(parent.has(at), `parent ${at} of ${id}`).toBe(true)
      d += 1
    }
    depth.set(id, d)
  }
  return depth
}

/** Ids of the category and all its descendants. */
function subtree(rows: Json[], parentField: string, root: number): number[] {
  const ids = [root]
  for (let i = 0; i < ids.length; i += 1) {
    for (const row of rows) if (row[parentField] === ids[i]) ids.push(row.id as number)
  }
  return ids
}

function expectPricing(product: Json) {
  if (product.pricing === 'Fixed') {
    expect(product.price).toEqual(expect.any(Number))
    expect([product.minPrice, product.maxPrice]).toEqual([null, null])
  } else {
    expect(product.pricing).toBe('Range')
    expect(product.price).toBeNull()
    expect(product.minPrice as number).toBeLessThanOrEqual(product.maxPrice as number)
  }
}

describeEachDatabase('seed:demo', (suite) => {
  const count = async (
    table: 'products' | 'serviceProviders' | 'productImages' | 'providerImages',
  ) => {
    const row = await suite.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  describe('without options: the small demo set', () => {
    beforeAll(async () => {
      await seedOk(suite.config, [])
    })
    const db = openedAfterSeed(suite)

    test('products with categories, a preview and images that GET returns', async () => {
      const api = await client(suite, db())
      const products = await api.rows('/api/products', { pageSize: 100 })
      expect(products.length).toBe(40)
      for (const product of products) {
        expect(Object.keys(product)).toEqual(PRODUCT_KEYS)
        expect((product.productCategories as Json[]).length).toBeGreaterThanOrEqual(1)
        expect(product.previewImageId).toEqual(expect.any(Number))
      }
      for (const product of products.slice(0, 3)) {
        const base = `/api/products/${product.id}/images`
        const images = await api.rows(base)
        expect(images.length).toBeGreaterThanOrEqual(1)
        expect(images.filter((image) => image.isPreview).map((image) => image.id)).toEqual([
          product.previewImageId,
        ])
        const file = await api.inject('GET', `${base}/${product.previewImageId}/image-file`)
        expect(file.statusCode).toBe(200)
        expect(file.headers['content-type']).toBe('image/png')
        expect((await sharp(file.rawPayload).metadata()).width).toBe(960)
        const thumb = await api.inject(
          'GET',
          `${base}/${product.previewImageId}/image-file?size=thumb`,
        )
        expect(thumb.statusCode).toBe(200)
        expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480)
      }
    })

    test('providers with their passport photos and brand logos', async () => {
      const api = await client(suite, db())
      const providers = await api.rows('/api/service-providers', { pageSize: 100 })
      expect(providers.length).toBe(8)
      expect(providers.some((p) => p.hasPassportPhoto && p.hasBrandLogo)).toBe(true)
      for (const provider of providers) {
        expect((provider.serviceProviderCategories as Json[]).length).toBeGreaterThanOrEqual(1)
        for (const [flag, kind] of [
          ['hasPassportPhoto', 'passport-photo'],
          ['hasBrandLogo', 'brand-logo'],
        ]) {
          const image = await api.inject('GET', `/api/service-providers/${provider.id}/${kind}`)
          expect(image.statusCode).toBe(provider[flag] ? 200 : 404)
          if (provider[flag]) expect(image.headers['content-type']).toBe('image/png')
        }
      }
    })

    test('refuses to seed over existing products, changing nothing', async () => {
      const run = await seed(suite.config, ['--providers', '5', '--products', '10'])
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(/already has 40 products/)
      expect(run.stderr).toMatch(/--append/)
      expect(run.stderr).toMatch(/--force/)
      expect(await count('products')).toBe(40)
      expect(await count('serviceProviders')).toBe(8)
    }, 60_000)
  })

  describe('--force with sizes: a larger set replacing the demo', () => {
    beforeAll(async () => {
      const run = await seedOk(suite.config, [
        '--providers',
        String(PROVIDERS),
        '--products',
        String(PRODUCTS),
        '--force',
      ])
      expect(run.stdout).toMatch(
        /--force: deleting \d+ product_images, \d+ product_category_links, 40 products/,
      )
    })
    const db = openedAfterSeed(suite)

    test('exactly the asked counts; the demo rows and images are gone', async () => {
      const api = await client(suite, db())
      expect(await api.total('/api/products')).toBe(PRODUCTS)
      expect(await api.total('/api/service-providers')).toBe(PROVIDERS)
      const categories = await api.rows('/api/product-categories', { pageSize: 3000 })
      expect(categories.length).toBe(PRODUCT_CATEGORIES)
      expect(await api.total('/api/service-provider-categories')).toBe(PROVIDER_CATEGORIES)
      expect(await count('productImages')).toBe(0)
      expect(await count('providerImages')).toBe(0)
      // Ids start again at 1.
      const [first] = await api.rows('/api/products', { pageSize: 1, page: PRODUCTS })
      expect(first.id).toBe(1)
    })

    test('both category trees are three levels deep', async () => {
      const api = await client(suite, db())
      const trees: Array<[string, string]> = [
        ['/api/product-categories', 'parentCategoryId'],
        ['/api/service-provider-categories', 'parentId'],
      ]
      for (const [url, parentField] of trees) {
        const rows = await api.rows(url, { pageSize: 3000 })
        const levels = new Set(depths(rows, parentField).values())
        expect([...levels].sort()).toEqual([1, 2, 3])
      }
    })

    test('every product and provider has 1–3 categories; prices match their pricing', async () => {
      const links = await suite.db
        .selectFrom('productCategoryLinks')
        .select(['productId', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('productId')
        .execute()
      expect(links.length).toBe(PRODUCTS)
      expect(links.every(({ n }) => Number(n) >= 1 && Number(n) <= 3)).toBe(true)
      const providerLinks = await suite.db
        .selectFrom('serviceProviderCategoryLinks')
        .select(['providerId', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('providerId')
        .execute()
      expect(providerLinks.length).toBe(PROVIDERS)
      expect(providerLinks.every(({ n }) => Number(n) >= 1 && Number(n) <= 3)).toBe(true)

      const mix = await suite.db
        .selectFrom('products')
        .select([
          'pricing',
          'enabled',
          sql<number>`case when rating > 0 then 1 else 0 end`.as('rated'),
        ])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .groupBy(['pricing', 'enabled', sql`case when rating > 0 then 1 else 0 end`])
        .execute()
      // Fixed and Range, enabled and not, rated and unrated all occur.
      expect(new Set(mix.map((row) => row.pricing))).toEqual(new Set(['Fixed', 'Range']))
      expect(new Set(mix.map((row) => row.enabled))).toEqual(new Set([0, 1]))
      expect(new Set(mix.map((row) => Number(row.rated)))).toEqual(new Set([0, 1]))

      const api = await client(suite, db())
      for (const product of await api.rows('/api/products', { pageSize: 200, page: 3 })) {
        const categories = product.productCategories as Json[]
        expect(categories.length).toBeGreaterThanOrEqual(1)
        expect(categories.length).toBeLessThanOrEqual(3)
        expectPricing(product)
        expect(product.rating as number).toBeGreaterThanOrEqual(0)
        expect(product.rating as number).toBeLessThanOrEqual(5)
      }
    })

    test('products and providers satisfy their schemas: PUT of what GET answers changes nothing', async () => {
      const api = await client(suite, db())
      const compile = createBodyValidator(loadSchemas(DEFAULT_SCHEMAS_DIR))
      const providerCreate = compile({ $ref: 'service-provider#/definitions/create' })
      for (let id = 1; id <= PRODUCTS; id += 211) {
        const product = await api.get(`/api/products/${id}`)
        expect(Object.keys(product)).toEqual(PRODUCT_KEYS)
        expectPricing(product)
        const { id: _, productCategories, serviceProviderId: __, ...rest } = product
        const {
          serviceProviderBrandName: ___,
          previewImageId: ____,
          price,
          minPrice,
          maxPrice,
          ...fields
        } = rest
        const prices = product.pricing === 'Fixed' ? { price } : { minPrice, maxPrice }
        const body = {
          ...fields,
          ...prices,
          productCategoryIds: (productCategories as Json[]).map((c) => c.id),
        }
        const put = await api.inject('PUT', `/api/products/${id}`, body)
        expect(put.statusCode, put.body).toBe(200)
        expect(put.json()).toEqual(product)
      }
      for (let id = 1; id <= PROVIDERS; id += 23) {
        const provider = await api.get(`/api/service-providers/${id}`)
        const {
          id: _,
          serviceProviderCategories,
          hasPassportPhoto: __,
          hasBrandLogo: ___,
          ...fields
        } = provider
        const categoryIds = (serviceProviderCategories as Json[]).map((c) => c.id)
        const body: Json = { ...fields, serviceProviderCategoryIds: categoryIds }
        expect(providerCreate(structuredClone(body)), JSON.stringify(body)).toBe(true)
        const { email: ____, ...update } = body
        const put = await api.inject('PUT', `/api/service-providers/${id}`, update)
        expect(put.statusCode, put.body).toBe(200)
        expect(put.json()).toEqual(provider)
      }
    })

    test('the documented search terms match their exact share of rows, as a scan does', async () => {
      const api = await client(suite, db())
      const scan = async (table: 'products' | 'serviceProviders', column: string, term: string) => {
        const row = await suite.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(sql.raw(column), 'like', `%${term}%`)
          .executeTakeFirstOrThrow()
        return Number(row.n)
      }
      const fields = [
        ['productName', '/api/products', 'name', 'lower(name)', 'products', PRODUCTS],
        [
          'brandName',
          '/api/service-providers',
          'brandName',
          'lower(brand_name)',
          'serviceProviders',
          PROVIDERS,
        ],
        ['email', '/api/service-providers', 'email', 'email_key', 'serviceProviders', PROVIDERS],
      ] as const
      for (const [field, url, filter, column, table, rows] of fields) {
        for (const [tier, term] of Object.entries(SEARCH_TERMS[field])) {
          const total = await api.total(url, { [filter]: term })
          expect(total, `${filter}=${term}`).toBe(await scan(table, column, term))
          // Exactly the documented share: every 200 rows hold 1, 10 and 50 of them.
          expect(total, `${filter}=${term}`).toBe((rows / BLOCK) * PER_BLOCK[tier as Tier])
          // Upper case finds the same rows.
          expect(await api.total(url, { [filter]: term.toUpperCase() })).toBe(total)
        }
      }
    })

    test('the category filter counts agree with the links, alone and with a name filter', async () => {
      const api = await client(suite, db())
      const rows = await api.rows('/api/product-categories', { pageSize: 3000 })
      const tops = rows.filter((row) => row.parentCategoryId === null)
      const linked = async (categoryIds: number[], term?: string) => {
        let query = suite.db
          .selectFrom('productCategoryLinks as l')
          .innerJoin('products as p', 'p.id', 'l.productId')
          .select((eb) => eb.fn.count<number>('l.productId').distinct().as('n'))
          .where('l.categoryId', 'in', categoryIds)
        if (term) query = query.where(sql`lower(p.name)`, 'like', `%${term}%`)
        return Number((await query.executeTakeFirstOrThrow()).n)
      }
      let sum = 0
      for (const top of tops) {
        const total = await api.total('/api/products', { categoryId: top.id as number })
        expect(total).toBe(await linked(subtree(rows, 'parentCategoryId', top.id as number)))
        sum += total
      }
      // Every product is somewhere in the tree.
      expect(sum).toBeGreaterThanOrEqual(PRODUCTS)
      const top = tops[0].id as number
      const broad = SEARCH_TERMS.productName.broad
      const both = await api.total('/api/products', { categoryId: top, name: broad })
      expect(both).toBe(await linked(subtree(rows, 'parentCategoryId', top), broad))
      expect(both).toBeGreaterThan(0)
      const leaf = rows.find((row) => !rows.some((other) => other.parentCategoryId === row.id))
      const leafId = leaf?.id as number
      expect(await api.total('/api/products', { categoryId: leafId })).toBe(await linked([leafId]))
    })

    test('rows created afterwards get fresh ids', async () => {
      const api = await client(suite, db())
      const provider = await api.inject('POST', '/api/service-providers', {
        firstName: 'After',
        lastName: 'Seed',
        brandName: 'After Seed Ventures',
        email: 'after.seed@example.com',
        phoneNumber: '+234 803 555 0101',
        state: 'Lagos',
        city: 'Ikeja',
        addressLine1: '1 Allen Avenue',
        about: 'Made after the seed.',
      })
      expect(provider.statusCode, provider.body).toBe(201)
      expect(provider.json().id).toBe(PROVIDERS + 1)
      const product = await api.inject('POST', '/api/products', {
        name: 'After Seed Package',
        description: 'Made after the seed.',
        pricing: 'Fixed',
        price: 100,
        serviceProviderId: provider.json().id,
        productCategoryIds: [1],
      })
      expect(product.statusCode, product.body).toBe(201)
      expect(product.json().id).toBe(PRODUCTS + 1)
    })
  })

  describe('--append: more rows beside the existing ones, in the existing categories', () => {
    let before = { products: 0, providers: 0 }

    beforeAll(async () => {
      before = { products: await count('products'), providers: await count('serviceProviders') }
      const sizes = ['--providers', '10', '--products', '100']
      const none = ['--product-categories', '0', '--provider-categories', '0']
      await seedOk(suite.config, [...sizes, ...none, '--append'])
    })
    const db = openedAfterSeed(suite)

    test('adds exactly those rows, linked to existing categories, found by the name filter', async () => {
      const api = await client(suite, db())
      expect(await api.total('/api/products')).toBe(before.products + 100)
      expect(await api.total('/api/service-providers')).toBe(before.providers + 10)
      expect(await api.total('/api/product-categories')).toBe(PRODUCT_CATEGORIES)
      const newest = await api.rows('/api/products', { pageSize: 100 })
      for (const product of newest) {
        expect(product.id as number).toBeGreaterThan(before.products)
        expect((product.serviceProviderId as number) > before.providers).toBe(true)
        const categories = product.productCategories as Json[]
        expect(categories.length).toBeGreaterThanOrEqual(1)
        expect(categories.every((c) => (c.id as number) <= PRODUCT_CATEGORIES)).toBe(true)
      }
      // Text search still sees every row (on SQLite the FTS triggers stayed live this time).
      const term = SEARCH_TERMS.productName.broad
      const scan = await suite.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql`lower(name)`, 'like', `%${term}%`)
        .executeTakeFirstOrThrow()
      expect(await api.total('/api/products', { name: term })).toBe(Number(scan.n))
    })
  })
})
