import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify'
import { sql } from 'kysely'
import { afterAll, expect, test } from 'vitest'
import { insertSession } from '../../server/auth/queries'
import { RIGHTS, type Right, ROLES } from '../../server/auth/rights'
import { generateToken, hashToken, sessionId } from '../../server/auth/tokens'
import { type DatabaseSuite, describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { productApi } from './support/products'

// Every route the app registers, found through the app's onRoute hook rather than a list kept
// here: a route added later is checked the day it is added, and cannot be left open by mistake.

/** The only routes that answer without a token. HEAD comes with every GET. */
const PUBLIC_ROUTES = [
  'POST /api/auth/login',
  // Accepting an invite: the invite token in the body is the credential.
  'POST /api/auth/invite',
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/health/live',
  'HEAD /api/health/live',
  // The API's description and the page that renders it: no data, only the routes' shapes.
  'GET /api/openapi.json',
  'HEAD /api/openapi.json',
  'GET /api/docs',
  'HEAD /api/docs',
  'GET /api/docs/docs.js',
  'HEAD /api/docs/docs.js',
  'GET /api/service-providers/public-info',
  'HEAD /api/service-providers/public-info',
  'GET /api/service-providers/:id/public-info',
  'HEAD /api/service-providers/:id/public-info',
  // The built web app (@fastify/static's catch-all): files and pages, never API data.
  'GET /*',
  'HEAD /*',
]

// A minimal web build, so the static routes are registered as in production.
const webDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-access-web-'))
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>')
writeFileSync(path.join(webDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
afterAll(() => rmSync(webDir, { recursive: true, force: true }))

interface Route {
  method: HTTPMethods
  url: string
}

const routeKey = (route: Route) => `${route.method} ${route.url}`

/** Real ids for every path parameter, so an answer is never a 404 for a missing entity. */
interface Fixture {
  /** Keyed by the path segment before `:id` (`products`, `service-providers`, `sessions`...). */
  ids: Record<string, number | string>
  imageId: number
  /** Records in each collection's trash, keyed like `ids`: one to delete for good
   * (`trash/:id`), one to restore (`:id/restore`). */
  trashed: Record<string, number>
  restorable: Record<string, number>
  /** An import's batch id, for its undo. */
  batchId: string
}

/** A built app (with a web build) and every route it registered, HEAD routes included. */
async function appWithRoutes(suite: DatabaseSuite) {
  const routes: Route[] = []
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  }
  const app = await suite.makeApp({ config: { webDistDir: webDir }, onRoute })
  return { app, routes }
}

/** Creates one of everything a path can name, through the API itself. */
async function createFixture(app: FastifyInstance, token: string): Promise<Fixture> {
  const api = productApi(app, token)
  const headers = api.headers
  const providerCategory = await api.providers.category()
  const productCategory = await api.category()
  const provider = await api.providers.create({
    serviceProviderCategoryIds: [providerCategory.id],
  })
  const png = (await solid(8, 8, 'png')).toString('base64')
  for (const [kind, field] of [
    ['passport-photo', 'passportPhoto'],
    ['brand-logo', 'brandLogo'],
  ]) {
    const upload = await app.inject({
      method: 'POST',
      url: `/api/service-providers/${provider.id}/${kind}`,
      headers,
      payload: { [field]: `data:image/png;base64,${png}` },
    })
    expect(upload.statusCode, upload.body).toBe(200)
  }
  const product = await api.create(provider.id, { productCategoryIds: [productCategory.id] })
  const image = await app.inject({
    method: 'POST',
    url: `/api/products/${product.id}/images`,
    headers,
    payload: { image: png, imageName: 'Front' },
  })
  expect(image.statusCode, image.body).toBe(201)
  // Records of each collection in the trash.
  const inTrash = async () => {
    const records: Record<string, number> = {
      'service-provider-categories': (await api.providers.category()).id,
      'product-categories': (await api.category()).id,
      'service-providers': (await api.providers.create()).id,
      products: (await api.create(provider.id)).id,
    }
    for (const [collection, id] of Object.entries(records)) {
      const url = `/api/${collection}/${id}`
      const deleted = await app.inject({ method: 'DELETE', url, headers })
      expect(deleted.statusCode, deleted.body).toBe(204)
    }
    return records
  }
  const trashed = await inTrash()
  const restorable = await inTrash()
  // Another operator (resetting one's own password would end the sessions used here).
  const invited = await app.inject({
    method: 'POST',
    url: '/api/operators',
    headers,
    payload: { username: `fixture-${randomBytes(4).toString('hex')}`, role: 'viewer' },
  })
  expect(invited.statusCode, invited.body).toBe(201)
  // The session of `token` itself, so that its owner can revoke it.
  const session = await app.inject({ url: '/api/me/sessions', headers })
  const current = session.json().find((one: { current: boolean }) => one.current)
  const imported = await app.inject({
    method: 'POST',
    url: '/api/product-categories/import',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: 'Name,Description\nImported,From a file\n',
  })
  expect(imported.statusCode, imported.body).toBe(200)
  return {
    ids: {
      'service-provider-categories': providerCategory.id,
      'product-categories': productCategory.id,
      'service-providers': provider.id,
      products: product.id,
      operators: invited.json().id,
      sessions: current.id,
    },
    imageId: image.json().id,
    trashed,
    restorable,
    batchId: imported.json().batchId,
  }
}

/** The route's URL with every parameter filled; fails for a parameter it cannot fill. */
function concreteUrl(url: string, fixture: Fixture): string {
  const segments = url.split('/')
  return segments
    .map((segment, index) => {
      if (segment === '*') return 'logo.svg'
      if (!segment.startsWith(':')) return segment
      if (segment === ':batchId') return fixture.batchId
      const id =
        segment === ':imageId'
          ? fixture.imageId
          : segments[index - 1] === 'trash'
            ? fixture.trashed[segments[index - 2]]
            : segments[index + 1] === 'restore'
              ? fixture.restorable[segments[index - 1]]
              : fixture.ids[segments[index - 1]]
      if (id === undefined) throw new Error(`No fixture id for ${segment} in ${url}: add one here`)
      return String(id)
    })
    .join('/')
}

/** Query strings a route needs to answer 200 (the search takes a text). */
const QUERIES: Record<string, string> = { '/api/search': '?q=fixture' }

/** Routes whose answer is a stream that never ends by itself (live changes). */
const STREAMS = ['/api/events']

interface Answer {
  statusCode: number
  body: string
  json(): unknown
}

async function call(
  app: FastifyInstance,
  route: Route,
  fixture: Fixture,
  authorization?: string,
): Promise<Answer> {
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: concreteUrl(route.url, fixture) + (QUERIES[route.url] ?? ''),
    headers: authorization ? { authorization } : {},
    ...(hasBody ? { payload: {} } : {}),
  }
  if (!STREAMS.includes(route.url)) return app.inject(options)
  // A stream is taken as soon as its head arrives; a refusal's body ends like any other.
  const response = await app.inject({ ...options, payloadAsStream: true })
  const stream = response.stream()
  let body = ''
  if (response.statusCode === 200) stream.destroy()
  else for await (const chunk of stream) body += chunk
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) }
}

