import fc from 'fast-check'
import Fastify, {
  type FastifyInstance,
  type LightMyRequestResponse,
  type RouteOptions,
} from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { BODY_LIMIT, buildApp } from '../../server/app'
import { ROLES } from '../../server/auth/rights'
import { issueSession } from '../../server/auth/sessions'
import { frameworkErrors, isApiPath } from '../../server/errors'
import { IMAGE_BODY_LIMIT } from '../../server/images/image-upload'
import { describeEachDatabase, TEST_SCRYPT_COST, type TestOperator } from './support/databases'
import {
  type AuthChoice,
  authHeader,
  contentType,
  csvBody,
  extraHeaders,
  fuzzBody,
  imageText,
  pathSegment,
  queryString,
  type SampleImages,
  strayBody,
  TOKEN,
} from './support/fuzz-inputs'
import { type WriteCounts, watchWrites } from './support/fuzz-state'
import { bombPng, solid } from './support/images'
import { buildProduct, productApi } from './support/products'
import { expectDetail } from './support/requests'

// Property-based tests of every API route, on SQLite and PostgreSQL: random and hostile path
// ids, query strings, headers, content types and bodies. Whatever arrives, the answer is a 2xx
// (the input happened to be valid) or a 4xx with a JSON `{detail}` free of internals, never a
// 5xx; a rejected request (and any GET) writes nothing to any table; protected routes answer
// 401 exactly when the token is not the live one; nothing pollutes Object.prototype.
// fast-check prints the seed and the shrunk failing request; FUZZ_SEED=<n> replays or varies it.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const RUNS = 200
/** The second pass, with a viewer's token: fewer runs, since it only proves nothing is written. */
const VIEWER_RUNS = 50
// Generous: a run takes a few seconds, but the machine may be shared.
const TIMEOUT_MS = 120_000

interface Fixtures {
  token: string
  operator: TestOperator
  /** A viewer with the same password as `operator`, for the second pass. */
  viewer: TestOperator
  viewerToken: string
  /** A pending invite (accepted by the first valid request). */
  inviteToken: string
  providerCategories: number[]
  productCategories: number[]
  providers: number[]
  images: SampleImages
}

type Model = Record<string, fc.Arbitrary<unknown>>

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  public?: true
  /** The query parameters the route reads. */
  query?: string[]
  /** The fields of a plausible body, for routes that read one. */
  body?: (f: Fixtures) => Model
  /** Fields the body should not carry, tried too (an email on PUT, a rating on create). */
  extra?: string[]
  /** An image upload route: its body limit is 12 MiB. */
  upload?: true
  /** A CSV import: random files with these header titles (and an unknown one). */
  csv?: string[]
}

const text = (maxLength = 30) =>
  fc.string({ unit: 'grapheme', minLength: 1, maxLength }).filter((s) => s.trim() !== '')
const money = fc.integer({ min: 0, max: 100_000_000 }).map((kobo) => kobo / 100)
const idOrNull = (ids: number[]) => fc.oneof(fc.constant(null), fc.constantFrom(...ids))

const category = (parentField: string, ids: (f: Fixtures) => number[]) => (f: Fixtures) => ({
  name: text(),
  description: text(),
  [parentField]: idOrNull(ids(f)),
})

const provider = (f: Fixtures): Model => ({
  firstName: text(),
  lastName: text(),
  brandName: text(),
  phoneNumber: fc.constantFrom('+234 803 555 0101', '08035550101', '(01) 234-5678'),
  state: text(),
  city: text(),
  addressLine1: text(),
  addressLine2: fc.option(text(), { nil: null }),
  about: text(200),
  enabled: fc.boolean(),
  serviceProviderCategoryIds: fc.subarray(f.providerCategories),
})

const product = (f: Fixtures): Model => ({
  name: text(),
  description: text(),
  pricing: fc.constantFrom('Fixed', 'Range', 'range', 'FIXED'),
  price: money,
  minPrice: money,
  maxPrice: money,
  estimatedDeliveryDays: fc.integer({ min: 1, max: 30 }),
  enabled: fc.boolean(),
  productCategoryIds: fc.subarray(f.productCategories),
})

