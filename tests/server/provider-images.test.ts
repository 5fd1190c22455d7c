import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { sniffFormat, thumbnail } from '../../server/images/clean-image'
import { describeEachDatabase } from './support/databases'
import { bombPng, exifJpeg, type Format, MiB, noisePng, solid } from './support/images'
import { expectDetail } from './support/requests'
import { PROVIDERS, providerApi } from './support/service-providers'

// Passport photos and brand logos on SQLite and on PostgreSQL, with real images made by sharp.
// What is served must always be an image sharp re-encoded: no metadata, nothing appended.

const KINDS = [
  {
    path: 'passport-photo',
    field: 'passportPhoto',
    flag: 'hasPassportPhoto',
    label: 'passport photo',
  },
  { path: 'brand-logo', field: 'brandLogo', flag: 'hasBrandLogo', label: 'brand logo' },
] as const

function dataUrl(bytes: Buffer, type = 'image/png') {
  return `data:${type};base64,${bytes.toString('base64')}`
}

const fixtures = {} as {
  png: Buffer
  jpeg: Buffer
  webp: Buffer
  /** A JPEG with EXIF (camera, GPS position) and orientation 6: stored 60×20, shown 20×60. */
  exifJpeg: Buffer
  /** 48 megapixels of one colour: a small file that would decode to ~140 MB. */
  bomb: Buffer
  /** 400×400 of noise: a photo-sized PNG (~0.5 MB) whose thumbnail is much smaller. */
  photo: Buffer
}

beforeAll(async () => {
  fixtures.png = await solid(64, 48, 'png')
  fixtures.jpeg = await solid(64, 48, 'jpeg', '#27ae60')
  fixtures.webp = await solid(64, 48, 'webp', '#2980b9')
  fixtures.exifJpeg = await exifJpeg(60, 20)
  fixtures.bomb = await bombPng()
  fixtures.photo = await noisePng(400)
})

describe('image helpers', () => {
  test('sniffFormat recognises PNG, JPEG and WebP by their first bytes only', () => {
    expect(sniffFormat(fixtures.png)).toBe('png')
    expect(sniffFormat(fixtures.jpeg)).toBe('jpeg')
    expect(sniffFormat(fixtures.webp)).toBe('webp')
    expect(sniffFormat(Buffer.from('GIF89a'))).toBeUndefined()
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
  })

  test('thumbnail scales down to the width as WebP, keeps transparency, never enlarges', async () => {
    const big = await solid(400, 300, 'jpeg')
    const small = await thumbnail(big, 100)
    expect(small.contentType).toBe('image/webp')
    expect(await sharp(small.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 100,
      height: 75,
    })
    const same = await thumbnail(fixtures.webp, 1000)
    expect(await sharp(same.bytes).metadata()).toMatchObject({ format: 'webp', width: 64 })
    const transparent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    expect(await sharp((await thumbnail(transparent, 100)).bytes).metadata()).toMatchObject({
      hasAlpha: true,
    })
    expect(same.etag).toMatch(/^"[\w-]+"$/)
  })
})