/** The routes that answer something other than 401 when called without a token. */
async function publicRoutes(app: FastifyInstance, routes: Route[], fixture: Fixture) {
  const open: string[] = []
  for (const route of routes) {
    if ((await call(app, route, fixture)).statusCode !== 401) open.push(routeKey(route))
  }
  return open.sort()
}

/**
 * The right the contract gives a route, worked out here from its method and path rather than
 * read from the server's declarations, so a route declaring the wrong right fails the test.
 */
function contractRight({ method, url }: Route): Right {
  if (url.startsWith('/api/operators')) return 'operators'
  if (url.startsWith('/api/me') || url === '/api/auth/logout') return 'account'
  if (method === 'DELETE' && url.endsWith('/trash/:id')) return 'purge'
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write'
}

/** Every row of every table but the login limiter's and the text-search indexes. */
async function snapshot(suite: DatabaseSuite) {
  const tables = (await suite.db.introspection.getTables())
    .map((table) => table.name)
    .filter(
      (name) => name !== 'login_limits' && !/_fts(_|$)/.test(name) && !name.startsWith('kysely'),
    )
    .sort()
  const rows: Record<string, unknown[]> = {}
  for (const table of tables) {
    // Sessions come and go with each sign-in here; what matters is the data they guard.
    if (table === 'sessions') continue
    const all = await sql`select * from ${sql.table(table)}`.execute(suite.db)
    rows[table] = all.rows.map((row) => JSON.stringify(row)).sort()
  }
  return rows
}

/** Both sweeps sign in and call every route several times: ample on a busy shared machine. */
const ROUTE_SWEEP_TIMEOUT_MS = 180_000

