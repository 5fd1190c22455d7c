import type { FastifyInstance } from 'fastify'
import { beforeEach, expect, test } from 'vitest'
import { BUSY, lockedTransaction } from '../../server/imports/import-lock'
import { describeEachDatabase } from './support/databases'
import { type ProductApi, productFixture } from './support/products'

// POST /api/service-providers/{id}/products/import (issue 29): a provider's products, the provider
// implied. Its own export reads back unchanged; rows may leave the provider column out; a row
// naming another provider, or updating another provider's product, is refused at that cell. The
// same answer, dry run, skipInvalid, lock, history and undo as the products' own import.

describeEachDatabase("a provider's own CSV import", (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  let providerId: number
  beforeEach(async () => {
    ;({ app, api, tag, providerId } = await productFixture(suite, 'own'))
  })

  const importCsv = (csv: string, query = '', provider: number | string = providerId) =>
    app.inject({
      method: 'POST',
      url: `/api/service-providers/${provider}/products/import${query}`,
      headers: { ...api.headers, 'content-type': 'text/csv' },
      payload: csv,
    })
  const namesOf = async (provider: number) => {
    const response = await api.providerList(provider, { name: tag, pageSize: 100 })
    return (response.json().data as Array<{ name: string }>).map((one) => one.name).sort()
  }
  const otherParent = (id: number) =>
    `This file imports the products of service provider ${id}: a row cannot name or change another provider's product`

  test('its export reads back unchanged; rows create under it without the provider column; another provider is refused at its cell', async () => {
    const other = await api.provider()
    const mine = await api.create(providerId, { name: `${tag} mine` })
    const theirs = await api.create(other, { name: `${tag} theirs` })
    const exported = await app.inject({
      url: `/api/service-providers/${providerId}/products/export`,
      headers: api.headers,
    })
    const same = await importCsv(exported.body)
    expect(same.json()).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1,
      errors: [],
      batchId: null,
      rows: [{ row: 2, status: 'unchanged', name: `${tag} mine` }],
    })

    const dry = await importCsv(`Name,Description,Price (₦)\n${tag} dry,D,1\n`, '?dryRun=true')
    expect(dry.json()).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [],
      batchId: null,
      rows: [{ row: 2, status: 'create', id: null, name: `${tag} dry` }],
    })
    expect(await namesOf(providerId)).toEqual([`${tag} mine`])

    const refusal = otherParent(providerId)
    const csv = [
      'ID,Name,Description,Price (₦),Service Provider ID',
      `,${tag} new,New,5,`,
      `,${tag} named,Named,6,${providerId}`,
      `,${tag} stray,Stray,7,${other}`,
      `${theirs.id},${tag} taken,Taken,8,`,
      `${mine.id},${tag} mine renamed,Mine,9,${providerId}`,
    ].join('\n')
    const refused = await importCsv(csv)
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json()).toMatchObject({
      created: 2,
      updated: 1,
      unchanged: 0,
      errors: [
        { row: 4, column: 'Service Provider ID', detail: refusal },
        { row: 5, column: 'ID', detail: refusal },
      ],
      batchId: null,
    })
    expect(await namesOf(providerId)).toEqual([`${tag} mine`])

    const skipped = await importCsv(csv, '?skipInvalid=true')
    expect(skipped.statusCode, skipped.body).toBe(200)
    expect(skipped.json()).toMatchObject({ created: 2, updated: 1 })
    expect(await namesOf(providerId)).toEqual(
      [`${tag} mine renamed`, `${tag} named`, `${tag} new`].sort(),
    )
    expect(await namesOf(other)).toEqual([`${tag} theirs`])

    // History and undo as for any import (the records are products).
    const { batchId } = skipped.json()
    const history = await app.inject({
      url: `/api/products/${mine.id}/history`,
      headers: api.headers,
    })
    expect(history.json().data[0]).toMatchObject({
      action: 'import',
      changes: { name: { before: `${tag} mine`, after: `${tag} mine renamed` } },
    })
    const undo = await app.inject({
      method: 'POST',
      url: `/api/imports/${batchId}/undo`,
      headers: api.headers,
    })
    expect(undo.json()).toEqual({ deleted: 2, reverted: 1 })
    expect(await namesOf(providerId)).toEqual([`${tag} mine`])
  })

  test('a provider that does not exist is 404; the products import lock holds it too', async () => {
    const csv = `Name,Description,Price (₦)\n${tag} x,D,1\n`
    for (const provider of [999_999_999, 'abc', 0]) {
      const missing = await importCsv(csv, '', provider)
      expect(missing.statusCode, missing.body).toBe(404)
      expect(missing.json()).toEqual({ detail: 'Service provider not found' })
    }
    // A provider in the trash is gone too.
    const trashed = await api.provider()
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/service-providers/${trashed}`,
      headers: api.headers,
    })
    expect(deleted.statusCode).toBe(204)
    expect((await importCsv(csv, '', trashed)).statusCode).toBe(404)

    await lockedTransaction(suite.db, '/api/products', async () => {
      const busy = await importCsv(csv)
      expect(busy.statusCode, busy.body).toBe(409)
      expect(busy.json().detail).toBe(BUSY)
    })
    expect((await importCsv(csv)).json()).toMatchObject({ created: 1 })
    expect(await namesOf(providerId)).toEqual([`${tag} x`])
  })
})