/** The products list's filters, a provider's products' too. */
const PRODUCT_FILTERS = [
  'categoryId',
  'name',
  'enabled',
  'minPrice',
  'maxPrice',
  'minRating',
  'maxRating',
]

const productImage = (): Model => ({
  imageName: text(),
  imageDescription: fc.option(text(), { nil: null }),
  enabled: fc.boolean(),
})

/** A bulk action on a few small ids (decision 013); `filter` beside them must be refused. */
const bulk = (actions: string[]) => (): Model => ({
  action: fc.constantFrom(...actions),
  ids: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 }),
})

function categoryRoutes(path: string, parentField: string, ids: (f: Fixtures) => number[]) {
  const body = category(parentField, ids)
  const filters = path.includes('product') ? ['description'] : []
  return [
    { method: 'GET', url: path, query: ['name', parentField, ...filters] },
    { method: 'GET', url: `${path}/export`, query: ['name', parentField, ...filters] },
    { method: 'GET', url: `${path}/search`, query: ['q', 'ids', 'exclude', 'limit'] },
    { method: 'POST', url: path, body },
    { method: 'GET', url: `${path}/:id` },
    { method: 'PUT', url: `${path}/:id`, body },
    { method: 'GET', url: `${path}/:id/history` },
  ] satisfies Endpoint[]
}

function providerImageRoutes(kind: string, field: string): Endpoint[] {
  const url = `/api/service-providers/:id/${kind}`
  return [
    { method: 'POST', url, upload: true, body: (f) => ({ [field]: imageText(f.images) }) },
    { method: 'GET', url },
    { method: 'DELETE', url },
  ]
}

const PRODUCT_COLUMNS = [
  'ID',
  'Name',
  'Description',
  'Pricing Type',
  'Price (₦)',
  'Min Price (₦)',
  'Max Price (₦)',
  'Categories',
  'Service Provider ID',
  'Enabled',
  'Rating',
]
const PROVIDER_COLUMNS = [
  'ID',
  'First Name',
  'Last Name',
  'Brand Name',
  'Email',
  'Phone Number',
  'State',
  'City',
  'Address Line 1',
  'About',
  'Service Categories',
  'Enabled',
]
const CATEGORY_COLUMNS = ['ID', 'Name', 'Description', 'Parent ID', 'Parent Category ID', 'Created']

/** The import of a list (issue 29): dry runs, skipping invalid rows, or for real. */
const importRoute = (path: string, csv: string[]): Endpoint => ({
  method: 'POST',
  url: `${path}/import`,
  query: ['dryRun', 'skipInvalid'],
  csv,
})

/** Routes that answer an endless stream: a fuzzed request would never end. Their refusals (no
 * token, a revoked session) and their events are tested in events.test.ts. */
const STREAMS = ['GET /api/events']

const LOGIN = '/api/auth/login'
const TWO_FACTOR = '/api/me/two-factor'
/** Six digits, a recovery code's shape, or any text. */
const totpCode = fc.oneof(
  fc.stringMatching(/^\d{6}$/),
  fc.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/),
  text(70),
)
const LOGOUT = '/api/auth/logout'
const role = fc.constantFrom(...ROLES, 'owner', '')
const IMAGE = '/api/products/:id/images/:imageId'

const COLLECTIONS = [
  '/api/service-provider-categories',
  '/api/product-categories',
  '/api/service-providers',
  '/api/products',
]

