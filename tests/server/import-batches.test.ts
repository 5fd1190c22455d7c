import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { FastifyInstance } from 'fastify'
import { beforeEach, expect, test } from 'vitest'
import { BATCH } from '../../server/imports/import-run'
import { describeEachDatabase } from './support/databases'
import { type ProductApi, productFixture } from './support/products'

// CSV import at the scale of its batches (decision 023): rows are checked and written BATCH at a
// time with multi-row statements, so a file of several batches shows that a refusal in the last
// batch still leaves nothing written, that skipInvalid writes the valid rows of every batch, that
// every written record has its own history entry with the batch id, and that updates, their
// history and their undo work batch-wise too. On SQLite and PostgreSQL.

const ROWS = BATCH * 2 + 3

describeEachDatabase('CSV import across batches', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  let providerId: number
  beforeEach(async () => {
    ;({ app, api, tag, providerId } = await productFixture(suite, 'batches'))
  })

  const importCsv = (csv: string, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/products/import${query}`,
      headers: { ...api.headers, 'content-type': 'text/csv' },
      payload: csv,
    })
  const total = async () => (await api.list({ name: tag })).json().pagination.total as number
  const entriesOf = async (batchId: string, action = 'import') =>
    suite.db
      .selectFrom('history')
      .select(['entityId', 'changes'])
      .where('batchId', '=', batchId)
      .where('action', '=', action)
      .orderBy('id')
      .execute()

  test('a refusal in the last batch writes nothing; skipInvalid writes every valid row; one history entry per record', async () => {
    const category = await api.category(`${tag}-cat`)
    const lines = Array.from(
      { length: ROWS },
      (_, i) =>
        `${tag} ${i},Item ${i},"₦1,${String(i % 1000).padStart(3, '0')}.50",${providerId},${tag}-cat`,
    )
    // Row numbers count the header as row 1: this is row ROWS.
    lines[ROWS - 2] = `${tag} bad,,1,${providerId},`
    const csv = ['Name,Description,Price (₦),Service Provider ID,Categories', ...lines].join('\n')

    const refused = await importCsv(csv)
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json()).toEqual({
      created: ROWS - 1,
      updated: 0,
      unchanged: 0,
      errors: [{ row: ROWS, column: 'Description', detail: 'description must not be blank' }],
      batchId: null,
      rows: expect.any(Array),
    })
    // The preview is the first 20 rows; the refused one is the file's last.
    const preview = refused.json().rows as { row: number; status: string }[]
    expect(preview.map((row) => [row.row, row.status])).toEqual(
      Array.from({ length: 20 }, (_, index) => [index + 2, 'create']),
    )
    expect(await total()).toBe(0)

    const skipped = await importCsv(csv, '?skipInvalid=true')
    expect(skipped.statusCode, skipped.body).toBe(200)
    const { batchId } = skipped.json()
    expect(skipped.json()).toMatchObject({ created: ROWS - 1, updated: 0, errors: [{ row: ROWS }] })
    expect(await total()).toBe(ROWS - 1)
    // Each row became its own product, in the file's order, with its category and price.
    for (const i of [0, BATCH - 1, BATCH, ROWS - 1]) {
      const [product] = await api.rows({ name: `${tag} ${i}`, pageSize: 1, sort: 'name' })
      expect(product, `row of ${i}`).toMatchObject({
        name: `${tag} ${i}`,
        description: `Item ${i}`,
        price: 1000 + (i % 1000) + 0.5,
        productCategories: [{ id: category.id, name: `${tag}-cat` }],
      })
    }
    const entries = await entriesOf(batchId)
    expect(entries).toHaveLength(ROWS - 1)
    expect(new Set(entries.map((entry) => entry.entityId)).size).toBe(ROWS - 1)
    const last = (await api.rows({ name: `${tag} ${ROWS - 1}` }))[0]
    const created = JSON.parse(entries[entries.length - 1].changes)
    expect(entries[entries.length - 1].entityId).toBe(last.id)
    expect(created).toMatchObject({
      name: { before: null, after: `${tag} ${ROWS - 1}` },
      productCategories: { before: null, after: [{ id: category.id, name: `${tag}-cat` }] },
    })
  })

  test('an imported product is the product the API makes, with the same history', async () => {
    const category = await api.category(`${tag}-kind`)
    const fields = {
      description: 'Smoky, for fifty',
      pricing: 'Range',
      price: null,
      minPrice: 1500.5,
      maxPrice: 2500,
      estimatedDeliveryDays: 3,
      enabled: false,
      productCategoryIds: [category.id],
    }
    const made = await api.create(providerId, { name: `${tag} by api`, ...fields } as never)
    const imported = await importCsv(
      [
        'Name,Description,Pricing Type,Min Price (₦),Max Price (₦),Estimated Delivery Days,Enabled,Categories,Service Provider ID',
        `${tag} by file,"Smoky, for fifty",range,"₦1,500.50",2500,3,No,${tag}-kind,${providerId}`,
      ].join('\n'),
    )
    expect(imported.json()).toMatchObject({ created: 1, errors: [] })
    const [byFile] = await api.rows({ name: `${tag} by file` })
    const shown = async (id: number) => {
      const { id: _, name: __, ...rest } = (await api.get(id)).json()
      return rest
    }
    expect(await shown(byFile.id as number)).toEqual(await shown(made.id))
    const historyOf = async (id: number) => {
      const response = await app.inject({
        url: `/api/products/${id}/history`,
        headers: api.headers,
      })
      const [entry] = response.json().data
      const { name: _, ...changes } = entry.changes
      return { action: entry.action, changes }
    }
    expect(await historyOf(byFile.id as number)).toEqual({
      ...(await historyOf(made.id)),
      action: 'import',
    })
  })

  test("a row's categories replace the record's; providers are created and updated with theirs", async () => {
    const [one, two] = [await api.category(`${tag}-one`), await api.category(`${tag}-two`)]
    const first = await api.create(providerId, { productCategoryIds: [one.id] })
    const second = await api.create(providerId, { productCategoryIds: [one.id] })
    const changed = await importCsv(
      `ID,Categories\n${first.id},${tag}-two; ${tag}-one\n${second.id},${tag}-two\n`,
    )
    expect(changed.json()).toMatchObject({ updated: 2, errors: [] })
    const categoriesOf = async (id: number) =>
      ((await api.get(id)).json().productCategories as Array<{ id: number }>).map((c) => c.id)
    expect((await categoriesOf(first.id)).sort()).toEqual([one.id, two.id].sort())
    expect(await categoriesOf(second.id)).toEqual([two.id])

    const kind = await api.providers.category(`${tag}-kind`)
    const provider = await api.providers.create()
    const importProviders = (csv: string) =>
      app.inject({
        method: 'POST',
        url: '/api/service-providers/import',
        headers: { ...api.headers, 'content-type': 'text/csv' },
        payload: csv,
      })
    const renaming = await importProviders(
      `ID,Brand Name,Service Categories\n${provider.id},${tag} Renamed,${tag}-kind\n`,
    )
    expect(renaming.json()).toMatchObject({ updated: 1, errors: [] })
    const creating = await importProviders(
      [
        'First Name,Last Name,Brand Name,Email,Phone Number,State,City,Address Line 1,About,Service Categories',
        `Ada,Obi,${tag} New,${tag}@example.com,+2348012345678,Lagos,Ikeja,1 Road,Cooks,${tag}-kind`,
      ].join('\n'),
    )
    expect(creating.json()).toMatchObject({ created: 1, errors: [] })
    const shown = async (query: string) =>
      (await app.inject({ url: `/api/service-providers?${query}`, headers: api.headers })).json()
        .data
    const [renamed] = await shown(`brandName=${encodeURIComponent(`${tag} Renamed`)}`)
    expect(renamed).toMatchObject({
      id: provider.id,
      firstName: provider.body.firstName,
      email: provider.body.email,
      serviceProviderCategories: [{ id: kind.id, name: `${tag}-kind` }],
    })
    const [made] = await shown(`brandName=${encodeURIComponent(`${tag} New`)}`)
    expect(made).toMatchObject({
      email: `${tag}@example.com`,
      serviceProviderCategories: [{ id: kind.id, name: `${tag}-kind` }],
    })
  })

  test('updates across batches: only the columns present change, each with its history, and undo puts them back', async () => {
    const csv = [
      'Name,Description,Pricing Type,Min Price (₦),Max Price (₦),Service Provider ID',
      ...Array.from({ length: ROWS }, (_, i) => `${tag} ${i},Item,Range,1,${i + 2},${providerId}`),
    ].join('\n')
    expect((await importCsv(csv)).json()).toMatchObject({ created: ROWS })

    // The export, every Max Price raised by 1 and the Enabled column turned off every other row.
    const exported = await app.inject({
      url: `/api/products/export?name=${encodeURIComponent(tag)}`,
      headers: api.headers,
    })
    const [header, ...records] = parse(exported.body, { bom: true }) as string[][]
    const max = header.indexOf('Max Price (₦)')
    const enabled = header.indexOf('Enabled')
    const changed = records.map((record, i) =>
      record.map((cell, column) => {
        if (column === max) return String(Number(cell) + 1)
        if (column === enabled && i % 2 === 0) return 'No'
        return cell
      }),
    )
    const updated = await importCsv(stringify([header, ...changed]))
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({ created: 0, updated: ROWS, unchanged: 0, errors: [] })
    const { batchId } = updated.json()
    const [product] = await api.rows({ name: `${tag} ${BATCH + 1}`, pageSize: 1 })
    expect(product).toMatchObject({ minPrice: 1, maxPrice: BATCH + 4, pricing: 'Range' })
    const entries = await entriesOf(batchId)
    expect(entries).toHaveLength(ROWS)
    const entry = entries.find((one) => one.entityId === product.id)
    expect(JSON.parse(entry?.changes ?? '{}')).toEqual({
      maxPrice: { before: BATCH + 3, after: BATCH + 4 },
      ...(product.enabled ? {} : { enabled: { before: true, after: false } }),
    })

    const undo = await app.inject({
      method: 'POST',
      url: `/api/imports/${batchId}/undo`,
      headers: api.headers,
    })
    expect(undo.json()).toEqual({ deleted: 0, reverted: ROWS })
    expect(await entriesOf(batchId, 'undo')).toHaveLength(ROWS)
    const [back] = await api.rows({ name: `${tag} ${BATCH + 1}`, pageSize: 1 })
    expect(back).toMatchObject({ maxPrice: BATCH + 3, enabled: true })
    // The undone file reads back unchanged: every record is as it was before.
    const again = await importCsv(exported.body, '?dryRun=true')
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: ROWS })
  })
})
