import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { findCategory } from '../../server/categories/category-queries'
import { HttpError } from '../../server/errors'
import { etagOf, writeIfMatch } from '../../server/lib/etag'
import { describeEachDatabase, uniqueName } from './support/databases'
import { solid } from './support/images'
import { PRODUCTS, productApi, productUpdateBody } from './support/products'
import { expectDetail, type Json } from './support/requests'
import { updateBody } from './support/service-providers'

// Lost updates (issue #6), on SQLite and on PostgreSQL: GET of every record that has a PUT
// answers an ETag; a PUT with If-Match naming a stale tag is 412 and writes nothing; without
// If-Match a PUT works as before; and of several PUTs sent at once with one tag, exactly one
// wins. The tag is a hash of what GET answers, so image changes that GET shows move it too.

const STALE = 'This record was changed by someone else since you opened it.'

type Api = ReturnType<typeof productApi>

/** One record: where it lives, the n-th of many valid PUT bodies, what GET then shows. */
interface Editable {
  url: string
  body: (n: number) => Json
  shows: (n: number) => Json
}

let png: Buffer
beforeAll(async () => {
  png = await solid(40, 30, 'png')
})

const image = () => png.toString('base64')

const KINDS: Array<{ title: string; create: (api: Api) => Promise<Editable> }> = [
  {
    title: 'service-provider category',
    async create(api) {
      const { id, name } = await api.providers.category()
      return {
        url: `/api/service-provider-categories/${id}`,
        body: (n) => ({ name: `${name} v${n}`, description: `Version ${n}`, parentId: null }),
        shows: (n) => ({ name: `${name} v${n}`, description: `Version ${n}` }),
      }
    },
  },
  {
    title: 'product category',
    async create(api) {
      const { id, name } = await api.category()
      return {
        url: `/api/product-categories/${id}`,
        body: (n) => ({
          name: `${name} v${n}`,
          description: `Version ${n}`,
          parentCategoryId: null,
        }),
        shows: (n) => ({ name: `${name} v${n}`, description: `Version ${n}` }),
      }
    },
  },
  {
    title: 'service provider',
    async create(api) {
      const { id, body } = await api.providers.create()
      return {
        url: `/api/service-providers/${id}`,
        body: (n) => ({ ...updateBody(body), about: `Version ${n}` }),
        shows: (n) => ({ about: `Version ${n}` }),
      }
    },
  },
  {
    title: 'product',
    async create(api) {
      const { id, body } = await api.create(await api.provider())
      return {
        url: `${PRODUCTS}/${id}`,
        body: (n) => ({ ...productUpdateBody(body), price: 1000 + n, rating: 4, noOfRatings: n }),
        shows: (n) => ({ price: 1000 + n, noOfRatings: n }),
      }
    },
  },
  {
    title: 'product image',
    async create(api) {
      const { id } = await api.create(await api.provider())
      const url = `${PRODUCTS}/${id}/images`
      const payload = { image: image(), imageName: 'Front', imageDescription: null, enabled: true }
      const added = await postJson(api, url, payload)
      return {
        url: `${url}/${added.id}`,
        body: (n) => ({
          imageName: `Front v${n}`,
          imageDescription: `Version ${n}`,
          enabled: true,
        }),
        shows: (n) => ({ imageName: `Front v${n}`, imageDescription: `Version ${n}` }),
      }
    },
  },
]

let app: FastifyInstance

async function postJson(api: Api, url: string, payload: object): Promise<Json> {
  const response = await app.inject({ method: 'POST', url, headers: api.headers, payload })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json()
}