describeEachDatabase('provider image API', (suite) => {
  let app: FastifyInstance
  let api: ReturnType<typeof providerApi>

  beforeEach(async () => {
    app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    api = providerApi(app, token)
  })

  const upload = (id: number | string, path: string, body: object) =>
    app.inject({
      method: 'POST',
      url: `${PROVIDERS}/${id}/${path}`,
      headers: api.headers,
      payload: body,
    })
  const fetchImage = (id: number | string, path: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `${PROVIDERS}/${id}/${path}`,
      headers: { ...api.headers, ...headers },
    })
  const remove = (id: number | string, path: string) =>
    app.inject({ method: 'DELETE', url: `${PROVIDERS}/${id}/${path}`, headers: api.headers })
  const imageRows = async (id: number) =>
    suite.db
      .selectFrom('providerImages')
      .select(['kind', 'contentType'])
      .where('providerId', '=', id)
      .execute()

  describe.each(KINDS)('$label', ({ path, field, flag, label }) => {
    test.each<Format>(['png', 'jpeg', 'webp'])(
      'a %s upload is stored, served with its type and flagged on the provider',
      async (format) => {
        const { id } = await api.create()
        const response = await upload(id, path, { [field]: dataUrl(fixtures[format]) })
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json()).toEqual((await api.get(id)).json())
        expect(response.json()[flag]).toBe(true)

        const served = await fetchImage(id, path)
        expect(served.statusCode).toBe(200)
        // The declared type (image/png) did not count: the bytes did.
        expect(served.headers['content-type']).toBe(`image/${format}`)
        expect(served.headers['x-content-type-options']).toBe('nosniff')
        expect(served.headers['cache-control']).toBe('private, no-cache')
        expect(served.headers.etag).toMatch(/^"[\w-]+"$/)
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({
          format,
          width: 64,
          height: 48,
        })
        expect((await api.publicGet(id)).json()[flag]).toBe(true)
      },
    )

    test('?size=thumb serves a WebP thumbnail at most 160 px wide, made once at upload', async () => {
      const { id } = await api.create()
      expect((await upload(id, path, { [field]: dataUrl(fixtures.photo) })).statusCode).toBe(200)
      const full = await fetchImage(id, path)
      const thumb = await fetchImage(id, `${path}?size=thumb`)
      expect(thumb.statusCode).toBe(200)
      expect(thumb.headers['content-type']).toBe('image/webp')
      expect(thumb.headers['x-content-type-options']).toBe('nosniff')
      expect(thumb.headers['cache-control']).toBe('private, no-cache')
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 160,
        height: 160,
      })
      expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length / 4)
      expect(thumb.headers.etag).toMatch(/^"[\w-]+"$/)
      expect(thumb.headers.etag).not.toBe(full.headers.etag)
      // Stored, not made per request.
      const row = await suite.db
        .selectFrom('providerImages')
        .select(['thumbBytes', 'thumbEtag', 'thumbContentType'])
        .where('providerId', '=', id)
        .where('kind', '=', path)
        .executeTakeFirstOrThrow()
      expect(Buffer.compare(Buffer.from(row.thumbBytes ?? []), thumb.rawPayload)).toBe(0)
      expect(row).toMatchObject({ thumbEtag: thumb.headers.etag, thumbContentType: 'image/webp' })
      // No size, or size=full, is the image itself, unchanged.
      const explicit = await fetchImage(id, `${path}?size=full`)
      expect(explicit.headers.etag).toBe(full.headers.etag)
      expect(full.headers['content-type']).toBe('image/png')
    })

    test('the thumbnail answers 304 to its own ETag, not to the full image ones', async () => {
      const { id } = await api.create()
      await upload(id, path, { [field]: dataUrl(fixtures.photo) })
      const thumbPath = `${path}?size=thumb`
      const { etag } = (await fetchImage(id, thumbPath)).headers as { etag: string }
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const cached = await fetchImage(id, thumbPath, { 'if-none-match': ifNoneMatch })
        expect(cached.statusCode, ifNoneMatch).toBe(304)
        expect(cached.body).toBe('')
        expect(cached.headers.etag).toBe(etag)
      }
      const fullEtag = (await fetchImage(id, path)).headers.etag as string
      expect((await fetchImage(id, thumbPath, { 'if-none-match': fullEtag })).statusCode).toBe(200)
      expect((await fetchImage(id, path, { 'if-none-match': etag })).statusCode).toBe(200)
    })

    test('a size other than full or thumb is 400', async () => {
      const { id } = await api.create()
      await upload(id, path, { [field]: dataUrl(fixtures.png) })
      for (const size of ['huge', 'THUMB', '160']) {
        expectDetail(
          await fetchImage(id, `${path}?size=${size}`),
          400,
          'size must be full or thumb',
        )
      }
    })

    test('an image stored before thumbnails existed is served in full for ?size=thumb', async () => {
      const { id } = await api.create()
      await upload(id, path, { [field]: dataUrl(fixtures.png) })
      // What migration 007 leaves on older rows: no thumbnail at all.
      await suite.db
        .updateTable('providerImages')
        .set({ thumbContentType: null, thumbBytes: null, thumbEtag: null })
        .where('providerId', '=', id)
        .execute()
      const full = await fetchImage(id, path)
      const thumb = await fetchImage(id, `${path}?size=thumb`)
      expect(thumb.statusCode).toBe(200)
      expect(thumb.headers['content-type']).toBe('image/png')
      expect(thumb.headers.etag).toBe(full.headers.etag)
      expect(Buffer.compare(thumb.rawPayload, full.rawPayload)).toBe(0)
      const cached = await fetchImage(id, `${path}?size=thumb`, {
        'if-none-match': full.headers.etag as string,
      })
      expect(cached.statusCode).toBe(304)
    })

    test('bare base64 (no data: prefix) is accepted too', async () => {
      const { id } = await api.create()
      const response = await upload(id, path, { [field]: fixtures.jpeg.toString('base64') })
      expect(response.statusCode, response.body).toBe(200)
      expect((await fetchImage(id, path)).headers['content-type']).toBe('image/jpeg')
    })

    test('replacing keeps one row and serves the new image; delete flips the flag back', async () => {
      const { id } = await api.create()
      expect((await upload(id, path, { [field]: dataUrl(fixtures.png) })).statusCode).toBe(200)
      const first = await fetchImage(id, path)
      expect((await upload(id, path, { [field]: dataUrl(fixtures.webp) })).statusCode).toBe(200)
      expect(await imageRows(id)).toEqual([{ kind: path, contentType: 'image/webp' }])
      const second = await fetchImage(id, path)
      expect(second.headers['content-type']).toBe('image/webp')
      expect(second.headers.etag).not.toBe(first.headers.etag)

      const deleted = await remove(id, path)
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toEqual({})
      expect((await api.get(id)).json()[flag]).toBe(false)
      expect(await imageRows(id)).toEqual([])
      expectDetail(await fetchImage(id, path), 404, `This service provider has no ${label}`)
      expectDetail(await remove(id, path), 404, `This service provider has no ${label}`)
    })

    test('concurrent uploads leave exactly one image', async () => {
      const { id } = await api.create()
      const responses = await Promise.all(
        [fixtures.png, fixtures.jpeg, fixtures.webp].map((bytes) =>
          upload(id, path, { [field]: dataUrl(bytes) }),
        ),
      )
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200])
      expect(await imageRows(id)).toHaveLength(1)
    })

    test('an ETag the browser holds is answered 304 until the image changes', async () => {
      const { id } = await api.create()
      await upload(id, path, { [field]: dataUrl(fixtures.png) })
      const { etag } = (await fetchImage(id, path)).headers as { etag: string }
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const cached = await fetchImage(id, path, { 'if-none-match': ifNoneMatch })
        expect(cached.statusCode, ifNoneMatch).toBe(304)
        expect(cached.body).toBe('')
        expect(cached.headers.etag).toBe(etag)
      }
      expect((await fetchImage(id, path, { 'if-none-match': '"other"' })).statusCode).toBe(200)
      await upload(id, path, { [field]: dataUrl(fixtures.jpeg) })
      const changed = await fetchImage(id, path, { 'if-none-match': etag })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers['content-type']).toBe('image/jpeg')
    })

    test.each<[string, () => string, string]>([
      ['text', () => dataUrl(Buffer.from('just some text')), 'must be a PNG, JPEG or WebP image'],
      [
        'an SVG',
        () =>
          dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'),
        'must be a PNG, JPEG or WebP image',
      ],
      [
        'a GIF',
        () => dataUrl(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'), 'image/gif'),
        'must be a PNG, JPEG or WebP image',
      ],
      [
        'a truncated PNG',
        () => dataUrl(fixtures.png.subarray(0, fixtures.png.length - 30)),
        'is not a valid PNG image',
      ],
      [
        'a truncated JPEG',
        () => dataUrl(fixtures.jpeg.subarray(0, Math.floor(fixtures.jpeg.length * 0.8))),
        'is not a valid JPEG image',
      ],
      [
        'a PNG header followed by HTML',
        () =>
          dataUrl(
            Buffer.concat([
              fixtures.png.subarray(0, 33),
              Buffer.from('<html><script>alert(document.cookie)</script></html>'),
            ]),
          ),
        'is not a valid PNG image',
      ],
      [
        'text that is not base64',
        () => 'data:image/png;base64,%%% not base64 %%%',
        'is not valid base64',
      ],
      [
        'a data URL that is not base64',
        () => 'data:image/png,rawbytes',
        'must be a base64 data URL (data:image/png;base64,...)',
      ],
      ['an empty data URL', () => 'data:image/png;base64,', 'must not be blank'],
      ['an empty string', () => '', 'must not be blank'],
    ])('%s is 400 and stores nothing', async (_, value, message) => {
      const { id } = await api.create()
      expectDetail(await upload(id, path, { [field]: value() }), 400, `${field} ${message}`)
      expect(await imageRows(id)).toEqual([])
      expect((await api.get(id)).json()[flag]).toBe(false)
    })

    test('a missing or non-string field is 400 naming it', async () => {
      const { id } = await api.create()
      expectDetail(await upload(id, path, {}), 400, `${field} is required`)
      expectDetail(await upload(id, path, { [field]: 42 }), 400, `${field} must be string`)
    })
  })

  describe('cleaning', () => {
    test('EXIF (camera, GPS) is removed and the orientation applied', async () => {
      const input = await sharp(fixtures.exifJpeg).metadata()
      expect(input.exif).toBeDefined()
      expect(input.orientation).toBe(6)
      const { id } = await api.create()
      const response = await upload(id, 'passport-photo', {
        passportPhoto: dataUrl(fixtures.exifJpeg, 'image/jpeg'),
      })
      expect(response.statusCode, response.body).toBe(200)
      const served = (await fetchImage(id, 'passport-photo')).rawPayload
      const output = await sharp(served).metadata()
      expect(output).toMatchObject({ format: 'jpeg', width: 20, height: 60 })
      expect(output.exif).toBeUndefined()
      expect(output.xmp).toBeUndefined()
      expect(output.icc).toBeUndefined()
      expect(output.orientation).toBeUndefined()
      expect(served.includes(Buffer.from('Snapper'))).toBe(false)
      expect(served.includes(Buffer.from('Ada Lovelace'))).toBe(false)
    })

    test('bytes hidden after a complete image are dropped, not served', async () => {
      const { id } = await api.create()
      const polyglot = Buffer.concat([fixtures.png, Buffer.from('<html><script>alert(1)</script>')])
      expect((await upload(id, 'brand-logo', { brandLogo: dataUrl(polyglot) })).statusCode).toBe(
        200,
      )
      const served = (await fetchImage(id, 'brand-logo')).rawPayload
      expect(served.includes(Buffer.from('<script'))).toBe(false)
      expect((await sharp(served).metadata()).format).toBe('png')
    })
  })

  describe('limits', () => {
    test('an image of about 7.5 MiB is accepted (the upload routes take large bodies)', async () => {
      const bytes = await noisePng(1600)
      expect(bytes.length).toBeGreaterThan(7 * MiB)
      expect(bytes.length).toBeLessThan(8 * MiB)
      const { id } = await api.create()
      const response = await upload(id, 'passport-photo', { passportPhoto: dataUrl(bytes) })
      expect(response.statusCode, response.body).toBe(200)
    })

    test('an image file over 8 MiB is 413', async () => {
      const bytes = await noisePng(1700)
      expect(bytes.length).toBeGreaterThan(8 * MiB)
      const { id } = await api.create()
      expectDetail(
        await upload(id, 'brand-logo', { brandLogo: dataUrl(bytes) }),
        413,
        'brandLogo is too large: an image may be at most 8 MiB',
      )
      expect(await imageRows(id)).toEqual([])
    })

    test('a body over 12 MiB is 413 before anything is decoded', async () => {
      const { id } = await api.create()
      const response = await upload(id, 'passport-photo', {
        passportPhoto: `data:image/png;base64,${'A'.repeat(13 * MiB)}`,
      })
      expectDetail(response, 413, 'Request body is too large')
    })

    test('other routes keep the 1 MiB body limit', async () => {
      const { id } = await api.create()
      const response = await api.put(id, { about: 'x'.repeat(2 * MiB) })
      expectDetail(response, 413, 'Request body is too large')
    })

    test('more than 40 megapixels is 413 (a decompression bomb)', async () => {
      expect(fixtures.bomb.length).toBeLessThan(MiB)
      const { id } = await api.create()
      expectDetail(
        await upload(id, 'passport-photo', { passportPhoto: dataUrl(fixtures.bomb) }),
        413,
        'passportPhoto has too many pixels: at most 40 megapixels',
      )
    })
  })

  describe('missing providers and authentication', () => {
    test.each(['2147483000', 'abc', '0'])('provider %s: every image route is 404', async (id) => {
      for (const { path, field } of KINDS) {
        const body = { [field]: dataUrl(fixtures.png) }
        expectDetail(await upload(id, path, body), 404, 'Service provider not found')
        expectDetail(await fetchImage(id, path), 404, 'Service provider not found')
        expectDetail(await remove(id, path), 404, 'Service provider not found')
      }
    })

    test('every image route is 401 without a token', async () => {
      const { id } = await api.create()
      await upload(id, 'passport-photo', { passportPhoto: dataUrl(fixtures.png) })
      for (const { path, field } of KINDS) {
        const url = `${PROVIDERS}/${id}/${path}`
        const calls = [
          { method: 'POST' as const, url, payload: { [field]: dataUrl(fixtures.png) } },
          { method: 'GET' as const, url },
          { method: 'DELETE' as const, url },
        ]
        for (const call of calls) {
          const response = await app.inject(call)
          expect(response.statusCode, `${call.method} ${url}`).toBe(401)
          expect(Object.keys(response.json())).toEqual(['detail'])
        }
      }
      expect(await imageRows(id)).toEqual([{ kind: 'passport-photo', contentType: 'image/png' }])
    })

    test('the two kinds are independent', async () => {
      const { id } = await api.create()
      await upload(id, 'brand-logo', { brandLogo: dataUrl(fixtures.webp) })
      expect((await api.get(id)).json()).toMatchObject({
        hasPassportPhoto: false,
        hasBrandLogo: true,
      })
      expect((await fetchImage(id, 'passport-photo')).statusCode).toBe(404)
      await upload(id, 'passport-photo', { passportPhoto: dataUrl(fixtures.png) })
      expect((await remove(id, 'brand-logo')).statusCode).toBe(200)
      expect((await api.get(id)).json()).toMatchObject({
        hasPassportPhoto: true,
        hasBrandLogo: false,
      })
      expect((await fetchImage(id, 'passport-photo')).headers['content-type']).toBe('image/png')
    })
  })
})
