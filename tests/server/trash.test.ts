import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { beforeEach, expect, test } from 'vitest'
import { sweepTrash } from '../../server/trash/trash-sweep'
import { describeEachDatabase } from './support/databases'
import { solid } from './support/images'
import { PRODUCTS, productApi } from './support/products'
import { PROVIDERS } from './support/service-providers'

// The trash (issue 30, decision 022) through the real app on SQLite and PostgreSQL: a delete
// moves the record out of every reader's sight, the trash lists it, a restore brings it back
// whole (images, preview, photo and logo, links) or says why it cannot, bulk restore, and
// delete for good for administrators only.

const PRODUCT_CATEGORIES = '/api/product-categories'

describeEachDatabase('the trash', (suite) => {
  let app: FastifyInstance
  let api: ReturnType<typeof productApi>
  let operatorId: number
  let username: string

  beforeEach(async () => {
    app = await suite.makeApp()
    const { token, operator } = await suite.loginAsNewOperator(app)
    ;({ id: operatorId, username } = operator)
    api = productApi(app, token)
  })

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: api.headers, ...(payload ? { payload } : {}) })
  const png = async (colour: string) => (await solid(24, 16, 'png', colour)).toString('base64')

  test('a deleted product is gone for every reader, listed in the trash, and restored whole', async () => {
    const category = await api.category()
    const providerId = await api.provider()
    const { id, body } = await api.create(providerId, { productCategoryIds: [category.id] })
    const images: number[] = []
    for (const colour of ['#112233', '#445566']) {
      const added = await call('POST', `${PRODUCTS}/${id}/images`, {
        image: await png(colour),
        imageName: colour,
      })
      expect(added.statusCode, added.body).toBe(201)
      images.push(added.json().id)
    }
    const preview = await call('POST', `${PRODUCTS}/${id}/images/${images[1]}/make-preview-image`)
    expect(preview.statusCode, preview.body).toBe(200)
    const shown = (await api.get(id)).json()
    const bytes = (await call('GET', `${PRODUCTS}/${id}/images/${images[1]}/image-file`)).rawPayload

    expect((await call('DELETE', `${PRODUCTS}/${id}`)).statusCode).toBe(204)
    // Gone for every reader, exactly as before the trash.
    expect((await api.get(id)).statusCode).toBe(404)
    expect((await api.rows({ name: body.name })).map((p) => p.id)).not.toContain(id)
    const total = await api.list({ categoryId: category.id })
    expect(total.json().pagination.total).toBe(0)
    expect((await api.providerList(providerId)).json().data).toEqual([])
    const csv = await call('GET', `${PRODUCTS}/export?name=${encodeURIComponent(body.name)}`)
    expect(csv.body).not.toContain(body.name)
    // Nothing holds the category now: its delete goes through.
    const trash = await call('GET', `${PRODUCTS}/trash?pageSize=100`)
    expect(trash.statusCode, trash.body).toBe(200)
    const listed = trash.json().data.find((item: { id: number }) => item.id === id)
    expect(listed).toMatchObject({ ...shown, deletedBy: { id: operatorId, username } })
    expect(Date.parse(listed.deletedAt)).toBeGreaterThan(Date.now() - 60_000)

    const restored = await call('POST', `${PRODUCTS}/${id}/restore`)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toEqual(shown)
    expect((await api.get(id)).json()).toEqual(shown)
    expect((await api.rows({ name: body.name })).map((p) => p.id)).toEqual([id])
    expect((await api.list({ categoryId: category.id })).json().pagination.total).toBe(1)
    const image = await call('GET', `${PRODUCTS}/${id}/images/${images[1]}/image-file`)
    expect(image.statusCode).toBe(200)
    expect(image.rawPayload.equals(bytes)).toBe(true)
    const listImages = await call('GET', `${PRODUCTS}/${id}/images`)
    expect(
      listImages
        .json()
        .data.map((i: { id: number }) => i.id)
        .sort(),
    ).toEqual(images.sort())
    // Out of the trash, and its history tells the story.
    const after = await call('GET', `${PRODUCTS}/trash?pageSize=100`)
    expect(after.json().data.map((item: { id: number }) => item.id)).not.toContain(id)
    const history = await call('GET', `${PRODUCTS}/${id}/history`)
    expect(
      history
        .json()
        .data.slice(0, 2)
        .map((e: { action: string }) => e.action),
    ).toEqual(['restore', 'delete'])
    // A second restore finds nothing.
    const again = await call('POST', `${PRODUCTS}/${id}/restore`)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ detail: 'Product not found in the trash' })
  })

  test('a provider comes back with its photo, logo and categories; not once its email is taken', async () => {
    const category = await api.providers.category()
    const provider = await api.providers.create({ serviceProviderCategoryIds: [category.id] })
    for (const [kind, field] of [
      ['passport-photo', 'passportPhoto'],
      ['brand-logo', 'brandLogo'],
    ]) {
      const upload = await call('POST', `${PROVIDERS}/${provider.id}/${kind}`, {
        [field]: `data:image/png;base64,${await png('#778899')}`,
      })
      expect(upload.statusCode, upload.body).toBe(200)
    }
    const shown = (await api.providers.get(provider.id)).json()
    expect(shown).toMatchObject({ hasPassportPhoto: true, hasBrandLogo: true })
    expect((await call('DELETE', `${PROVIDERS}/${provider.id}`)).statusCode).toBe(204)
    expect((await api.providers.publicGet(provider.id)).statusCode).toBe(404)
    const publicList = await api.providers.publicList({ brandName: provider.body.brandName })
    expect(publicList.json().data).toEqual([])
    expect((await api.providers.list({ email: provider.body.email })).json().data).toEqual([])

    // Its email is free while it is in the trash: another provider takes it.
    const taker = await api.providers.create({ email: provider.body.email.toUpperCase() })
    const refused = await call('POST', `${PROVIDERS}/${provider.id}/restore`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(
      `Another service provider now has the email ${provider.body.email}`,
    )
    expect((await api.providers.get(provider.id)).statusCode).toBe(404)
    expect((await call('DELETE', `${PROVIDERS}/${taker.id}`)).statusCode).toBe(204)

    const restored = await call('POST', `${PROVIDERS}/${provider.id}/restore`)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toEqual(shown)
    for (const kind of ['passport-photo', 'brand-logo']) {
      expect((await call('GET', `${PROVIDERS}/${provider.id}/${kind}`)).statusCode).toBe(200)
    }
    const found = await api.providers.list({ email: provider.body.email })
    expect(found.json().data.map((p: { id: number }) => p.id)).toEqual([provider.id])
  })

  test('a product needs its provider; a category its parent; a link to a gone category is dropped', async () => {
    const parent = await api.category()
    const child = await api.category(undefined, parent.id)
    const other = await api.category()
    const providerId = await api.provider()
    const product = await api.create(providerId, { productCategoryIds: [other.id, parent.id] })

    // A category whose only child is in the trash can be deleted.
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/${child.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `${PRODUCTS}/${product.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/${parent.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `${PROVIDERS}/${providerId}`)).statusCode).toBe(204)
    const search = await call(
      'GET',
      `${PRODUCT_CATEGORIES}/search?q=${encodeURIComponent(parent.name)}`,
    )
    expect(search.json().data).toEqual([])

    const orphan = await call('POST', `${PRODUCT_CATEGORIES}/${child.id}/restore`)
    expect(orphan.statusCode).toBe(409)
    expect(orphan.json().detail).toBe(
      `Its parent category "${parent.name}" is in the trash: restore it first`,
    )
    const noProvider = await call('POST', `${PRODUCTS}/${product.id}/restore`)
    expect(noProvider.statusCode).toBe(409)
    expect(noProvider.json().detail).toMatch(/^Its service provider ".+" is in the trash/)

    // Bulk: the child is tried again once its parent is back.
    const bulk = await call('POST', `${PRODUCT_CATEGORIES}/trash/bulk`, {
      action: 'restore',
      ids: [child.id, parent.id],
    })
    expect(bulk.statusCode, bulk.body).toBe(200)
    expect(bulk.json()).toEqual({ done: [parent.id, child.id], refused: [] })
    expect((await call('GET', `${PRODUCT_CATEGORIES}/${child.id}`)).json().parentCategoryId).toBe(
      parent.id,
    )

    // The provider back, then the product: `other` was deleted meanwhile (a product in the
    // trash holds nothing), so that link is dropped.
    expect((await call('POST', `${PROVIDERS}/${providerId}/restore`)).statusCode).toBe(200)
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/${other.id}`)).statusCode).toBe(204)
    const back = await call('POST', `${PRODUCTS}/${product.id}/restore`)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().productCategories).toEqual([{ id: parent.id, name: parent.name }])
  })

  test('a link to a category deleted for good is dropped when the product comes back', async () => {
    const gone = await api.category()
    const kept = await api.category()
    const product = await api.create(await api.provider(), {
      productCategoryIds: [gone.id, kept.id],
    })
    expect((await call('DELETE', `${PRODUCTS}/${product.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/${gone.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/trash/${gone.id}`)).statusCode).toBe(204)
    const back = await call('POST', `${PRODUCTS}/${product.id}/restore`)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().productCategories).toEqual([{ id: kept.id, name: kept.name }])
  })

  test('bulk delete moves every record to the trash; bulk restore of all brings them back', async () => {
    const providerId = await api.provider()
    const ids = [(await api.create(providerId)).id, (await api.create(providerId)).id]
    const deleted = await call('POST', `${PRODUCTS}/bulk`, { action: 'delete', ids })
    expect(deleted.json()).toEqual({ done: ids, refused: [] })
    const trash = (await call('GET', `${PRODUCTS}/trash?pageSize=100`)).json().data
    expect(trash.map((item: { id: number }) => item.id)).toEqual(expect.arrayContaining(ids))
    const restored = await call('POST', `${PRODUCTS}/trash/bulk`, {
      action: 'restore',
      ids: [...ids, 2_147_483_647],
    })
    expect(restored.json()).toEqual({
      done: ids,
      refused: [{ id: 2_147_483_647, detail: 'Product not found in the trash' }],
    })
    expect((await api.providerList(providerId)).json().pagination.total).toBe(2)
  })

  test('delete for good is for administrators: an editor gets 403, then it is gone for good', async () => {
    const category = await api.category()
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/${category.id}`)).statusCode).toBe(204)
    const editor = await suite.createOperator({ role: 'editor' })
    const editorToken = await suite.login(app, editor.username, editor.password)
    const denied = await app.inject({
      method: 'DELETE',
      url: `${PRODUCT_CATEGORIES}/trash/${category.id}`,
      headers: { authorization: `Bearer ${editorToken}` },
    })
    expect(denied.statusCode).toBe(403)
    // An editor may restore, though; deleted again for the rest of the test.
    const purge = await call('DELETE', `${PRODUCT_CATEGORIES}/trash/${category.id}`)
    expect(purge.statusCode).toBe(204)
    expect((await call('POST', `${PRODUCT_CATEGORIES}/${category.id}/restore`)).statusCode).toBe(
      404,
    )
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/trash/${category.id}`)).statusCode).toBe(
      404,
    )
    const history = (await call('GET', `${PRODUCT_CATEGORIES}/${category.id}/history`)).json()
    expect(history.data.map((e: { action: string }) => e.action)).toEqual([
      'purge',
      'delete',
      'create',
    ])
  })

  test('the trash is emptied after TRASH_DAYS, by one instance at a time', async () => {
    const category = await api.category()
    expect((await call('DELETE', `${PRODUCT_CATEGORIES}/${category.id}`)).statusCode).toBe(204)
    const inTrash = async () =>
      (await call('GET', `${PRODUCT_CATEGORIES}/trash?pageSize=100`))
        .json()
        .data.some((item: { id: number }) => item.id === category.id)
    const day = 24 * 60 * 60 * 1000
    // 29 days on, it is still there.
    await sweepTrash(suite.db, { days: 30, now: Date.now() + 29 * day })
    expect(await inTrash()).toBe(true)
    if (suite.dialect === 'postgres') {
      // Another instance sweeping (holding the lock): this one skips its turn.
      await suite.db.transaction().execute(async (other) => {
        await sql`select pg_advisory_xact_lock(${0x7472_6173})`.execute(other)
        expect(await sweepTrash(suite.db, { days: 30, now: Date.now() + 31 * day })).toBe(undefined)
      })
      expect(await inTrash()).toBe(true)
    }
    const swept = await sweepTrash(suite.db, { days: 30, now: Date.now() + 31 * day })
    expect(swept).toBeGreaterThanOrEqual(1)
    expect(await inTrash()).toBe(false)
    const history = (await call('GET', `${PRODUCT_CATEGORIES}/${category.id}/history`)).json()
    expect(history.data[0]).toMatchObject({ action: 'purge', operator: { id: 0, username: null } })
  })
})