// Deletions come after the reads of the same records, so the reads still find something.
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: '/api/health', public: true },
  { method: 'GET', url: '/api/health/live', public: true },
  { method: 'GET', url: '/api/openapi.json', public: true },
  { method: 'GET', url: '/api/docs', public: true },
  { method: 'GET', url: '/api/docs/docs.js', public: true },
  {
    method: 'POST',
    url: LOGIN,
    public: true,
    // Mostly the fixture operator (a cheap hash): an unknown username costs a full scrypt.
    body: (f) => ({
      username: fc.oneof(
        { weight: 19, arbitrary: fc.constant(f.operator.username) },
        { weight: 1, arbitrary: fc.constant('nobody') },
      ),
      password: fc.constantFrom(f.operator.password, 'wrong password'),
      // The fixture operator has no second factor: a code is ignored.
      code: totpCode,
    }),
  },
  { method: 'POST', url: LOGOUT },
  // One's own two-factor set-up: the fixture operator's stays pending (no code can confirm it).
  { method: 'POST', url: TWO_FACTOR },
  { method: 'POST', url: `${TWO_FACTOR}/confirm`, body: () => ({ code: totpCode }) },
  { method: 'DELETE', url: TWO_FACTOR, body: () => ({ code: totpCode }) },
  {
    method: 'POST',
    url: '/api/auth/invite',
    public: true,
    body: (f) => ({
      inviteToken: fc.constantFrom(f.inviteToken, 'not-an-invite'),
      password: fc.constantFrom('a good password', 'short'),
    }),
  },
  { method: 'GET', url: '/api/me' },
  {
    method: 'PUT',
    url: '/api/me/password',
    // The new password is the old one (or too short): the fixture operators keep theirs.
    body: (f) => ({
      currentPassword: fc.constantFrom(f.operator.password, 'wrong password'),
      newPassword: fc.constantFrom(f.operator.password, 'short'),
    }),
  },
  { method: 'GET', url: '/api/me/sessions' },
  { method: 'DELETE', url: '/api/me/sessions/:id' },
  { method: 'GET', url: '/api/operators', query: ['sort', 'order'] },
  { method: 'POST', url: '/api/operators', body: () => ({ username: text(), role }) },
  {
    method: 'PUT',
    url: '/api/operators/:id',
    body: () => ({ role, active: fc.boolean() }),
  },
  { method: 'POST', url: '/api/operators/:id/reset-password' },
  { method: 'GET', url: '/api/operators/:id/history' },
  importRoute('/api/service-provider-categories', CATEGORY_COLUMNS),
  importRoute('/api/product-categories', CATEGORY_COLUMNS),
  importRoute('/api/service-providers', PROVIDER_COLUMNS),
  importRoute('/api/products', PRODUCT_COLUMNS),
  // A provider's own products (the provider column may be left out).
  importRoute('/api/service-providers/:id/products', PRODUCT_COLUMNS),
  { method: 'POST', url: '/api/imports/:batchId/undo' },
  ...categoryRoutes('/api/service-provider-categories', 'parentId', (f) => f.providerCategories),
  ...categoryRoutes('/api/product-categories', 'parentCategoryId', (f) => f.productCategories),
  {
    method: 'GET',
    url: '/api/service-providers',
    query: ['email', 'brandName', 'personName', 'phone', 'enabled', 'serviceProviderCategoryId'],
  },
  {
    method: 'GET',
    url: '/api/service-providers/export',
    query: ['email', 'brandName', 'personName', 'phone', 'enabled', 'serviceProviderCategoryId'],
  },
  {
    method: 'POST',
    url: '/api/service-providers',
    body: (f) => ({ ...provider(f), email: fc.uuid().map((id) => `${id}@example.com`) }),
  },
  { method: 'GET', url: '/api/service-providers/:id' },
  { method: 'PUT', url: '/api/service-providers/:id', body: provider, extra: ['email'] },
  { method: 'GET', url: '/api/service-providers/:id/history' },
  {
    method: 'GET',
    url: '/api/service-providers/public-info',
    public: true,
    query: ['brandName', 'serviceProviderCategoryId', 'enabled'],
  },
  { method: 'GET', url: '/api/service-providers/:id/public-info', public: true },
  { method: 'GET', url: '/api/service-providers/:id/products', query: PRODUCT_FILTERS },
  { method: 'GET', url: '/api/service-providers/:id/products/export', query: PRODUCT_FILTERS },
  ...providerImageRoutes('passport-photo', 'passportPhoto'),
  ...providerImageRoutes('brand-logo', 'brandLogo'),
  {
    method: 'GET',
    url: '/api/products',
    query: PRODUCT_FILTERS,
  },
  {
    method: 'GET',
    url: '/api/products/export',
    query: PRODUCT_FILTERS,
  },
  {
    method: 'POST',
    url: '/api/products',
    body: (f) => ({ ...product(f), serviceProviderId: fc.constantFrom(...f.providers) }),
    extra: ['rating', 'noOfRatings', 'previewImageId'],
  },
  { method: 'GET', url: '/api/products/:id' },
  {
    method: 'PUT',
    url: '/api/products/:id',
    body: (f) => ({
      ...product(f),
      rating: fc.double({ min: 0, max: 5, noNaN: true }),
      noOfRatings: fc.nat(),
    }),
    extra: ['serviceProviderId', 'previewImageId'],
  },
  { method: 'GET', url: '/api/products/:id/history' },
  { method: 'GET', url: '/api/products/:id/images', query: ['enabled'] },
  {
    method: 'POST',
    url: '/api/products/:id/images',
    upload: true,
    body: (f) => ({ ...productImage(), image: imageText(f.images) }),
  },
  { method: 'GET', url: IMAGE },
  { method: 'PUT', url: IMAGE, body: productImage },
  { method: 'GET', url: `${IMAGE}/image-file`, query: ['size'] },
  { method: 'POST', url: `${IMAGE}/make-preview-image` },
  { method: 'DELETE', url: IMAGE },
  // Last: what a delete takes away, the routes above no longer find.
  { method: 'DELETE', url: '/api/products/:id' },
  { method: 'DELETE', url: '/api/service-providers/:id' },
  { method: 'DELETE', url: '/api/product-categories/:id' },
  { method: 'DELETE', url: '/api/service-provider-categories/:id' },
  // Bulk actions last: a bulk delete must not take the records the others read.
  ...['/api/service-provider-categories', '/api/product-categories'].map(
    (path): Endpoint => ({
      method: 'POST',
      url: `${path}/bulk`,
      body: bulk(['delete']),
      extra: ['filter'],
    }),
  ),
  ...['/api/service-providers', '/api/products', '/api/products/:id/images'].map(
    (path): Endpoint => ({
      method: 'POST',
      url: `${path}/bulk`,
      body: bulk(['enable', 'disable', 'delete']),
      extra: ['filter'],
    }),
  ),
  // The trash and revert of every collection (decision 022), after the deletes that fill it;
  // presence.
  ...COLLECTIONS.flatMap((path): Endpoint[] => [
    { method: 'GET', url: `${path}/trash` },
    {
      method: 'POST',
      url: `${path}/:id/revert`,
      body: () => ({ to: fc.integer({ min: 1, max: 50 }) }),
    },
    { method: 'POST', url: `${path}/:id/restore` },
    { method: 'POST', url: `${path}/trash/bulk`, body: bulk(['restore']), extra: ['filter'] },
    { method: 'DELETE', url: `${path}/trash/:id` },
    // Presence (decision 025): who has the record's edit page open.
    { method: 'PUT', url: `${path}/:id/presence` },
    { method: 'DELETE', url: `${path}/:id/presence` },
  ]),
  // Last, so that the endpoints before them keep their seeds (SEED + index).
  // The top bar's search over every collection (any text: FTS5 syntax, %, digits of a phone).
  { method: 'GET', url: '/api/search', query: ['q', 'limit'] },
  // The dashboard (decision 028): the latest changes, and the required fields records lack.
  { method: 'GET', url: '/api/history', query: ['page', 'pageSize'] },
  ...COLLECTIONS.map((path): Endpoint => ({ method: 'GET', url: `${path}/missing-fields` })),
  // Presence on a product image's edit page.
  { method: 'PUT', url: `${IMAGE}/presence` },
  { method: 'DELETE', url: `${IMAGE}/presence` },
]