describeEachDatabase('ETag and If-Match', (suite) => {
  let api: Api

  beforeEach(async () => {
    app = await suite.makeApp()
    api = productApi(app, (await suite.loginAsNewOperator(app)).token)
  })

  const get = (url: string) => app.inject({ method: 'GET', url, headers: api.headers })
  const put = (url: string, payload: object, ifMatch?: string) =>
    app.inject({
      method: 'PUT',
      url,
      headers: { ...api.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      payload,
    })
  /** The record's current tag (the GET must succeed and carry one). */
  const tagOf = async (url: string) => {
    const response = await get(url)
    expect(response.statusCode, response.body).toBe(200)
    return etag(response)
  }

  describe.each(KINDS)('$title', ({ create }) => {
    let record: Editable
    beforeEach(async () => {
      record = await create(api)
    })

    test('GET answers a strong ETag that stays the same while nothing changes', async () => {
      const tag = await tagOf(record.url)
      expect(tag).toMatch(/^"[\w-]+"$/)
      expect(await tagOf(record.url)).toBe(tag)
    })

    test('a PUT with the current tag succeeds and the tag moves on', async () => {
      const before = await tagOf(record.url)
      const response = await put(record.url, record.body(1), before)
      expect(response.statusCode, response.body).toBe(200)
      const after = await get(record.url)
      expect(after.json()).toMatchObject(record.shows(1))
      expect(etag(after)).not.toBe(before)
    })

    test('a PUT with a stale tag is 412 and writes nothing', async () => {
      const opened = await tagOf(record.url)
      expect((await put(record.url, record.body(1))).statusCode).toBe(200)
      const theirs = await get(record.url)

      expectDetail(await put(record.url, record.body(2), opened), 412, STALE)
      const now = await get(record.url)
      expect(now.json()).toEqual(theirs.json())
      expect(etag(now)).toBe(etag(theirs))
    })

    test('a PUT without If-Match works as before, whatever changed', async () => {
      expect((await put(record.url, record.body(1))).statusCode).toBe(200)
      const response = await put(record.url, record.body(2))
      expect(response.statusCode, response.body).toBe(200)
      expect((await get(record.url)).json()).toMatchObject(record.shows(2))
    })

    test('If-Match: * or a list holding the tag matches; a weak tag never does', async () => {
      const tag = await tagOf(record.url)
      expectDetail(await put(record.url, record.body(1), `W/${tag}`), 412, STALE)
      expect(
        (await put(record.url, record.body(1), `"other", ${await tagOf(record.url)}`)).statusCode,
      ).toBe(200)
      expect((await put(record.url, record.body(2), '*')).statusCode).toBe(200)
      expect((await get(record.url)).json()).toMatchObject(record.shows(2))
    })

    test('a record that does not exist is 404 with or without If-Match', async () => {
      const missing = record.url.replace(/\d+$/, '2147483647')
      const response = await put(missing, record.body(1), await tagOf(record.url))
      expect(response.statusCode, response.body).toBe(404)
    })

    test('of several PUTs sent at once with one tag, exactly one wins', async () => {
      const tag = await tagOf(record.url)
      const writers = [1, 2, 3, 4, 5, 6]
      const responses = await Promise.all(writers.map((n) => put(record.url, record.body(n), tag)))
      const statuses = responses.map((response) => response.statusCode)
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status === 412)).toHaveLength(writers.length - 1)
      const winner = writers[statuses.indexOf(200)]
      expect((await get(record.url)).json()).toMatchObject(record.shows(winner))
    })

    test('a PUT with If-Match never lands after a PUT without one that it did not see', async () => {
      const tag = await tagOf(record.url)
      // In either order the unguarded PUT's data is what remains: either it ran first and
      // the guarded one got 412, or it ran second and overwrote it.
      const [guarded, unguarded] = await Promise.all([
        put(record.url, record.body(1), tag),
        put(record.url, record.body(2)),
      ])
      expect([200, 412]).toContain(guarded.statusCode)
      expect(unguarded.statusCode, unguarded.body).toBe(200)
      expect((await get(record.url)).json()).toMatchObject(record.shows(2))
    })
  })

  // Through HTTP a PUT on SQLite rarely yields mid-way (the driver is synchronous), so this
  // holds each check open on a timer: without the lock every writer would pass it.
  test('the check and the write are atomic even when reading the record is slow', async () => {
    const { id } = await api.category()
    const opened = await findCategory(suite.db, 'productCategories', id)
    const request = { headers: { 'if-match': etagOf(opened) } } as unknown as FastifyRequest
    const save = (name: string) =>
      writeIfMatch(suite.db, request, {
        record: ['productCategories', id],
        current: async (conn) => {
          const row = await findCategory(conn, 'productCategories', id)
          await delay(50)
          return row
        },
        write: (conn) =>
          conn.updateTable('productCategories').set({ name }).where('id', '=', id).execute(),
      })
    const outcomes = await Promise.allSettled(['a', 'b', 'c', 'd'].map(save))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect(outcome.reason).toBeInstanceOf(HttpError)
      expect(outcome.reason).toMatchObject({ status: 412, message: STALE })
    }
  })

  describe('what the tag covers besides PUT', () => {
    test("a provider's photo added or removed changes its tag", async () => {
      const { id } = await api.providers.create()
      const url = `/api/service-providers/${id}`
      const opened = await tagOf(url)
      const photo = `${url}/passport-photo`
      await postJson(api, photo, { passportPhoto: `data:image/png;base64,${image()}` })
      const withPhoto = await tagOf(url)
      expect(withPhoto).not.toBe(opened)

      const removed = await app.inject({ method: 'DELETE', url: photo, headers: api.headers })
      expect(removed.statusCode).toBe(200)
      expect(await tagOf(url)).not.toBe(withPhoto)
    })

    test("a new preview image changes the product's and the image's tags", async () => {
      const { id } = await api.create(await api.provider())
      const url = `${PRODUCTS}/${id}`
      const payload = { image: image(), imageName: 'Side', enabled: true }
      const added = await postJson(api, `${url}/images`, payload)
      const imageUrl = `${url}/images/${added.id}`
      const [product, picture] = [await tagOf(url), await tagOf(imageUrl)]

      await postJson(api, `${imageUrl}/make-preview-image`, {})
      const previewed = await tagOf(url)
      expect(previewed).not.toBe(product)
      expect(await tagOf(imageUrl)).not.toBe(picture)

      const removed = await app.inject({ method: 'DELETE', url: imageUrl, headers: api.headers })
      expect(removed.statusCode).toBe(200)
      expect(await tagOf(url)).not.toBe(previewed)
    })

    test('a PUT that changes nothing GET shows keeps the tag', async () => {
      const name = uniqueName('same')
      const created = await postJson(api, '/api/product-categories', {
        name,
        description: 'Unchanged',
        parentCategoryId: null,
      })
      const url = `/api/product-categories/${created.id}`
      const tag = await tagOf(url)
      const body = { name, description: 'Unchanged', parentCategoryId: null }
      expect((await put(url, body, tag)).statusCode).toBe(200)
      expect(await tagOf(url)).toBe(tag)
    })
  })
})

function etag(response: LightMyRequestResponse): string {
  const value = response.headers.etag
  expect(typeof value, 'ETag header').toBe('string')
  return value as string
}
