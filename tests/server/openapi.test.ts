import { compileErrors, validate } from '@readme/openapi-parser'
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify'
import { Secret, TOTP } from 'otpauth'
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

const COLLECTIONS = [
  '/api/service-provider-categories',
  '/api/product-categories',
  '/api/service-providers',
  '/api/products',
]

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
      expect.arrayContaining(['page', 'pageSize', 'brandName', 'personName', 'phone', 'enabled']),
    )
    // A provider's products take the products list's filters.
    const ofProvider = doc.paths['/api/service-providers/{id}/products'].get
    expect(ofProvider.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['categoryId', 'name', 'enabled', 'minPrice', 'maxRating']),
    )
    expect(list.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Detail',
    })
    // Public routes need no token.
    expect(doc.paths['/api/health'].get.security).toEqual([])
  })

  // Fresh records (uploads included) for every documented status of every route: 2–4 minutes on
  // two busy cores, on PostgreSQL more.
  test('every documented status is one the route gives', { timeout: 480_000 }, async () => {
    const { app, operations } = await appWithRoutes()
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as Doc
    const { token, operator: me } = await suite.loginAsNewOperator(app)
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
      const operatorId = (await suite.createOperator({ role: 'viewer' })).id
      return {
        provider,
        providerId,
        product,
        productId,
        imageId,
        categoryId,
        productCategoryId,
        operatorId,
      }
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
      // The same password again: the test's operator keeps signing in with it.
      'PUT /api/me/password': () => ({ currentPassword: me.password, newPassword: me.password }),
      'POST /api/operators': (r) => ({ username: `invited-${r.operatorId}`, role: 'viewer' }),
      'PUT /api/operators/:id': () => ({ role: 'editor' }),
      'POST /api/auth/invite': () => ({ inviteToken: 'not-an-invite', password: 'a password' }),
    }
    for (const collection of COLLECTIONS) {
      bodies[`POST ${collection}/trash/bulk`] = () => ({ action: 'restore', ids: [1] })
      // Any entry for 404 and 412 (checked first); a 200 finds a real one (`provokeTrash`).
      bodies[`POST ${collection}/:id/revert`] = () => ({ to: 1 })
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
                    : url.startsWith('/api/operators')
                      ? r.operatorId
                      : r.providerId),
          ),
        )

    /** Two-factor routes act on their caller's own state: a fresh operator, in the state the
     * status needs. Undefined for the statuses the generic cases below provoke. */
    async function provokeTwoFactor(method: string, url: string, status: number) {
      if (!url.startsWith('/api/me/two-factor') || ![200, 409, 429].includes(status)) return
      const other = await suite.loginAsNewOperator(app)
      const own = (options: InjectOptions) =>
        app.inject({ ...options, headers: { authorization: `Bearer ${other.token}` } })
      const code = (secret: string, at = Date.now()) =>
        TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at })
      const start = () => own({ method: 'POST', url: '/api/me/two-factor' })
      const turnOn = async () => {
        const { secret } = (await start()).json()
        const payload = { code: code(secret) }
        await own({ method: 'POST', url: '/api/me/two-factor/confirm', payload })
        return secret as string
      }
      const send = (payload: object) =>
        own({ method: method as InjectOptions['method'], url, payload })
      if (method === 'POST' && !url.endsWith('/confirm')) {
        if (status === 409) await turnOn()
        return (await start()).statusCode
      }
      // Nothing pending to confirm, or nothing on to turn off.
      if (status === 409) return (await send({ code: '123456' })).statusCode
      if (method === 'POST')
        return (await send({ code: code((await start()).json().secret) })).statusCode
      const secret = await turnOn()
      if (status === 429) {
        for (let i = 0; i < 10; i += 1) await send({ code: 'wrong-codes' })
        return (await send({ code: 'wrong-codes' })).statusCode
      }
      // The next step's code: the one that confirmed is used up.
      return (await send({ code: code(secret, Date.now() + 30_000) })).statusCode
    }

    /** The fresh record of the route's collection (a provider with no products). */
    async function ownRecord(url: string, r: Records): Promise<number> {
      if (url.startsWith('/api/service-provider-categories')) return r.categoryId
      if (url.startsWith('/api/product-categories')) return r.productCategoryId
      if (url.startsWith('/api/products')) return r.productId
      return created('/api/service-providers', buildProvider())
    }
    const remove = async (url: string) => {
      const response = await call({ method: 'DELETE', url })
      expect(response.statusCode, `DELETE ${url}: ${response.body}`).toBe(204)
    }

    /** The trash and revert routes (decision 022) need a record in the trash or a history
     * entry first; undefined for the other routes and statuses. */
    async function provokeTrash(
      method: InjectOptions['method'],
      url: string,
      status: number,
      r: Records,
    ) {
      const collection = COLLECTIONS.find((c) => url.startsWith(`${c}/`)) ?? ''
      if (url.endsWith('/revert') && status === 200) {
        const history = await call({ url: `${urlOf(url, r).replace('/revert', '')}/history` })
        const [entry] = history.json().data
        return (await call({ method, url: urlOf(url, r), payload: { to: entry.id } })).statusCode
      }
      const restore = url.endsWith('/restore')
      if (!(restore || url.endsWith('/trash/:id')) || ![200, 204, 409].includes(status)) return
      const id = await ownRecord(url, r)
      const own = `${collection}/${id}`
      const target = restore ? `${own}/restore` : `${collection}/trash/${id}`
      if (status !== 409) {
        await remove(own)
        return (await call({ method, url: target })).statusCode
      }
      // What it needs is gone, or what it holds is taken.
      if (collection === '/api/products') {
        await remove(own)
        await remove(`/api/service-providers/${r.providerId}`)
      } else if (collection === '/api/service-providers') {
        const { email } = (await call({ url: own })).json()
        await remove(own)
        await created('/api/service-providers', buildProvider({ email }))
      } else {
        const parentField = collection.includes('product') ? 'parentCategoryId' : 'parentId'
        const child = await created(collection, {
          name: `Child of ${id}`,
          description: 'x',
          [parentField]: id,
        })
        await remove(`${collection}/${child}`)
        await remove(own)
        return (await call({ method, url: `${collection}/${child}/restore` })).statusCode
      }
      return (await call({ method, url: target })).statusCode
    }

    /** Provokes `status` from the operation; returns the status it got. */
    async function provoke(method: string, url: string, status: number): Promise<number> {
      const special = await provokeTwoFactor(method, url, status)
      if (special !== undefined) return special
      const r = await records()
      if (status === 403) {
        // A viewer: it lacks every right but reading and its own account, refused before the
        // body is read.
        const viewer = await suite.createOperator({ role: 'viewer' })
        const token = await suite.login(app, viewer.username, viewer.password)
        const headers = { authorization: `Bearer ${token}` }
        const viewerCall = {
          method: method as InjectOptions['method'],
          url: urlOf(url, r),
          headers,
        }
        return (await app.inject(viewerCall)).statusCode
      }
      const trash = await provokeTrash(method as InjectOptions['method'], url, status, r)
      if (trash !== undefined) return trash
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
          if (url === '/api/auth/invite') {
            const invited = await call({
              method: 'POST',
              url: '/api/operators',
              payload: bodies['POST /api/operators'](r),
            })
            const inviteToken = invited.json().inviteToken
            return (
              await app.inject({ ...plain, payload: { inviteToken, password: 'a password' } })
            ).statusCode
          }
          if (url === '/api/events') {
            // A stream never ends by itself: its head says enough.
            const stream = await app.inject({ ...plain, headers: auth, payloadAsStream: true })
            stream.stream().destroy()
            return stream.statusCode
          }
          // The search needs a text.
          if (url === '/api/search') {
            return (await call({ ...plain, url: `${url}?q=ab` })).statusCode
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
          // Another session of the test's operator, revoked through its own.
          if (key === 'DELETE /api/me/sessions/:id') {
            await suite.login(app, me.username, me.password)
            const sessions = (await call({ url: '/api/me/sessions' })).json()
            const other = sessions.find((session: { current: boolean }) => !session.current)
            return (await call({ ...plain, url: `/api/me/sessions/${other.id}` })).statusCode
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
          if (key === 'POST /api/operators') {
            await call(plain)
            return (await call(plain)).statusCode
          }
          // The test's operator left as the only active administrator, demoting itself.
          if (key === 'PUT /api/operators/:id') {
            await suite.db
              .updateTable('operators')
              .set({ role: 'editor' })
              .where('id', '!=', me.id)
              .execute()
            return (await call({ ...plain, url: `/api/operators/${me.id}` })).statusCode
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
          if (url === '/api/me/password') {
            // Wrong current passwords, from an operator of its own (the budget is theirs).
            const { token } = await suite.loginAsNewOperator(app)
            const guess = {
              ...plain,
              headers: { authorization: `Bearer ${token}` },
              payload: { currentPassword: 'not it', newPassword: 'a brand new password' },
            }
            for (let i = 0; i < 10; i += 1) await app.inject(guess)
            return (await app.inject(guess)).statusCode
          }
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

    /** An import of the record's own ID alone: unchanged, so 200. A provider's own import
     * (`/service-providers/:id/products/import`) is of its products: their IDs, their lock. */
    async function provokeImport(url: string, status: number, r: Records): Promise<number> {
      const list = url.includes('/:id/') ? '/api/products' : url.replace('/import', '')
      const id = urlOf(`${list}/:id`, r).split('/').pop()
      const csv = (payload: string, query = '', headers = {}, target = urlOf(url, r)) =>
        app.inject({
          method: 'POST',
          url: `${target}${query}`,
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
        case 404:
          return (await csv(`ID\n${id}\n`, '', {}, urlOf(url, r, MISSING_ID))).statusCode
        case 409:
          // While another import of the list runs.
          return lockedTransaction(
            suite.db,
            list,
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
