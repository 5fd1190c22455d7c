import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'
import { bombPng, exifJpeg, type Format, MiB, noisePng, solid } from './support/images'
import { PRODUCTS, productApi } from './support/products'
import { expectDetail, type Json } from './support/requests'

// Product images on SQLite and on PostgreSQL, with real images made by sharp: upload (cleaned,
// with a thumbnail at most 480 px wide), read, edit, list, delete, the one preview per product
// (also under concurrent calls) and the image file with its ETag.

const NOT_FOUND = 'Product not found'
const IMAGE_NOT_FOUND = 'Product image not found'

const base64 = (bytes: Buffer) => bytes.toString('base64')

const fixtures = {} as {
  png: Buffer
  jpeg: Buffer
  webp: Buffer
  /** 1600×1200, the largest crop the web app uploads. */
  large: Record<Format, Buffer>
  /** A JPEG with EXIF (camera, GPS) and orientation 6: stored 60×20, shown 20×60. */
  exifJpeg: Buffer
  /** 48 megapixels of one colour: a small file that would decode to ~140 MB. */
  bomb: Buffer
}

beforeAll(async () => {
  fixtures.png = await solid(64, 48, 'png')
  fixtures.jpeg = await solid(64, 48, 'jpeg', '#27ae60')
  fixtures.webp = await solid(64, 48, 'webp', '#2980b9')
  fixtures.large = {
    png: await solid(1600, 1200, 'png'),
    jpeg: await solid(1600, 1200, 'jpeg'),
    webp: await solid(1600, 1200, 'webp'),
  }
  fixtures.exifJpeg = await exifJpeg(600, 200)
  fixtures.bomb = await bombPng()
})

