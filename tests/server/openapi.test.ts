import { compileErrors, validate } from '@readme/openapi-parser'
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify'
import { expect, test } from 'vitest'
import { buildApp } from '../../server/app'
import { createDatabase } from '../../server/db/connection'
import { lockedTransaction } from '../../server/imports/import-lock'
import { describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { buildProduct, productUpdateBody } from './support/products'
import { buildProvider } from './support/service-providers'

// GET /api/openapi.json is a valid OpenAPI 3.1 document that describes every route the server
// registers, and each status it documents for a route is one that route really gives: every
// one is provoked below through the real app.

type Doc = {
  openapi: string
  paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>
  components: { securitySchemes: Record<string, unknown> }
}

const MISSING_ID = 2147483647
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

describeEachDatabase('OpenAPI description', (suite) => {
  async function appWithRoutes() {
    const routes: RouteOptions[] = []
    const app = await suite.makeApp({ onRoute: (route) => void routes.push(route) })
    await app.ready()
    const api = routes.filter((route) => route.url.startsWith('/api/'))
    const operations = api.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, route })),
    )
    return { app, operations }
  }

  test('is a valid OpenAPI 3.1 document naming every route, with the bearer scheme', async () => {
    const { app, operations } = await appWithRoutes()
    const response = await app.inject({ url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const doc = response.json() as Doc
    expect(doc.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(doc) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' })
    expect(operations.length).toBeGreaterThan(30)
    for (const { method, url } of operations) {
      const operation = doc.paths[docPath(url)]?.[method.toLowerCase()]
      expect(operation, `${method} ${url}`).toBeDefined()
      for (const answer of Object.values(operation.responses)) {
        expect(answer.description, `${method} ${url}`).not.toBe('Undocumented')
      }
    }
  })

  test('request bodies come from /schemas; creates answer 201 {id}; lists answer a page', async () => {
    const { app } = await appWithRoutes()
    const doc = (await app.inject({ url: '/api/openapi.json' })).json()
    const create = doc.paths['/api/service-providers'].post
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/service-provider-create',
    })
    expect(create.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Created',
    })
    const list = doc.paths['/api/service-providers'].get
    expect(list.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Page',
    })
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'brandName', 'enabled']),
    )
    expect(list.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Detail',
    })
    // Public routes need no token.
    expect(doc.paths['/api/health'].get.security).toEqual([])
  })

  test('every documented status is one the route gives', { timeout: 240_000 }, async () => {
    const { app, operations } = await appWithRoutes()
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as Doc
    const { token } = await suite.loginAsNewOperator(app)
    const auth = { authorization: `Bearer ${token}` }
    const png = (await solid(64, 48, 'png')).toString('base64')
    const call = (options: InjectOptions) =>
      app.inject({ ...options, headers: { ...auth, ...options.headers } })
    const created = async (url: string, payload: object) => {
      const response = await call({ method: 'POST', url, payload })
      expect(response.statusCode, `${url}: ${response.body}`).toBe(201)
      return response.json().id as number
    }

    /** Fresh records for one check, so a DELETE or an update never spoils the next one. */
    async function records() {
      const provider = buildProvider()
      const providerId = await created('/api/service-providers', provider)
      const product = buildProduct(providerId)
      const productId = await created('/api/products', product)
      const imageId = await created(`/api/products/${productId}/images`, {
        image: png,
        imageName: 'Served warm',
      })
      for (const kind of ['passport-photo', 'brand-logo']) {
        const field = kind === 'passport-photo' ? 'passportPhoto' : 'brandLogo'
        const upload = await call({
          method: 'POST',
          url: `/api/service-providers/${providerId}/${kind}`,
          payload: { [field]: png },
        })
        expect(upload.statusCode, upload.body).toBe(200)
      }
      const categoryId = await created('/api/service-provider-categories', {
        name: `Category ${providerId}`,
        description: 'x',
        parentId: null,
      })
      const productCategoryId = await created('/api/product-categories', {
        name: `Product category ${providerId}`,
        description: 'x',
        parentCategoryId: null,
      })
      return { provider, providerId, product, productId, imageId, categoryId, productCategoryId }
    }
    type Records = Awaited<ReturnType<typeof records>>

    /** A request the route answers with success, given fresh records. */
    const bodies: Record<string, (r: Records) => object> = {
      'POST /api/auth/login': () => ({ username: 'nobody', password: 'wrong' }),
      'POST /api/service-provider-categories': () => ({
        name: 'N',
        description: 'x',
        parentId: null,
      }),
      'PUT /api/service-provider-categories/:id': () => ({
        name: 'N2',
        description: 'x',
        parentId: null,
      }),
      'POST /api/product-categories': () => ({
        name: 'P',
        description: 'x',
        parentCategoryId: null,
      }),
      'PUT /api/product-categories/:id': () => ({
        name: 'P2',
        description: 'x',
        parentCategoryId: null,
      }),
      'POST /api/service-providers': () => buildProvider(),
      'PUT /api/service-providers/:id': (r) => ({ ...r.provider, city: 'Abuja' }),
      'POST /api/products': (r) => buildProduct(r.providerId),
      'PUT /api/products/:id': (r) => productUpdateBody(r.product),
      'POST /api/products/:id/images': () => ({ image: png, imageName: 'Another' }),
      'PUT /api/products/:id/images/:imageId': () => ({ imageName: 'Renamed' }),
      'POST /api/service-providers/:id/passport-photo': () => ({ passportPhoto: png }),
      'POST /api/service-providers/:id/brand-logo': () => ({ brandLogo: png }),
      'POST /api/service-provider-categories/bulk': (r) => ({
        action: 'delete',
        ids: [r.categoryId],
      }),
      'POST /api/product-categories/bulk': (r) => ({
        action: 'delete',
        ids: [r.productCategoryId],
      }),
      'POST /api/service-providers/bulk': (r) => ({ action: 'disable', ids: [r.providerId] }),
      'POST /api/products/bulk': (r) => ({ action: 'disable', ids: [r.productId] }),
      'POST /api/products/:id/images/bulk': (r) => ({ action: 'disable', ids: [r.imageId] }),
    }
    const urlOf = (url: string, r: Records, id?: number) =>
      url
        .replace(':imageId', String(id ?? r.imageId))
        .replace(
          ':id',
          String(
            id ??
              (url.startsWith('/api/service-provider-categories')
                ? r.categoryId
                : url.startsWith('/api/product-categories')
                  ? r.productCategoryId
                  : url.startsWith('/api/products')
                    ? r.productId
                    : r.providerId),
          ),
        )

    /** Provokes `status` from the operation; returns the status it got. */
    async function provoke(method: string, url: string, status: number): Promise<number> {
      const r = await records()
      if (url.endsWith('/import')) return provokeImport(url, status, r)
      if (url.startsWith('/api/imports/')) return provokeUndo(status, r)
      const key = `${method} ${url}`
      const body = bodies[key]?.(r)
      const payload = body ?? (method === 'POST' || method === 'PUT' ? {} : undefined)
      const plain = { method: method as InjectOptions['method'], url: urlOf(url, r), payload }
      switch (status) {
        case 200:
        case 201:
          if (url === '/api/auth/login') {
            const operator = await suite.createOperator()
            return (await call({ ...plain, payload: operator })).statusCode
          }
          if (url === '/api/auth/logout') {
            // Another session: this test's own token must stay valid.
            const other = await suite.loginAsNewOperator(app)
            const headers = { authorization: `Bearer ${other.token}` }
            return (await app.inject({ ...plain, headers })).statusCode
          }
          return (await call(plain)).statusCode
        case 204:
          // A provider can be deleted once it has no products (the fresh one has one).
          if (key === 'DELETE /api/service-providers/:id') {
            const free = await created('/api/service-providers', buildProvider())
            return (await call({ ...plain, url: urlOf(url, r, free) })).statusCode
          }
          return (await call(plain)).statusCode
        case 400: {
          if (body || method === 'POST' || method === 'PUT') {
            return (await call({ ...plain, payload: [] as never })).statusCode
          }
          // Lists and exports take `sort`, image files `size`, the category search `limit`.
          const bad = '?page=abc&size=huge&sort=nowhere&limit=abc'
          return (await call({ ...plain, url: `${plain.url}${bad}` })).statusCode
        }
        case 401:
          if (url === '/api/auth/login') return (await app.inject(plain)).statusCode
          return (await app.inject({ ...plain, headers: {} })).statusCode
        case 404:
          return (await call({ ...plain, url: urlOf(url, r, MISSING_ID) })).statusCode
        case 409: {
          // A delete refused while something holds the record: a subcategory, or (a provider)
          // the fresh records' product.
          if (method === 'DELETE') {
            if (url.startsWith('/api/service-provider-categories')) {
              await created('/api/service-provider-categories', {
                ...bodies['POST /api/service-provider-categories'](r),
                parentId: r.categoryId,
              })
            } else if (url.startsWith('/api/product-categories')) {
              await created('/api/product-categories', {
                ...bodies['POST /api/product-categories'](r),
                parentCategoryId: r.productCategoryId,
              })
            }
            return (await call(plain)).statusCode
          }
          const other = await records()
          const email = other.provider.email
          return (await call({ ...plain, payload: { ...(body as object), email } })).statusCode
        }
        case 412:
          return (await call({ ...plain, headers: { 'if-match': '"stale"' } })).statusCode
        case 413:
          return (await call({ ...plain, payload: { imageName: 'x'.repeat(13 * 1024 * 1024) } }))
            .statusCode
        case 415:
          return (
            await call({
              ...plain,
              headers: { 'content-type': 'application/xml' },
              payload: '<x/>',
            })
          ).statusCode
        case 429: {
          const login = {
            ...plain,
            payload: { username: `limited-${r.providerId}`, password: 'x' },
          }
          for (let i = 0; i < 10; i += 1) await app.inject(login)
          return (await app.inject(login)).statusCode
        }
        case 503:
          return (await outageApp()).inject(plain).then((response) => response.statusCode)
        default:
          throw new Error(`No way to provoke ${status} on ${key}`)
      }
    }

    /** An import of the record's own ID alone: unchanged, so 200. */
    async function provokeImport(url: string, status: number, r: Records): Promise<number> {
      const id = urlOf(`${url.replace('/import', '')}/:id`, r)
        .split('/')
        .pop()
      const csv = (payload: string, query = '', headers = {}) =>
        app.inject({
          method: 'POST',
          url: `${url}${query}`,
          headers: { ...auth, 'content-type': 'text/csv', ...headers },
          payload,
        })
      switch (status) {
        case 200:
          return (await csv(`ID\n${id}\n`)).statusCode
        case 400:
          return (await csv('ID\n')).statusCode
        case 401:
          return (await csv(`ID\n${id}\n`, '', { authorization: '' })).statusCode
        case 409:
          // While another import of the list runs.
          return lockedTransaction(
            suite.db,
            url.replace('/import', ''),
            async () => (await csv(`ID\n${id}\n`)).statusCode,
          )
        case 413:
          return (await csv(`ID\n${'x\n'.repeat(100_001)}`, '?dryRun=true')).statusCode
        case 415:
          return (await csv('<x/>', '', { 'content-type': 'application/xml' })).statusCode
        default:
          throw new Error(`No way to provoke ${status} on ${url}`)
      }
    }

    async function provokeUndo(status: number, r: Records): Promise<number> {
      const imported = await app.inject({
        method: 'POST',
        url: '/api/products/import',
        headers: { ...auth, 'content-type': 'text/csv' },
        payload: `ID,Name\n${r.productId},Imported ${r.productId}\n`,
      })
      const undo = (batchId: string, headers = {}) =>
        app.inject({
          method: 'POST',
          url: `/api/imports/${batchId}/undo`,
          headers: { ...auth, ...headers },
        })
      const { batchId } = imported.json()
      switch (status) {
        case 200:
          return (await undo(batchId)).statusCode
        case 401:
          return (await undo(batchId, { authorization: '' })).statusCode
        case 404:
          return (await undo('no-such-import')).statusCode
        case 409:
          await undo(batchId)
          return (await undo(batchId)).statusCode
        default:
          throw new Error(`No way to provoke ${status} on the undo`)
      }
    }

    const closing: FastifyInstance[] = []
    /** An app whose database is closed: every query fails as in an outage. */
    async function outageApp() {
      const broken = createDatabase(suite.config)
      await broken.db.selectFrom('operators').select('id').execute()
      await broken.destroy()
      const app = await buildApp({ db: broken.db, config: suite.config, logger: false })
      closing.push(app)
      return app
    }

    try {
      const failures: string[] = []
      for (const { method, url } of operations) {
        const documented = Object.keys(doc.paths[docPath(url)][method.toLowerCase()].responses)
        for (const status of documented.map(Number)) {
          const got = await provoke(method, url, status)
          if (got !== status) failures.push(`${method} ${url}: documented ${status}, got ${got}`)
        }
      }
      expect(failures).toEqual([])
    } finally {
      await Promise.all(closing.map((app) => app.close()))
    }
  })
})