describeEachDatabase('access control', (suite) => {
  test('the route list is complete: it holds every kind of route the app serves', async () => {
    const { app, routes } = await appWithRoutes(suite)
    await app.ready()
    const keys = routes.map(routeKey)
    // Landmarks from each route module, so an empty or partial list cannot pass the tests below.
    expect(keys).toEqual(
      expect.arrayContaining([
        ...PUBLIC_ROUTES,
        'POST /api/auth/logout',
        'POST /api/me/two-factor',
        'POST /api/me/two-factor/confirm',
        'DELETE /api/me/two-factor',
        'PUT /api/service-provider-categories/:id',
        'GET /api/product-categories',
        'GET /api/product-categories/search',
        'DELETE /api/service-providers/:id/brand-logo',
        'DELETE /api/service-provider-categories/:id',
        'DELETE /api/product-categories/:id',
        'DELETE /api/service-providers/:id',
        'DELETE /api/products/:id',
        'HEAD /api/service-providers/:id/passport-photo',
        'GET /api/service-providers/:id/products',
        'GET /api/products/export',
        'GET /api/service-providers/export',
        'GET /api/product-categories/export',
        'GET /api/service-provider-categories/export',
        'GET /api/service-providers/:id/products/export',
        'GET /api/products/trash',
        'POST /api/products/:id/restore',
        'POST /api/products/trash/bulk',
        'DELETE /api/products/trash/:id',
        'POST /api/products/:id/revert',
        'POST /api/products',
        'POST /api/products/:id/images/:imageId/make-preview-image',
        'GET /api/products/:id/images/:imageId/image-file',
        'GET /api/products/:id/history',
        'POST /api/products/bulk',
        'POST /api/products/:id/images/bulk',
        'GET /api/me',
        'DELETE /api/me/sessions/:id',
        'PUT /api/operators/:id',
        'GET /api/operators/:id/history',
        'POST /api/products/import',
        'POST /api/service-providers/:id/products/import',
        'POST /api/imports/:batchId/undo',
        'GET /api/events',
        'PUT /api/products/:id/presence',
        'PUT /api/products/:id/images/:imageId/presence',
        'DELETE /api/service-provider-categories/:id/presence',
        'GET /api/search',
      ]),
    )
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.length).toBeGreaterThan(40)
  })

  test('only login, health, public info, the API description and the web app answer without a token', async () => {
    const { app, routes } = await appWithRoutes(suite)
    const { token } = await suite.loginAsNewOperator(app)
    const fixture = await createFixture(app, token)
    expect(await publicRoutes(app, routes, fixture)).toEqual([...PUBLIC_ROUTES].sort())

    // The public routes work for real with these ids (not a 404 for a missing entity).
    for (const route of routes.filter((route) => PUBLIC_ROUTES.includes(routeKey(route)))) {
      const response = await call(app, route, fixture)
      // Login and invite without credentials: refused for the body, not for the missing token.
      const expected = route.url.startsWith('/api/auth/') ? 400 : 200
      expect(response.statusCode, `${routeKey(route)}: ${response.body}`).toBe(expected)
    }
  })

  test(
    'every protected route refuses a missing, garbage, expired or revoked token',
    async () => {
      const { app, routes } = await appWithRoutes(suite)
      const { token, operator } = await suite.loginAsNewOperator(app)
      const fixture = await createFixture(app, token)
      const revoked = await suite.login(app, operator.username, operator.password)
      const logout = await call(
        app,
        { method: 'POST', url: '/api/auth/logout' },
        fixture,
        `Bearer ${revoked}`,
      )
      expect(logout.statusCode).toBe(200)

      const isProtected = (route: Route) => !PUBLIC_ROUTES.includes(routeKey(route))
      const protectedRoutes = routes.filter(isProtected)
      expect(protectedRoutes.length).toBeGreaterThan(30)

      for (const route of protectedRoutes) {
        // A fresh expired session per route: the first use of one deletes it, and later routes
        // would then only see an unknown token.
        const expired = generateToken()
        await insertSession(suite.db, {
          tokenHash: hashToken(expired),
          id: sessionId(),
          userAgent: null,
          operatorId: operator.id,
          expiresAt: Date.now() - 1000,
          createdAt: Date.now() - 13 * 60 * 60 * 1000,
        })
        const attempts = {
          none: undefined,
          garbage: `Bearer ${randomBytes(32).toString('base64url')}`,
          expired: `Bearer ${expired}`,
          revoked: `Bearer ${revoked}`,
        }
        for (const [name, authorization] of Object.entries(attempts)) {
          const response = await call(app, route, fixture, authorization)
          const label = `${routeKey(route)} with ${name} token: ${response.body}`
          expect(response.statusCode, label).toBe(401)
          // HEAD answers carry no body.
          if (route.method !== 'HEAD') {
            expect(response.json(), label).toEqual({ detail: expect.stringMatching(/\S/) })
          }
        }
      }

      // The control: with a live token no route answers 401, and no GET misses its entity. So
      // the 401s above came from the tokens, on routes that exist for these ids. DELETEs last,
      // since they remove what other routes read; a fresh token each, since logout revokes it.
      const deletesLast = [...protectedRoutes].sort(
        (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
      )
      for (const route of deletesLast) {
        const live = await suite.login(app, operator.username, operator.password)
        const response = await call(app, route, fixture, `Bearer ${live}`)
        const label = `${routeKey(route)} with a live token: ${response.body}`
        expect(response.statusCode, label).not.toBe(401)
        expect(response.statusCode, label).not.toBe(404)
        if (route.method === 'GET' || route.method === 'HEAD') {
          expect(response.statusCode, label).toBe(200)
        }
      }
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  )

  test(
    'every route against every role: a right the role lacks is 403 and changes nothing',
    async () => {
      const { app, routes } = await appWithRoutes(suite)
      const { token } = await suite.loginAsNewOperator(app)
      const fixture = await createFixture(app, token)
      const protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(routeKey(route)))
      // Deletes last, as above: they remove what the other routes read.
      protectedRoutes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
      const seen = new Set<Right>()
      // The viewer first: only then is every fixture still there for its reads.
      for (const role of [...ROLES].reverse()) {
        const operator = await suite.createOperator({ role })
        const denied = protectedRoutes.filter(
          (route) => !RIGHTS[role].includes(contractRight(route)),
        )
        // Signed in before the snapshot: a sign-in records itself on the operator.
        const tokens: string[] = []
        for (const _ of denied) tokens.push(await signIn(operator))
        const before = await snapshot(suite)
        for (const [index, route] of denied.entries()) {
          const response = await call(app, route, fixture, `Bearer ${tokens[index]}`)
          const label = `${routeKey(route)} as ${role}: ${response.body}`
          expect(response.statusCode, label).toBe(403)
          if (route.method !== 'HEAD') {
            expect(response.json(), label).toEqual({
              detail: `Your role (${role}) does not allow this`,
            })
          }
        }
        expect(await snapshot(suite), `${role}: the refused requests wrote nothing`).toEqual(before)
        for (const route of protectedRoutes.filter((route) => !denied.includes(route))) {
          seen.add(contractRight(route))
          const response = await call(app, route, fixture, `Bearer ${await signIn(operator)}`)
          const label = `${routeKey(route)} as ${role}: ${response.body}`
          expect(response.statusCode, label).not.toBe(401)
          expect(response.statusCode, label).not.toBe(403)
        }
      }
      // Every right is exercised by at least one route.
      expect([...seen].sort()).toEqual(
        expect.arrayContaining(['account', 'operators', 'purge', 'read', 'write']),
      )

      async function signIn(operator: { username: string; password: string }) {
        // A fresh session per call: logout and a password change end the one they came with.
        return suite.login(app, operator.username, operator.password)
      }
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  )

  test('a protected /api route that names no right stops the app from starting', async () => {
    const app = await suite.makeApp()
    expect(() => app.post('/api/test/unguarded', async () => ({}))).toThrow(
      'POST /api/test/unguarded declares no right',
    )
  })

  test('odd spellings of a protected path reach the check or nothing', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const { ids } = await createFixture(app, token)
    const id = ids['service-providers']
    const spellings = [
      `/api/service-providers/${id}/`,
      `//api/service-providers/${id}`,
      `/api//service-providers/${id}`,
      `/API/service-providers/${id}`,
      `/api/%73ervice-providers/${id}`,
      `/api/service-providers%2F${id}`,
      `/api/./service-providers/${id}`,
      `/api/x/../service-providers/${id}`,
      `/api/service-providers/public-info/../${id}`,
      `/api/service-providers/${id};public-info`,
    ]
    for (const url of spellings) {
      const response = await app.inject({ url })
      // 401 when the router took it for the protected route, 404 when for no route at all.
      expect([401, 404], `${url}: ${response.body}`).toContain(response.statusCode)
      expect(Object.keys(response.json()), url).toEqual(['detail'])
    }
  })

  test('the check catches a route that is left open', async () => {
    const { app, routes } = await appWithRoutes(suite)
    app.get('/api/test/leak', { config: { public: true } }, async () => ({ secret: 42 }))
    app.post('/api/test/guarded', { config: { right: 'write' } }, async () => ({}))
    // A route outside /api is public by design: the list must catch it too.
    app.get('/export.csv', async () => 'id,email')
    const { token } = await suite.loginAsNewOperator(app)
    const fixture = await createFixture(app, token)
    const open = await publicRoutes(app, routes, fixture)
    expect(open).toEqual(
      expect.arrayContaining(['GET /api/test/leak', 'HEAD /api/test/leak', 'GET /export.csv']),
    )
    expect(open).not.toContain('POST /api/test/guarded')
    expect(open).not.toEqual([...PUBLIC_ROUTES].sort())
  })
})
