import { delay, HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, api, createApiClient, setUnauthorizedHandler } from '../../../src/lib/api-client'
import { apiUrl } from '../msw/handlers'
import { server } from '../msw/server'

let unregister: () => void = () => {}
afterEach(() => unregister())

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('api client', () => {
  it('sends JSON with the bearer token and returns the parsed body', async () => {
    window.localStorage.setItem('token', 'secret-token')
    let seen: { auth: string | null; type: string | null; body: unknown; url: string } | null = null
    server.use(
      http.post(apiUrl('/things'), async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
          url: request.url,
        }
        return HttpResponse.json({ id: 7 }, { status: 201 })
      }),
    )
    await expect(api.post('/things', { name: 'A' }, { parentId: null })).resolves.toEqual({ id: 7 })
    expect(seen).toEqual({
      auth: 'Bearer secret-token',
      type: 'application/json',
      body: { name: 'A' },
      url: `${window.location.origin}/api/things?parentId=null`,
    })
  })

  it('sends no Authorization header without a token and no content type without a body', async () => {
    const headers: Record<string, string | null> = {}
    server.use(
      http.post(apiUrl('/auth/logout'), ({ request }) => {
        headers.authorization = request.headers.get('authorization')
        headers.contentType = request.headers.get('content-type')
        return new HttpResponse(null, { status: 204 })
      }),
    )
    await expect(api.post('/auth/logout')).resolves.toBeUndefined()
    expect(headers).toEqual({ authorization: null, contentType: null })
  })

  it('turns an error answer into ApiError with the body detail', async () => {
    server.use(
      http.put(apiUrl('/things/1'), () =>
        HttpResponse.json({ detail: 'name must not be blank' }, { status: 400 }),
      ),
    )
    const error = await failure(api.put('/things/1', { name: '' }))
    expect(error.status).toBe(400)
    expect(error.detail).toBe('name must not be blank')
  })

  it('gives a null detail when the error body has none', async () => {
    server.use(http.delete(apiUrl('/things/1'), () => new HttpResponse('oops', { status: 500 })))
    const error = await failure(api.delete('/things/1'))
    expect(error).toMatchObject({ status: 500, detail: null })
  })

  it('reports a network failure as status null', async () => {
    server.use(http.get(apiUrl('/things'), () => HttpResponse.error()))
    const error = await failure(api.get('/things'))
    expect(error).toMatchObject({ status: null, detail: null })
  })

  it('gives up after the timeout with status null', async () => {
    server.use(
      http.get(apiUrl('/slow'), async () => {
        await delay(500)
        return HttpResponse.json({})
      }),
    )
    const quick = createApiClient({ timeoutMs: 20 })
    const error = await failure(quick.get('/slow'))
    expect(error.status).toBeNull()
    expect(error.message).toMatch(/timed out/i)
  })

  it('reads images as blobs', async () => {
    server.use(
      http.get(
        apiUrl('/products/1/images/2/image-file'),
        () =>
          new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
            headers: { 'Content-Type': 'image/png' },
          }),
      ),
    )
    const blob = await api.getBlob('/products/1/images/2/image-file')
    expect(blob.size).toBe(4)
    expect(blob.type).toBe('image/png')
  })

  it('on 401 clears the token and redirects once, however many calls fail together', async () => {
    window.localStorage.setItem('token', 'stale')
    let redirects = 0
    unregister = setUnauthorizedHandler(() => {
      redirects++
    })
    server.use(
      http.get(apiUrl('/things'), () =>
        HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
    )
    const errors = await Promise.all([
      failure(api.get('/things')),
      failure(api.get('/things')),
      failure(api.get('/things')),
    ])
    for (const error of errors)
      expect(error).toMatchObject({ status: 401, detail: 'Token expired' })
    expect(redirects).toBe(1)
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it('redirects again for a later session', async () => {
    let redirects = 0
    unregister = setUnauthorizedHandler(() => {
      redirects++
    })
    server.use(http.get(apiUrl('/things'), () => new HttpResponse(null, { status: 401 })))
    window.localStorage.setItem('token', 'first')
    await failure(api.get('/things'))
    window.localStorage.setItem('token', 'second')
    await failure(api.get('/things'))
    expect(redirects).toBe(2)
  })

  it('reports a 401 on a call made without a token (the session decides if one ended)', async () => {
    // Logged out in another tab: the token is gone from this tab too, and the call goes without.
    let reports = 0
    unregister = setUnauthorizedHandler(() => {
      reports++
    })
    server.use(http.get(apiUrl('/things'), () => new HttpResponse(null, { status: 401 })))
    const error = await failure(api.get('/things'))
    expect(error.status).toBe(401)
    expect(reports).toBe(1)
  })
})

describe('api client: record versions (ETag and If-Match)', () => {
  it('getVersioned returns the body with the ETag of its answer, or null without one', async () => {
    server.use(
      http.get(apiUrl('/things/1'), () =>
        HttpResponse.json({ id: 1 }, { headers: { ETag: '"abc"' } }),
      ),
      http.get(apiUrl('/things/2'), () => HttpResponse.json({ id: 2 })),
    )
    await expect(api.getVersioned('/things/1')).resolves.toEqual({ data: { id: 1 }, etag: '"abc"' })
    await expect(api.getVersioned('/things/2')).resolves.toEqual({ data: { id: 2 }, etag: null })
  })

  it('put sends If-Match only when given a tag, and a 412 is an ApiError with the detail', async () => {
    const seen: Array<string | null> = []
    server.use(
      http.put(apiUrl('/things/1'), ({ request }) => {
        const ifMatch = request.headers.get('If-Match')
        seen.push(ifMatch)
        return ifMatch === '"old"'
          ? HttpResponse.json({ detail: 'Changed meanwhile' }, { status: 412 })
          : HttpResponse.json({ id: 1 })
      }),
    )
    await api.put('/things/1', { name: 'A' }, '"abc"')
    await api.put('/things/1', { name: 'A' }, null)
    await api.put('/things/1', { name: 'A' })
    const error = await failure(api.put('/things/1', { name: 'A' }, '"old"'))
    expect(error).toMatchObject({ status: 412, detail: 'Changed meanwhile' })
    expect(seen).toEqual(['"abc"', null, null, '"old"'])
  })
})
