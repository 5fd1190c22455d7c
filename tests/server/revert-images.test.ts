import { expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { PRODUCTS, productApi } from './support/products'
import type { Json } from './support/requests'

// Images a version refers to (issue 30, decision 022), on SQLite and PostgreSQL: a product
// image deleted, a provider's photo replaced or removed, is kept, so that restoring an older
// version puts it back (same id, same bytes) with the preview it had; images added since stay;
// a dry run shows the change and writes nothing; a delete for good forgets them.

const PROVIDERS = '/api/service-providers'

describeEachDatabase('revert brings back images', (suite) => {
  async function setUp() {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: api.headers, ...(payload ? { payload } : {}) })
    return { app, api, call }
  }
  type Call = Awaited<ReturnType<typeof setUp>>['call']

  const entries = async (call: Call, url: string) => {
    const response = await call('GET', `${url}/history?pageSize=100`)
    return response.json().data as Array<{ id: number; action: string; partId: number | null }>
  }
  const revert = async (call: Call, url: string, to: number, dryRun = false) => {
    const response = await call('POST', `${url}/revert${dryRun ? '?dryRun=true' : ''}`, { to })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Json
  }
  const bytesOf = async (call: Call, url: string) => (await call('GET', url)).rawPayload

  async function addImage(call: Call, productId: number, colour: string) {
    const image = (await solid(40, 30, 'png', colour)).toString('base64')
    const response = await call('POST', `${PRODUCTS}/${productId}/images`, {
      image,
      imageName: `Image ${colour}`,
      imageDescription: null,
      enabled: true,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as number
  }

  test('a product gets back the images and the preview its version had', async () => {
    const { api, call } = await setUp()
    const { id } = await api.create(await api.provider())
    const url = `${PRODUCTS}/${id}`
    const red = await addImage(call, id, '#ff0000')
    const blue = await addImage(call, id, '#0000ff')
    expect((await call('POST', `${url}/images/${red}/make-preview-image`)).statusCode).toBe(200)
    const [version] = await entries(call, url)
    const redFile = `${url}/images/${red}/image-file`
    const redBytes = await bytesOf(call, redFile)

    // Since: the preview image and the other one deleted, a new one added.
    expect((await call('DELETE', `${url}/images/${red}`)).statusCode).toBe(200)
    expect((await call('DELETE', `${url}/images/${blue}`)).statusCode).toBe(200)
    const green = await addImage(call, id, '#00ff00')
    expect((await api.get(id)).json().previewImageId).toBeNull()

    // A dry run shows the preview coming back, and changes nothing.
    const preview = await revert(call, url, version.id, true)
    expect(preview).toEqual({ changes: { previewImageId: { before: null, after: red } } })
    expect((await call('GET', redFile)).statusCode).toBe(404)
    const count = (await entries(call, url)).length

    await revert(call, url, version.id)
    expect((await api.get(id)).json().previewImageId).toBe(red)
    expect(await bytesOf(call, redFile)).toEqual(redBytes)
    const images = (await call('GET', `${url}/images`)).json().data as Json[]
    expect(images.map((image) => [image.id, image.isPreview]).sort()).toEqual(
      [
        [red, true],
        [blue, false],
        [green, false],
      ].sort(),
    )
    const recorded = (await entries(call, url)).slice(0, -count).map((e) => [e.action, e.partId])
    expect(recorded).toEqual([
      ['image-preview', null],
      ['image-add', blue],
      ['image-add', red],
    ])

    // Deleted again, it comes back again: each removal keeps it.
    expect((await call('DELETE', `${url}/images/${red}`)).statusCode).toBe(200)
    await revert(call, url, version.id)
    expect(await bytesOf(call, redFile)).toEqual(redBytes)
  })

  test('an image added after the version and deleted since does not come back', async () => {
    const { api, call } = await setUp()
    const { id } = await api.create(await api.provider())
    const url = `${PRODUCTS}/${id}`
    const [created] = await entries(call, url)
    const later = await addImage(call, id, '#123456')
    expect((await call('DELETE', `${url}/images/${later}`)).statusCode).toBe(200)
    expect(await revert(call, url, created.id, true)).toEqual({ changes: {} })
    await revert(call, url, created.id)
    expect((await call('GET', `${url}/images/${later}`)).statusCode).toBe(404)
  })

  test('a provider gets back the photo its version had; one uploaded since onto none goes', async () => {
    const { api, call } = await setUp()
    const provider = await api.providers.create()
    const url = `${PROVIDERS}/${provider.id}`
    const photo = `${url}/passport-photo`
    const dataUrl = async (colour: string) =>
      `data:image/png;base64,${(await solid(20, 20, 'png', colour)).toString('base64')}`
    const [created] = await entries(call, url)
    expect(
      (await call('POST', photo, { passportPhoto: await dataUrl('#aa0000') })).statusCode,
    ).toBe(200)
    const [first] = await entries(call, url)
    const firstBytes = await bytesOf(call, photo)
    expect(
      (await call('POST', photo, { passportPhoto: await dataUrl('#00aa00') })).statusCode,
    ).toBe(200)
    expect(await bytesOf(call, photo)).not.toEqual(firstBytes)

    // Replaced since: the first photo comes back (no field changes, so the dry run says none).
    expect(await revert(call, url, first.id, true)).toEqual({ changes: {} })
    await revert(call, url, first.id)
    expect(await bytesOf(call, photo)).toEqual(firstBytes)

    // Removed since: it comes back, and the dry run says so.
    expect((await call('DELETE', photo)).statusCode).toBe(200)
    expect(await revert(call, url, first.id, true)).toEqual({
      changes: { hasPassportPhoto: { before: false, after: true } },
    })
    const back = await revert(call, url, first.id)
    expect(back.hasPassportPhoto).toBe(true)
    expect(await bytesOf(call, photo)).toEqual(firstBytes)

    // The version before any photo: the photo goes, kept for the versions that had it.
    const none = await revert(call, url, created.id)
    expect(none.hasPassportPhoto).toBe(false)
    expect((await call('GET', photo)).statusCode).toBe(404)
    await revert(call, url, first.id)
    expect(await bytesOf(call, photo)).toEqual(firstBytes)
  })

  test('a record deleted for good forgets its kept images', async () => {
    const { api, call } = await setUp()
    const { id } = await api.create(await api.provider())
    const image = await addImage(call, id, '#777777')
    expect((await call('DELETE', `${PRODUCTS}/${id}/images/${image}`)).statusCode).toBe(200)
    const kept = () => keptCount(id)
    expect(await kept()).toBe(1)
    expect((await call('DELETE', `${PRODUCTS}/${id}`)).statusCode).toBe(204)
    // In the trash its versions can still come back: the image stays kept.
    expect(await kept()).toBe(1)
    expect((await call('DELETE', `${PRODUCTS}/trash/${id}`)).statusCode).toBe(204)
    expect(await kept()).toBe(0)
  })

  async function keptCount(productId: number): Promise<number> {
    const rows = await suite.db
      .selectFrom('keptImages')
      .select('id')
      .where('entity', '=', 'product')
      .where('recordId', '=', productId)
      .execute()
    return rows.length
  }
})