describeEachDatabase('product image API', (suite) => {
  let app: FastifyInstance
  let api: ReturnType<typeof productApi>
  let productId: number

  beforeEach(async () => {
    app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    api = productApi(app, token)
    productId = (await api.create(await api.provider())).id
  })

  const images = (product: number | string) => `${PRODUCTS}/${product}/images`
  const upload = (product: number | string, body: object) =>
    app.inject({ method: 'POST', url: images(product), headers: api.headers, payload: body })
  const getImage = (product: number | string, image: number | string) =>
    app.inject({ method: 'GET', url: `${images(product)}/${image}`, headers: api.headers })
  const putImage = (product: number | string, image: number | string, body: object) =>
    app.inject({
      method: 'PUT',
      url: `${images(product)}/${image}`,
      headers: api.headers,
      payload: body,
    })
  const deleteImage = (product: number | string, image: number | string) =>
    app.inject({ method: 'DELETE', url: `${images(product)}/${image}`, headers: api.headers })
  const makePreview = (product: number | string, image: number | string) =>
    app.inject({
      method: 'POST',
      url: `${images(product)}/${image}/make-preview-image`,
      headers: api.headers,
    })
  const listImages = (product: number | string, query: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: images(product), headers: api.headers, query })
  const fetchFile = (
    product: number | string,
    image: number | string,
    { size, headers = {} }: { size?: string; headers?: Record<string, string> } = {},
  ) =>
    app.inject({
      method: 'GET',
      url: `${images(product)}/${image}/image-file`,
      headers: { ...api.headers, ...headers },
      query: size === undefined ? {} : { size },
    })

  /** Uploads a small PNG (unless told otherwise) and returns the new image id. */
  const add = async (product: number, fields: Json = {}) => {
    const response = await upload(product, {
      image: base64(fixtures.png),
      imageName: 'Front view',
      imageDescription: 'The dish as served',
      enabled: true,
      ...fields,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as number
  }
  const imageRows = (product: number) =>
    suite.db
      .selectFrom('productImages')
      .select(['id', 'isPreview'])
      .where('productId', '=', product)
      .orderBy('id')
      .execute()
  const previewOf = async (product: number) => (await api.get(product)).json().previewImageId

  describe('upload and read', () => {
    test.each<Format>(['png', 'jpeg', 'webp'])(
      'a %s upload is 201 {id, productId}, readable, and served with its type',
      async (format) => {
        const response = await upload(productId, {
          image: base64(fixtures[format]),
          imageName: ' Front view ',
          imageDescription: 'The dish as served',
          enabled: true,
        })
        expect(response.statusCode, response.body).toBe(201)
        const { id } = response.json()
        expect(response.json()).toEqual({ id, productId })
        expect(Object.keys(response.json())).toEqual(['id', 'productId'])

        const read = await getImage(productId, id)
        expect(read.statusCode).toBe(200)
        expect(read.json()).toEqual({
          id,
          productId,
          imageName: 'Front view',
          imageDescription: 'The dish as served',
          enabled: true,
          isPreview: false,
        })
        expect(Object.keys(read.json())).toEqual([
          'id',
          'productId',
          'imageName',
          'imageDescription',
          'enabled',
          'isPreview',
        ])

        const served = await fetchFile(productId, id)
        expect(served.statusCode).toBe(200)
        expect(served.headers['content-type']).toBe(`image/${format}`)
        expect(served.headers['x-content-type-options']).toBe('nosniff')
        expect(served.headers['cache-control']).toBe('private, no-cache')
        expect(served.headers.etag).toMatch(/^"[\w-]+"$/)
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({
          format,
          width: 64,
          height: 48,
        })
        // Adding an image does not make it the preview.
        expect(await previewOf(productId)).toBeNull()
      },
    )

    test('defaults: enabled, no description; a blank description is none; a data URL is fine', async () => {
      const plain = await add(productId, { enabled: undefined, imageDescription: undefined })
      expect((await getImage(productId, plain)).json()).toMatchObject({
        enabled: true,
        imageDescription: null,
      })
      const blank = await add(productId, { imageDescription: '   ', enabled: false })
      expect((await getImage(productId, blank)).json()).toMatchObject({
        enabled: false,
        imageDescription: null,
      })
      const prefixed = await add(productId, {
        image: `data:image/webp;base64,${base64(fixtures.webp)}`,
      })
      expect((await fetchFile(productId, prefixed)).headers['content-type']).toBe('image/webp')
    })

    test.each<Format>(['png', 'jpeg', 'webp'])(
      'a %s image gets a WebP thumbnail made once, at most 480 px wide',
      async (format) => {
        const id = await add(productId, { image: base64(fixtures.large[format]) })
        const full = await fetchFile(productId, id)
        expect(await sharp(full.rawPayload).metadata()).toMatchObject({
          format,
          width: 1600,
          height: 1200,
        })
        const thumb = await fetchFile(productId, id, { size: 'thumb' })
        expect(thumb.statusCode).toBe(200)
        expect(thumb.headers['content-type']).toBe('image/webp')
        expect(thumb.headers['x-content-type-options']).toBe('nosniff')
        expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
          format: 'webp',
          width: 480,
          height: 360,
        })
        expect(thumb.headers.etag).not.toBe(full.headers.etag)
        expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length)
        // Stored, not made per request.
        const row = await suite.db
          .selectFrom('productImages')
          .select(['thumbBytes', 'thumbEtag'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        expect(Buffer.compare(Buffer.from(row.thumbBytes), thumb.rawPayload)).toBe(0)
        expect(row.thumbEtag).toBe(thumb.headers.etag)
        expect((await fetchFile(productId, id, { size: 'full' })).headers.etag).toBe(
          full.headers.etag,
        )
      },
    )

    test('a small image is its own thumbnail size (never enlarged)', async () => {
      const id = await add(productId)
      const thumb = await fetchFile(productId, id, { size: 'thumb' })
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 64, height: 48 })
      expectDetail(
        await fetchFile(productId, id, { size: 'huge' }),
        400,
        'size must be full or thumb',
      )
    })

    test('an ETag the browser holds is answered 304, for the image and its thumbnail', async () => {
      const id = await add(productId, { image: base64(fixtures.large.jpeg) })
      for (const size of [undefined, 'thumb']) {
        const { etag } = (await fetchFile(productId, id, { size })).headers as { etag: string }
        for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const cached = await fetchFile(productId, id, {
            size,
            headers: { 'if-none-match': ifNoneMatch },
          })
          expect(cached.statusCode, `${size} ${ifNoneMatch}`).toBe(304)
          expect(cached.body).toBe('')
          expect(cached.headers.etag).toBe(etag)
        }
        const other = await fetchFile(productId, id, {
          size,
          headers: { 'if-none-match': '"other"' },
        })
        expect(other.statusCode).toBe(200)
      }
    })
  })

  describe('cleaning and refusals', () => {
    test('EXIF (camera, GPS) is removed from the image and its thumbnail, orientation applied', async () => {
      expect((await sharp(fixtures.exifJpeg).metadata()).exif).toBeDefined()
      const id = await add(productId, { image: base64(fixtures.exifJpeg) })
      for (const [size, format] of [
        [undefined, 'jpeg'],
        ['thumb', 'webp'],
      ]) {
        const served = (await fetchFile(productId, id, { size })).rawPayload
        const output = await sharp(served).metadata()
        expect(output).toMatchObject({ format, width: 200, height: 600 })
        expect(output.exif).toBeUndefined()
        expect(output.xmp).toBeUndefined()
        expect(output.icc).toBeUndefined()
        expect(output.orientation).toBeUndefined()
        expect(served.includes(Buffer.from('Snapper'))).toBe(false)
        expect(served.includes(Buffer.from('Ada Lovelace'))).toBe(false)
      }
    })

    test('bytes hidden after a complete image are dropped, not served', async () => {
      const polyglot = Buffer.concat([fixtures.png, Buffer.from('<html><script>alert(1)</script>')])
      const id = await add(productId, { image: base64(polyglot) })
      const served = (await fetchFile(productId, id)).rawPayload
      expect(served.includes(Buffer.from('<script'))).toBe(false)
      expect((await sharp(served).metadata()).format).toBe('png')
    })

    test.each<[string, () => unknown, string]>([
      [
        'text',
        () => base64(Buffer.from('just some text')),
        'image must be a PNG, JPEG or WebP image',
      ],
      [
        'an SVG',
        () => base64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
        'image must be a PNG, JPEG or WebP image',
      ],
      [
        'a truncated PNG',
        () => base64(fixtures.png.subarray(0, fixtures.png.length - 30)),
        'image is not a valid PNG image',
      ],
      [
        'a truncated JPEG',
        () => base64(fixtures.jpeg.subarray(0, Math.floor(fixtures.jpeg.length * 0.8))),
        'image is not a valid JPEG image',
      ],
      [
        'a PNG header followed by HTML (a polyglot)',
        () =>
          base64(
            Buffer.concat([
              fixtures.png.subarray(0, 33),
              Buffer.from('<html><script>alert(document.cookie)</script></html>'),
            ]),
          ),
        'image is not a valid PNG image',
      ],
      ['text that is not base64', () => '%%% not base64 %%%', 'image is not valid base64'],
      ['an empty string', () => '', 'image must not be blank'],
      ['a number', () => 42, 'image must be string'],
    ])('%s is 400 and stores nothing', async (_, value, detail) => {
      expectDetail(await upload(productId, { image: value(), imageName: 'Bad' }), 400, detail)
      expect(await imageRows(productId)).toEqual([])
    })

    test.each<[string, Json, string]>([
      ['a missing image', { image: undefined }, 'image is required'],
      ['a missing name', { imageName: undefined }, 'imageName is required'],
      ['a blank name', { imageName: '  ' }, 'imageName must not be blank'],
      ['a string for enabled', { enabled: 'yes' }, 'enabled must be boolean'],
      ['a numeric description', { imageDescription: 5 }, 'imageDescription must be string,null'],
    ])('%s is 400 naming the field', async (_, change, detail) => {
      const body: Json = { image: base64(fixtures.png), imageName: 'Name', ...change }
      for (const key of Object.keys(change)) if (change[key] === undefined) delete body[key]
      expectDetail(await upload(productId, body), 400, detail)
      expect(await imageRows(productId)).toEqual([])
    })

    test('an image file over 8 MiB is 413', async () => {
      const bytes = await noisePng(1700)
      expect(bytes.length).toBeGreaterThan(8 * MiB)
      expectDetail(
        await upload(productId, { image: base64(bytes), imageName: 'Huge' }),
        413,
        'image is too large: an image may be at most 8 MiB',
      )
      expect(await imageRows(productId)).toEqual([])
    })

    test('an image of about 7.5 MiB is accepted (the upload route takes large bodies)', async () => {
      const bytes = await noisePng(1600)
      expect(bytes.length).toBeGreaterThan(7 * MiB)
      const id = await add(productId, { image: base64(bytes) })
      const thumb = await fetchFile(productId, id, { size: 'thumb' })
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 480, height: 480 })
    })

    test('a body over 12 MiB is 413 before anything is decoded', async () => {
      expectDetail(
        await upload(productId, { image: 'A'.repeat(13 * MiB), imageName: 'Huge' }),
        413,
        'Request body is too large',
      )
    })

    test('other product image routes keep the 1 MiB body limit', async () => {
      const id = await add(productId)
      expectDetail(
        await putImage(productId, id, { imageName: 'x', imageDescription: 'x'.repeat(2 * MiB) }),
        413,
        'Request body is too large',
      )
    })

    test('more than 40 megapixels is 413 (a decompression bomb)', async () => {
      expect(fixtures.bomb.length).toBeLessThan(MiB)
      expectDetail(
        await upload(productId, { image: base64(fixtures.bomb), imageName: 'Bomb' }),
        413,
        'image has too many pixels: at most 40 megapixels',
      )
    })
  })

  describe('edit, list, delete', () => {
    test('PUT changes name, description and enabled and answers {id, productId}', async () => {
      const id = await add(productId)
      await makePreview(productId, id)
      const updated = await putImage(productId, id, {
        imageName: 'Side view',
        imageDescription: null,
        enabled: false,
        // Not editable here.
        isPreview: false,
        productId: 999,
      })
      expect(updated.statusCode, updated.body).toBe(200)
      expect(updated.json()).toEqual({ id, productId })
      expect((await getImage(productId, id)).json()).toEqual({
        id,
        productId,
        imageName: 'Side view',
        imageDescription: null,
        enabled: false,
        isPreview: true,
      })
      // The image itself is unchanged.
      expect((await fetchFile(productId, id)).headers['content-type']).toBe('image/png')
      expectDetail(
        await putImage(productId, id, { imageName: ' ' }),
        400,
        'imageName must not be blank',
      )
      expectDetail(await putImage(productId, id, {}), 400, 'imageName is required')
      // Omitted enabled is the schema's default.
      await putImage(productId, id, { imageName: 'Again' })
      expect((await getImage(productId, id)).json()).toMatchObject({
        imageName: 'Again',
        enabled: true,
        imageDescription: null,
      })
    })

    test('the list: oldest first, the enabled filter, pages; a missing product is 404', async () => {
      const first = await add(productId, { imageName: 'One' })
      const second = await add(productId, { imageName: 'Two', enabled: false })
      const third = await add(productId, { imageName: 'Three' })
      const otherProduct = (await api.create(await api.provider())).id
      await add(otherProduct, { imageName: 'Elsewhere' })

      const response = await listImages(productId)
      expect(response.statusCode).toBe(200)
      const { data, pagination } = response.json()
      expect(data.map((row: Json) => row.id)).toEqual([first, second, third])
      expect(data[0]).toEqual((await getImage(productId, first)).json())
      expect(pagination).toEqual({
        page: 1,
        pageSize: 30,
        total: 3,
        totalExact: true,
        totalPages: 1,
        hasPrev: false,
        hasNext: false,
      })
      const names = async (query: Record<string, string>) =>
        (await listImages(productId, query)).json().data.map((row: Json) => row.imageName)
      expect(await names({ enabled: 'true' })).toEqual(['One', 'Three'])
      expect(await names({ enabled: 'false' })).toEqual(['Two'])
      expect(await names({ pageSize: '2', page: '2' })).toEqual(['Three'])
      expect(await names({ pageSize: '2', page: '5' })).toEqual([])
      expectDetail(
        await listImages(productId, { enabled: 'yes' }),
        400,
        'enabled must be true or false',
      )

      const empty = await listImages(otherProduct, { enabled: 'false' })
      expect(empty.json()).toMatchObject({ data: [], pagination: { total: 0, hasNext: false } })
      for (const id of ['2147483000', 'abc']) expectDetail(await listImages(id), 404, NOT_FOUND)
    })

    test('DELETE answers {} and removes the image and its files', async () => {
      const keep = await add(productId)
      const gone = await add(productId)
      await makePreview(productId, keep)
      const deleted = await deleteImage(productId, gone)
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toEqual({})
      expect((await imageRows(productId)).map((row) => row.id)).toEqual([keep])
      // Deleting another image leaves the preview alone.
      expect(await previewOf(productId)).toBe(keep)
      expectDetail(await getImage(productId, gone), 404, IMAGE_NOT_FOUND)
      expectDetail(await fetchFile(productId, gone), 404, IMAGE_NOT_FOUND)
      expectDetail(await deleteImage(productId, gone), 404, IMAGE_NOT_FOUND)
    })
  })

  describe('the preview image', () => {
    test('make-preview answers {id, productId}; the previous preview is unset', async () => {
      const a = await add(productId)
      const b = await add(productId)
      const first = await makePreview(productId, a)
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toEqual({ id: a, productId })
      expect(await previewOf(productId)).toBe(a)
      expect((await getImage(productId, a)).json().isPreview).toBe(true)

      // An empty JSON body and `{}` are fine too.
      const second = await app.inject({
        method: 'POST',
        url: `${images(productId)}/${b}/make-preview-image`,
        headers: { ...api.headers, 'content-type': 'application/json' },
        payload: '',
      })
      expect(second.statusCode, second.body).toBe(200)
      expect(await previewOf(productId)).toBe(b)
      expect(await imageRows(productId)).toEqual([
        { id: a, isPreview: 0 },
        { id: b, isPreview: 1 },
      ])
      const again = await app.inject({
        method: 'POST',
        url: `${images(productId)}/${b}/make-preview-image`,
        headers: api.headers,
        payload: {},
      })
      expect(again.statusCode).toBe(200)
      expect(await imageRows(productId)).toEqual([
        { id: a, isPreview: 0 },
        { id: b, isPreview: 1 },
      ])
      const list = (await listImages(productId)).json().data
      expect(list.map((row: Json) => row.isPreview)).toEqual([false, true])
      // The product lists show it too.
      const product = (await api.get(productId)).json()
      const rows = await api.rows({ name: product.name })
      expect(rows[0].previewImageId).toBe(b)
    })

    test('deleting the preview image leaves the product without one', async () => {
      const a = await add(productId)
      const b = await add(productId)
      await makePreview(productId, b)
      expect((await deleteImage(productId, b)).statusCode).toBe(200)
      expect(await previewOf(productId)).toBeNull()
      expect(await imageRows(productId)).toEqual([{ id: a, isPreview: 0 }])
      // And another can become the preview afterwards.
      expect((await makePreview(productId, a)).statusCode).toBe(200)
      expect(await previewOf(productId)).toBe(a)
    })

    test('20 concurrent make-preview calls leave exactly one preview, the product’s', async () => {
      const ids: number[] = []
      for (let i = 0; i < 5; i += 1) ids.push(await add(productId, { imageName: `Image ${i}` }))
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => makePreview(productId, ids[i % ids.length])),
      )
      for (const response of responses) expect(response.statusCode, response.body).toBe(200)
      const previews = (await imageRows(productId)).filter((row) => row.isPreview === 1)
      expect(previews).toHaveLength(1)
      expect(await previewOf(productId)).toBe(previews[0].id)
      const listed = (await listImages(productId)).json().data as Json[]
      expect(listed.filter((row) => row.isPreview).map((row) => row.id)).toEqual([previews[0].id])
    })

    test('concurrent make-preview and delete calls keep the two records in step', async () => {
      const ids: number[] = []
      for (let i = 0; i < 6; i += 1) ids.push(await add(productId))
      const calls = ids.flatMap((id, i) =>
        i % 2 === 0
          ? [makePreview(productId, id), makePreview(productId, id)]
          : [makePreview(productId, id), deleteImage(productId, id), makePreview(productId, id)],
      )
      const responses = await Promise.all(calls)
      for (const response of responses) expect([200, 404]).toContain(response.statusCode)
      const rows = await imageRows(productId)
      const previews = rows.filter((row) => row.isPreview === 1)
      expect(previews.length).toBeLessThanOrEqual(1)
      expect(await previewOf(productId)).toBe(previews[0]?.id ?? null)
      expect(rows.map((row) => row.id)).toEqual(ids.filter((_, i) => i % 2 === 0))
    })

    test('the database itself allows one preview per product, and only its own image', async () => {
      const a = await add(productId)
      const b = await add(productId)
      await makePreview(productId, a)
      await expect(
        suite.db.updateTable('productImages').set({ isPreview: 1 }).where('id', '=', b).execute(),
      ).rejects.toThrow()
      const other = (await api.create(await api.provider())).id
      const foreign = await add(other)
      await expect(
        suite.db
          .updateTable('products')
          .set({ previewImageId: foreign })
          .where('id', '=', productId)
          .execute(),
      ).rejects.toThrow()
      await expect(
        suite.db
          .updateTable('products')
          .set({ previewImageId: 2147483000 })
          .where('id', '=', productId)
          .execute(),
      ).rejects.toThrow()
      expect(await previewOf(productId)).toBe(a)
    })
  })

  describe('missing products and images', () => {
    test('an image asked for under another product is 404 on every image route', async () => {
      const other = (await api.create(await api.provider())).id
      const id = await add(productId)
      await makePreview(productId, id)
      const calls = [
        () => getImage(other, id),
        () => putImage(other, id, { imageName: 'Hijacked' }),
        () => deleteImage(other, id),
        () => makePreview(other, id),
        () => fetchFile(other, id),
        () => fetchFile(other, id, { size: 'thumb' }),
      ]
      for (const call of calls) expectDetail(await call(), 404, IMAGE_NOT_FOUND)
      // Untouched, and the other product did not gain a preview.
      expect((await getImage(productId, id)).json()).toMatchObject({
        imageName: 'Front view',
        isPreview: true,
      })
      expect(await previewOf(productId)).toBe(id)
      expect(await previewOf(other)).toBeNull()
    })

    test.each(['2147483000', 'abc', '0', '99999999999999'])(
      'product %s: every image route is 404 Product not found',
      async (product) => {
        const id = await add(productId)
        expectDetail(
          await upload(product, { image: base64(fixtures.png), imageName: 'x' }),
          404,
          NOT_FOUND,
        )
        expectDetail(await listImages(product), 404, NOT_FOUND)
        expectDetail(await getImage(product, id), 404, NOT_FOUND)
        expectDetail(await putImage(product, id, { imageName: 'x' }), 404, NOT_FOUND)
        expectDetail(await deleteImage(product, id), 404, NOT_FOUND)
        expectDetail(await makePreview(product, id), 404, NOT_FOUND)
        expectDetail(await fetchFile(product, id), 404, NOT_FOUND)
      },
    )

    test.each(['2147483000', 'abc', '0', '-1'])(
      'image %s of an existing product is 404 Product image not found',
      async (image) => {
        expectDetail(await getImage(productId, image), 404, IMAGE_NOT_FOUND)
        expectDetail(await putImage(productId, image, { imageName: 'x' }), 404, IMAGE_NOT_FOUND)
        expectDetail(await deleteImage(productId, image), 404, IMAGE_NOT_FOUND)
        expectDetail(await makePreview(productId, image), 404, IMAGE_NOT_FOUND)
        expectDetail(await fetchFile(productId, image), 404, IMAGE_NOT_FOUND)
      },
    )

    test('every image route is 401 without a token', async () => {
      const id = await add(productId)
      const base = images(productId)
      const calls = [
        {
          method: 'POST' as const,
          url: base,
          payload: { image: base64(fixtures.png), imageName: 'x' },
        },
        { method: 'GET' as const, url: base },
        { method: 'GET' as const, url: `${base}/${id}` },
        { method: 'PUT' as const, url: `${base}/${id}`, payload: { imageName: 'x' } },
        { method: 'DELETE' as const, url: `${base}/${id}` },
        { method: 'POST' as const, url: `${base}/${id}/make-preview-image` },
        { method: 'GET' as const, url: `${base}/${id}/image-file` },
      ]
      for (const call of calls) {
        const response = await app.inject(call)
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401)
        expect(Object.keys(response.json())).toEqual(['detail'])
      }
      expect(await imageRows(productId)).toEqual([{ id, isPreview: 0 }])
    })
  })
})