interface FuzzRequest {
  method: string
  url: string
  auth: AuthChoice
  contentType: string | undefined
  body: string | Buffer | undefined
  headers: Record<string, string>
}

function requests(endpoint: Endpoint, f: Fixtures): fc.Arbitrary<FuzzRequest> {
  const params = endpoint.url.match(/:\w+/g) ?? []
  const limit = endpoint.upload ? IMAGE_BODY_LIMIT : BODY_LIMIT
  const model = endpoint.body?.(f)
  const body = endpoint.csv
    ? csvBody(endpoint.csv)
    : model
      ? fuzzBody(fc.record(model), [...Object.keys(model), ...(endpoint.extra ?? [])], limit)
      : strayBody(limit)
  // An import mostly gets the content type it reads.
  const type = endpoint.csv
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constant('text/csv') },
        { weight: 1, arbitrary: contentType },
      )
    : contentType
  return fc
    .record({
      // HEAD is Fastify's twin of every GET route: fuzzed along with it.
      method:
        endpoint.method === 'GET'
          ? fc.constantFrom('GET', 'GET', 'HEAD')
          : fc.constant(endpoint.method),
      segments: fc.array(pathSegment, { minLength: params.length, maxLength: params.length }),
      query: queryString(endpoint.query ?? []),
      auth: authHeader,
      contentType: type,
      body,
      headers: extraHeaders,
    })
    .map(({ segments, query, ...rest }) => {
      const path = params.reduce((url, param, i) => url.replace(param, segments[i]), endpoint.url)
      return { ...rest, url: query ? `${path}?${query}` : path }
    })
}

