import { expect, test } from 'vitest'
import { BODY_LIMIT } from '../../server/app'
import { HttpError } from '../../server/errors'
import { describeEachDatabase } from './support/databases'

describeEachDatabase('error responses', (suite) => {
  test('malformed JSON is 400 with a detail', async () => {
    const app = await suite.makeApp()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.stringMatching(/malformed json/i) })
  })

  test('a body over the limit is 413 with a detail', async () => {
    const app = await suite.makeApp()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(BODY_LIMIT) }),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ detail: expect.any(String) })
  })

  test('a non-JSON content type is 415 with a detail', async () => {
    const app = await suite.makeApp()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ detail: expect.any(String) })
  })

  test('unknown /api paths and methods are 404 JSON', async () => {
    const app = await suite.makeApp()
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api'],
      ['GET', '/some/page'],
    ] as const) {
      const response = await app.inject({ method, url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/application\/json/)
      expect(Object.keys(response.json())).toEqual(['detail'])
    }
  })

  test('unexpected errors are 500 with a generic detail and no stack', async () => {
    const app = await suite.makeApp()
    app.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error('secret internal details at /work/main/server/x.ts:12')
    })
    const response = await app.inject({ url: '/api/test/boom' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ detail: 'Internal server error' })
    expect(response.body).not.toMatch(/secret|\.ts|stack/)
  })

  test('HttpError gives its status and detail', async () => {
    const app = await suite.makeApp()
    app.get('/api/test/teapot', { config: { public: true } }, async () => {
      throw new HttpError(409, 'Email already in use')
    })
    const response = await app.inject({ url: '/api/test/teapot' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: 'Email already in use' })
  })

  test('body validation names the field and does not coerce types', async () => {
    const app = await suite.makeApp()
    app.post(
      '/api/test/items',
      {
        config: { public: true },
        schema: {
          body: {
            type: 'object',
            required: ['name', 'price'],
            properties: {
              name: { type: 'string' },
              price: { type: 'number', minimum: 0 },
              address: {
                type: 'object',
                properties: { city: { type: 'string' } },
              },
            },
          },
          querystring: { type: 'object', properties: { page: { type: 'integer' } } },
        },
      },
      async (request) => ({ body: request.body, query: request.query }),
    )
    const post = (payload: object, url = '/api/test/items') =>
      app.inject({ method: 'POST', url, payload })

    expect((await post({ name: 'a' })).json()).toEqual({ detail: 'price is required' })
    expect((await post({ name: 'a', price: '12' })).json()).toEqual({
      detail: 'price must be number',
    })
    expect((await post({ name: 'a', price: -1 })).json()).toEqual({ detail: 'price must be >= 0' })
    expect((await post({ name: 'a', price: 1, address: { city: 3 } })).json()).toEqual({
      detail: 'address.city must be string',
    })
    // Query strings are text: they are still coerced.
    const ok = await post({ name: 'a', price: 1 }, '/api/test/items?page=2')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().query).toEqual({ page: 2 })
  })
})