// Words of stack traces, SQL drivers and JavaScript errors that must never reach a client.
const INTERNAL =
  /\sat\s.+:\d+|\.(?:ts|js|mjs|cjs):\d+|node_modules|\/work\/|sqlite|postgres|kysely|violates|duplicate key|syntax error|invalid input|out of range for type|cannot read prop|is not a function|is not defined|\bundefined\b|\bNaN\b|\[object Object\]|TypeError|RangeError|SyntaxError|ReferenceError|internal server error/i

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype)

function checkResponse(endpoint: Endpoint, request: FuzzRequest, response: LightMyRequestResponse) {
  const status = response.statusCode
  const where = `${request.method} ${request.url.slice(0, 200)} → ${status} ${response.body.slice(0, 300)}`
  const safe = request.method === 'GET' || request.method === 'HEAD'
  expect(status < 300 || (status === 304 && safe) || (status >= 400 && status < 500), where).toBe(
    true,
  )
  if (status >= 400) {
    expect(response.headers['content-type'], where).toMatch(/^application\/json/)
    if (request.method !== 'HEAD') {
      const body = response.json()
      // An import refusing rows answers its counts and every error (the contract).
      if (endpoint.csv && 'errors' in body) {
        expect(status, where).toBe(400)
        expect(body.batchId, where).toBeNull()
        for (const error of body.errors) expect(error.detail, where).not.toMatch(INTERNAL)
        return
      }
      expect(Object.keys(body), where).toEqual(['detail'])
      expect(typeof body.detail === 'string' && body.detail.trim() !== '', where).toBe(true)
      expect(body.detail, where).not.toMatch(INTERNAL)
    }
  }
  if (!endpoint.public) expect(status === 401, where).toBe(!request.auth.valid)
  else if (endpoint.url !== LOGIN) expect(status, where).not.toBe(401)
  // A body is only ever accepted as the JSON object it must be (an import's as CSV).
  if (endpoint.csv && status < 300) expect(request.contentType, where).toMatch(/^text\/csv\b/i)
  if (endpoint.body && status < 300) {
    expect(request.contentType, where).toMatch(/^application\/json\b/i)
    const sent = JSON.parse(String(request.body ?? ''))
    expect(typeof sent === 'object' && sent !== null && !Array.isArray(sent), where).toBe(true)
  }
}

describeEachDatabase('API fuzzing', (suite) => {
  let app: FastifyInstance
  let writes: () => Promise<WriteCounts>
  const f = {} as Fixtures
  const registered: string[] = []
  const onRoute = ({ method, url }: RouteOptions) => {
    for (const one of [method].flat()) if (isApiPath(url)) registered.push(`${one} ${url}`)
  }

  beforeAll(async () => {
    app = await buildApp({
      db: suite.db,
      config: suite.config,
      logger: false,
      onRoute,
      passwordCost: TEST_SCRYPT_COST,
    })
    // Operators 1–3, which most generated paths name. The fuzzers themselves live far above any
    // id a path names, so a fuzzed reset or deactivation never signs them out.
    for (let i = 0; i < 3; i += 1) await suite.createOperator({ role: 'editor' })
    const farAbove = async (operator: TestOperator, id: number) => {
      await suite.db.updateTable('operators').set({ id }).where('id', '=', operator.id).execute()
      return { ...operator, id }
    }
    f.operator = await farAbove(await suite.createOperator(), 900_001)
    f.token = await suite.login(app, f.operator.username, f.operator.password)
    const viewer = await suite.createOperator({ role: 'viewer', password: f.operator.password })
    f.viewer = await farAbove(viewer, 900_002)
    f.viewerToken = await suite.login(app, f.viewer.username, f.viewer.password)
    const invited = await app.inject({
      method: 'POST',
      url: '/api/operators',
      headers: { authorization: `Bearer ${f.token}` },
      payload: { username: 'invited', role: 'editor' },
    })
    expect(invited.statusCode, invited.body).toBe(201)
    f.inviteToken = invited.json().inviteToken
    f.images = {
      png: await solid(8, 6, 'png'),
      jpeg: await solid(8, 6, 'jpeg'),
      webp: await solid(8, 6, 'webp'),
      bomb: await bombPng(),
    }
    // A small world for the ids 1–3 that most generated paths use.
    const api = productApi(app, f.token)
    const providers = api.providers
    const topProviderCategory = await providers.category()
    f.providerCategories = [topProviderCategory.id, (await providers.category()).id]
    const topProductCategory = await api.category()
    f.productCategories = [
      topProductCategory.id,
      (await api.category(undefined, topProductCategory.id)).id,
    ]
    const enabled = await providers.create({ serviceProviderCategoryIds: f.providerCategories })
    const disabled = await providers.create({ enabled: false })
    f.providers = [enabled.id, disabled.id]
    for (const [path, field] of [
      ['passport-photo', 'passportPhoto'],
      ['brand-logo', 'brandLogo'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/service-providers/${enabled.id}/${path}`,
        headers: api.headers,
        payload: { [field]: f.images.png.toString('base64') },
      })
      expect(response.statusCode, response.body).toBe(200)
    }
    const fixed = await api.create(enabled.id, { productCategoryIds: f.productCategories })
    await api.create(disabled.id, { pricing: 'Range', price: null, minPrice: 10, maxPrice: 20 })
    for (const name of ['front', 'back']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/products/${fixed.id}/images`,
        headers: api.headers,
        payload: { image: f.images.jpeg.toString('base64'), imageName: name },
      })
      expect(response.statusCode, response.body).toBe(201)
    }
    writes = await watchWrites(suite.db, suite.dialect)
  })

  afterAll(async () => {
    await app?.close()
  })

  test('the endpoint table names every /api route the server registers', () => {
    const own = registered.filter((route) => !route.startsWith('HEAD ')).sort()
    const fuzzed = ENDPOINTS.map(({ method, url }) => `${method} ${url}`)
    expect(own).toEqual([...fuzzed, ...STREAMS].sort())
    // Every HEAD route is the automatic twin of a GET route, fuzzed with it (a stream has none).
    const heads = registered.filter((route) => route.startsWith('HEAD ')).sort()
    const gets = fuzzed.filter((route) => route.startsWith('GET ')).sort()
    expect(heads).toEqual(gets.map((route) => route.replace('GET', 'HEAD')))
  })

  test('the write counts see inserts, updates and deletes', async () => {
    const before = await writes()
    const row = { name: 'counted', description: 'd', parentId: null, createdAt: 1, updatedAt: 1 }
    const { id } = await suite.db
      .insertInto('productCategories')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    await suite.db
      .updateTable('productCategories')
      .set({ name: 'x' })
      .where('id', '=', id)
      .execute()
    await suite.db.deleteFrom('productCategories').where('id', '=', id).execute()
    expect(await writes()).toEqual({ ...before, product_categories: before.product_categories + 3 })
  })

  // Found by this suite: Ajv printed a non-number bound read through $data as "[object Object]".
  test('a Range bound that is not a number is named in the 400', async () => {
    for (const maxPrice of [{}, '5', null, [1]]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { authorization: `Bearer ${f.token}` },
        payload: { ...buildProduct(f.providers[0]), pricing: 'Range', minPrice: 1, maxPrice },
      })
      expectDetail(response, 400, 'maxPrice must be number')
    }
  })

  // Fastify's router answers these itself, before any hook (see frameworkErrors).
  for (const url of ['/api/products/%zz', `/api/products/${'1'.repeat(101)}`]) {
    test(`${url.slice(0, 30)}… answers {detail}`, async () => {
      const response = await app.inject({ url, headers: { authorization: `Bearer ${f.token}` } })
      expect(response.statusCode).toBeLessThan(500)
      expect(Object.keys(response.json())).toEqual(['detail'])
    })
  }

  /** Fuzzes `endpoint` with `who`'s token; `unchanged` also holds successful requests to it. */
  async function fuzz(
    endpoint: Endpoint,
    seed: number,
    who: { operator: TestOperator; token: string; runs: number; unchanged: boolean },
  ) {
    let current = await writes()
    const property = fc.asyncProperty(requests(endpoint, f), async (request) => {
      // Logout revokes the token it is sent with: give each call its own.
      let token = who.token
      if (endpoint.url === LOGOUT) {
        token = await issueSession(suite.db, who.operator.id, { ttlHours: 1 })
        current = await writes()
      }
      const headers: Record<string, string> = { ...request.headers }
      if (request.contentType !== undefined) headers['content-type'] = request.contentType
      if (request.auth.header !== undefined) {
        headers.authorization = request.auth.header.replaceAll(TOKEN, token)
      }
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        payload: request.body,
      })
      checkResponse(endpoint, request, response)

      const after = await writes()
      const safe = request.method === 'GET' || request.method === 'HEAD'
      if (safe || response.statusCode >= 300 || who.unchanged) {
        expect(after, 'writes per table').toEqual(current)
      }
      current = after
      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS)
    })
    await fc.assert(property, { numRuns: who.runs, seed })
  }

  ENDPOINTS.forEach((endpoint, index) => {
    test(
      `${endpoint.method} ${endpoint.url} survives ${RUNS} hostile requests`,
      () => fuzz(endpoint, SEED + index, { ...f, runs: RUNS, unchanged: false }),
      TIMEOUT_MS,
    )
  })

  // A viewer may sign in and out and look after their own account; nothing else they send, valid
  // or not, changes any table.
  const ownAccount = (url: string) => url.startsWith('/api/auth/') || url.startsWith('/api/me')
  ENDPOINTS.forEach((endpoint, index) => {
    const unchanged = !ownAccount(endpoint.url)
    test(
      `${endpoint.method} ${endpoint.url} with a viewer's token${unchanged ? ' writes nothing' : ''}`,
      () =>
        fuzz(endpoint, SEED + 1000 + index, {
          operator: f.viewer,
          token: f.viewerToken,
          runs: VIEWER_RUNS,
          unchanged,
        }),
      TIMEOUT_MS,
    )
  })
})

test("frameworkErrors gives the router's own errors a {detail} body", async () => {
  const app = Fastify({ frameworkErrors })
  app.get('/things/:id', async () => ({}))
  for (const [url, status] of [
    ['/things/%zz', 400],
    [`/things/${'1'.repeat(101)}`, 414],
  ] as const) {
    const response = await app.inject({ url })
    expect(response.statusCode).toBe(status)
    expect(Object.keys(response.json())).toEqual(['detail'])
  }
  await app.close()
})
