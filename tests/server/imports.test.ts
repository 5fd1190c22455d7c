import type { FastifyInstance } from 'fastify'
import { beforeEach, expect, test } from 'vitest'
import { BUSY, instancesLock, lockedTransaction } from '../../server/imports/import-lock'
import { MAX_ROWS } from '../../server/imports/import-run'
import { describeEachDatabase, uniqueName } from './support/databases'
import { type ProductApi, productApi } from './support/products'

// CSV import (issue 29, decision 021) of every collection, on both databases: the export reads
// back unchanged, rows create and update (only the columns present), every row is checked before
// anything is written, one transaction, history with the batch id, undo, one import at a time.

const BOM = '\uFEFF'

describeEachDatabase('CSV import', (suite) => {
  let app: FastifyInstance
  let api: ProductApi
  let tag: string
  beforeEach(async () => {
    app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    api = productApi(app, token)
    tag = uniqueName('imp')
  })

  const importCsv = (collection: string, csv: string | Buffer, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/${collection}/import${query}`,
      headers: { ...api.headers, 'content-type': 'text/csv' },
      payload: csv,
    })
  const exportCsv = async (collection: string, query: string) => {
    const response = await app.inject({
      url: `/api/${collection}/export?${query}`,
      headers: api.headers,
    })
    expect(response.statusCode).toBe(200)
    return response.body
  }
  const get = async (collection: string, id: number) =>
    (await app.inject({ url: `/api/${collection}/${id}`, headers: api.headers })).json()
  const history = async (collection: string, id: number) =>
    (await app.inject({ url: `/api/${collection}/${id}/history`, headers: api.headers })).json()
      .data
  const countRows = async (table: 'products' | 'serviceProviders' | 'history') =>
    Number(
      (
        await suite.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  async function seed() {
    const provider = await api.provider()
    const category = await api.category(`${tag}-cat`)
    await api.providers.category(`${tag}-service`)
    const product = await api.create(provider, {
      name: `${tag} one`,
      productCategoryIds: [category.id],
    })
    return { provider, category, product }
  }

  test('every collection: an exported file imported unchanged is all unchanged, and writes nothing', async () => {
    const { provider } = await seed()
    const cases: Array<[string, string]> = [
      ['products', `name=${tag}`],
      ['service-providers', ''],
      ['product-categories', `name=${tag}`],
      ['service-provider-categories', ''],
    ]
    for (const [collection, query] of cases) {
      const csv = await exportCsv(collection, query)
      const before = await countRows('history')
      const response = await importCsv(collection, csv)
      expect(response.statusCode, `${collection}: ${response.body}`).toBe(200)
      const rows = csv.trim().split('\r\n').length - 1
      expect(response.json()).toEqual({
        created: 0,
        updated: 0,
        unchanged: rows,
        errors: [],
        batchId: null,
        rows: expect.any(Array),
      })
      const preview = response.json().rows as Array<{ status: string }>
      expect(preview).toHaveLength(Math.min(rows, 20))
      expect(new Set(preview.map((row) => row.status))).toEqual(new Set(['unchanged']))
      expect(await countRows('history')).toBe(before)
    }
    expect(provider).toBeGreaterThan(0)
  })

  test('creates and updates products: naira, categories by name, a partial update, history with the batch id', async () => {
    const { provider, category, product } = await seed()
    const csv = [
      'ID,Name,Price (₦),Pricing Type,Description,Service Provider ID,Categories,Enabled',
      `,${tag} two,"₦1,250.50",fixed,Fresh,${provider},${tag}-cat,No`,
    ].join('\r\n')
    const dry = await importCsv('products', csv, '?dryRun=true')
    expect(dry.json()).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [],
      batchId: null,
      rows: [{ row: 2, status: 'create', id: null, name: `${tag} two` }],
    })
    expect(await api.rows({ name: `${tag} two` })).toEqual([])

    const created = await importCsv('products', csv)
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json()).toMatchObject({ created: 1, updated: 0, unchanged: 0, errors: [] })
    const [two] = await api.rows({ name: `${tag} two` })
    expect(two).toMatchObject({ price: 1250.5, pricing: 'Fixed', enabled: false })
    expect(two.productCategories).toEqual([{ id: category.id, name: `${tag}-cat` }])
    const [entry] = await history('products', two.id as number)
    expect(entry).toMatchObject({ action: 'import' })

    // Only the columns present change; the rest stays as it is.
    const update = `ID;Price (₦)\n${product.id};99\n`
    const updated = await importCsv('products', update)
    expect(updated.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 })
    const after = await get('products', product.id)
    expect(after).toMatchObject({
      price: 99,
      name: `${tag} one`,
      description: product.body.description,
    })
    expect(after.productCategories).toEqual([{ id: category.id, name: `${tag}-cat` }])
    const [change] = await history('products', product.id)
    expect(change).toMatchObject({
      action: 'import',
      changes: { price: { before: 12500, after: 99 } },
    })
    const batch = await suite.db
      .selectFrom('history')
      .select('batchId')
      .where('entity', '=', 'product')
      .where('entityId', '=', product.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(batch.batchId).toBe(updated.json().batchId)
  })

  test('BOM, CRLF, the formula guard and a semicolon separator read back', async () => {
    const { provider } = await seed()
    const csv = `${BOM}Name;Description;Price (₦);Service Provider ID\r\n'=${tag} sum;'-minus;1250,${provider}\r\n`
    // 1250,<id> is one cell with ';' as separator: not a number, refused by the schema's words.
    const refused = await importCsv('products', csv)
    expect(refused.statusCode).toBe(400)
    const good = `${BOM}Name;Description;Price (₦);Service Provider ID\r\n'=${tag} sum;'-minus;1250;${provider}\r\n`
    const response = await importCsv('products', good)
    expect(response.statusCode, response.body).toBe(200)
    const [row] = await api.rows({ name: `${tag} sum` })
    expect(row).toMatchObject({ name: `=${tag} sum`, description: '-minus', price: 1250 })
  })

  test('every row is checked: any error and nothing is written (400 with every error); skipInvalid writes the rest', async () => {
    const { provider, product } = await seed()
    const csv = [
      'ID,Name,Description,Pricing Type,Min Price (₦),Max Price (₦),Service Provider ID,Categories',
      `,${tag} ok,Fine,Range,10,20,${provider},`,
      `,${tag} blank,,Fixed,,,${provider},`,
      `,${tag} range,Bad,Range,30,20,${provider},`,
      `,${tag} nowhere,Lost,Range,1,2,999999,`,
      `,${tag} cat,Odd,Range,1,2,${provider},no such category`,
      `999999,${tag} gone,x,Range,1,2,${provider},`,
      `${product.id},${tag} twice,x,Range,1,2,${provider},`,
      `${product.id},${tag} twice again,x,Range,1,2,${provider},`,
      `abc,${tag} id,x,Range,1,2,${provider},`,
      `,${tag} days,x,Range,1,2,${provider},`,
    ].join('\n')
    const response = await importCsv('products', csv)
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.batchId).toBeNull()
    expect(body.errors).toEqual([
      // The schema's first refusal, as the API reports it.
      { row: 3, column: 'Price (₦)', detail: 'price is required' },
      { row: 4, column: 'Min Price (₦)', detail: 'Min Price must be at most Max Price (₦20.00)' },
      {
        row: 5,
        column: 'Service Provider ID',
        detail: 'serviceProviderId 999999 is not an existing service provider',
      },
      {
        row: 6,
        column: 'Categories',
        detail: '"no such category" is not an existing product category',
      },
      { row: 7, column: 'ID', detail: 'Product not found' },
      { row: 9, column: 'ID', detail: `ID ${product.id} is already on row 8` },
      { row: 10, column: 'ID', detail: 'ID must be a record id' },
    ])
    expect(await api.rows({ name: tag })).toHaveLength(1)

    const skipped = await importCsv('products', csv, '?skipInvalid=true')
    expect(skipped.statusCode, skipped.body).toBe(200)
    expect(skipped.json()).toMatchObject({ created: 2, updated: 1 })
    expect(skipped.json().errors).toHaveLength(7)
    expect((await api.rows({ name: tag })).map((row) => row.name).sort()).toEqual(
      [`${tag} days`, `${tag} ok`, `${tag} twice`].sort(),
    )
  })

  test('the answer previews the first 20 rows: what each does, its ID and its name', async () => {
    const { provider, product } = await seed()
    const header = 'ID,Name,Description,Price (₦),Service Provider ID'
    const row = (n: number) => `,${tag} new ${n},Fresh,${n},${provider}`
    const csv = [
      header,
      `${product.id},${tag} one,Fresh,125,${provider}`,
      `,${tag} blank,,5,${provider}`,
      ...Array.from({ length: 20 }, (_, n) => row(n + 1)),
    ].join('\n')
    const dry = await importCsv('products', csv, '?dryRun=true')
    expect(dry.statusCode).toBe(400)
    const { rows } = dry.json()
    expect(rows).toHaveLength(20)
    expect(rows.slice(0, 3)).toEqual([
      { row: 2, status: 'update', id: product.id, name: `${tag} one` },
      { row: 3, status: 'error', id: null, name: `${tag} blank` },
      { row: 4, status: 'create', id: null, name: `${tag} new 1` },
    ])
    expect(rows.at(-1)).toEqual({ row: 21, status: 'create', id: null, name: `${tag} new 18` })

    // A row with no change is unchanged; a provider is named by its brand.
    const same = await importCsv('products', `ID,Name\n${product.id},${tag} one\n`, '?dryRun=true')
    expect(same.json().rows).toEqual([
      { row: 2, status: 'unchanged', id: product.id, name: `${tag} one` },
    ])
    const brand = await importCsv(
      'service-providers',
      `ID,Brand Name\n${provider},${tag} brand\n`,
      '?dryRun=true',
    )
    expect(brand.json().rows).toEqual([
      { row: 2, status: 'update', id: provider, name: `${tag} brand` },
    ])
  })

  test('a cell holding a NUL character is refused at that cell: PostgreSQL text cannot hold it', async () => {
    const { provider } = await seed()
    const csv = `Name,Description,Price (₦),Service Provider ID\n${tag}\u0000x,D,1,${provider}\n`
    const response = await importCsv('products', csv)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().errors).toEqual([
      { row: 2, column: 'Name', detail: 'name must not contain NUL characters' },
    ])
  })

  test('the file itself: unknown column, no rows, not UTF-8, not CSV, over the row limit', async () => {
    const bad = async (csv: string | Buffer, status: number, detail: RegExp) => {
      const response = await importCsv('products', csv, '?dryRun=true')
      expect(response.statusCode, response.body).toBe(status)
      expect(response.json().detail).toMatch(detail)
    }
    await bad('Name,Colour\nx,red\n', 400, /^Unknown column "Colour": the columns are ID, Name/)
    await bad('Name,Name\nx,y\n', 400, /appears twice/)
    await bad('ID,Name\n', 400, /no rows/)
    await bad('', 400, /empty/)
    await bad(Buffer.from('Name\nCaf\xe9\n', 'latin1'), 400, /not UTF-8/)
    await bad('Name,Description\n"open,x\n', 400, /not valid CSV/)
    await bad(`Name\n${'x\n'.repeat(MAX_ROWS + 1)}`, 413, /more than 100,000 rows/)
    const json = await app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: api.headers,
      payload: { name: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })

  test('service providers: emails free in the database and within the file; the email never changes', async () => {
    const existing = await api.providers.create()
    const header =
      'First Name,Last Name,Brand Name,Email,Phone Number,State,City,Address Line 1,About'
    const row = (email: string) =>
      `Ada,Obi,${tag} Foods,${email},+2348012345678,Lagos,Ikeja,1 Road,Cooks`
    const csv = [
      header,
      row(`${tag}@x.com`),
      row(`${tag.toUpperCase()}@X.com`),
      row(existing.body.email),
    ].join('\n')
    const response = await importCsv('service-providers', csv)
    expect(response.json().errors).toEqual([
      {
        row: 3,
        column: 'Email',
        detail: 'A service provider with this email already exists (on row 2)',
      },
      { row: 4, column: 'Email', detail: 'A service provider with this email already exists' },
    ])
    const change = await importCsv(
      'service-providers',
      `ID,Email\n${existing.id},new-${tag}@x.com\n`,
    )
    expect(change.json().errors).toEqual([
      { row: 2, column: 'Email', detail: 'email cannot be changed by an update' },
    ])
  })

  test('categories: the parent by ID, refused when missing or a descendant', async () => {
    const parent = await api.category(`${tag}-parent`)
    const child = await api.category(`${tag}-child`, parent.id)
    const csv = [
      'ID,Name,Description,Parent Category ID',
      `,${tag}-new,New,${parent.id}`,
      `,${tag}-orphan,Lost,999999`,
      `${parent.id},${tag}-parent,Loop,${child.id}`,
    ].join('\n')
    const response = await importCsv('product-categories', csv)
    expect(response.json().errors).toEqual([
      {
        row: 3,
        column: 'Parent Category ID',
        detail: 'parentCategoryId 999999 is not an existing category',
      },
      {
        row: 4,
        column: 'Parent Category ID',
        detail: 'parentCategoryId cannot be the category itself or one of its descendants',
      },
    ])
    const good = await importCsv('product-categories', csv.split('\n').slice(0, 2).join('\n'))
    expect(good.json()).toMatchObject({ created: 1 })
  })

  test('undo reverts a whole import; 409 when a record changed since', async () => {
    const { provider, product } = await seed()
    const csv = [
      'ID,Name,Description,Service Provider ID,Price (₦)',
      `,${tag} fresh,New,${provider},5`,
      `${product.id},${tag} renamed,,${provider},`,
    ].join('\n')
    // The update row keeps its description: an empty text cell is refused as blank.
    const refused = await importCsv('products', csv)
    expect(refused.statusCode).toBe(400)
    const fixed = csv.replace(`${tag} renamed,,`, `${tag} renamed,Renamed,`)
    const imported = await importCsv('products', fixed)
    expect(imported.json()).toMatchObject({ created: 1, updated: 1 })
    const { batchId } = imported.json()
    const undo = () =>
      app.inject({ method: 'POST', url: `/api/imports/${batchId}/undo`, headers: api.headers })
    // Changed since: nothing is undone.
    await api.put(product.id, { ...product.body, name: `${tag} edited`, description: 'Renamed' })
    const conflict = await undo()
    expect(conflict.statusCode).toBe(409)
    expect(conflict.json().detail).toMatch(
      new RegExp(`changed since the import \\(ids ${product.id}\\)`),
    )
    expect(await api.rows({ name: `${tag} fresh` })).toHaveLength(1)

    const again = await importCsv('products', `ID,Name\n${product.id},${tag} once more\n`)
    const second = again.json().batchId
    const done = await app.inject({
      method: 'POST',
      url: `/api/imports/${second}/undo`,
      headers: api.headers,
    })
    expect(done.json()).toEqual({ deleted: 0, reverted: 1 })
    expect((await get('products', product.id)).name).toBe(`${tag} edited`)
    const [entry] = await history('products', product.id)
    expect(entry).toMatchObject({ action: 'undo' })
    const twice = await app.inject({
      method: 'POST',
      url: `/api/imports/${second}/undo`,
      headers: api.headers,
    })
    expect(twice.statusCode).toBe(409)

    // Undo of a create deletes what it made.
    const made = await importCsv(
      'products',
      `Name,Description,Service Provider ID,Price (₦)\n${tag} temp,T,${provider},1\n`,
    )
    const undoMade = await app.inject({
      method: 'POST',
      url: `/api/imports/${made.json().batchId}/undo`,
      headers: api.headers,
    })
    expect(undoMade.json()).toEqual({ deleted: 1, reverted: 0 })
    expect(await api.rows({ name: `${tag} temp` })).toEqual([])
    const missing = await app.inject({
      method: 'POST',
      url: '/api/imports/nope/undo',
      headers: api.headers,
    })
    expect(missing.statusCode).toBe(404)
  })

  test('one import per collection at a time: a second one answers 409, here and on another instance', async () => {
    const csv = `Name,Description\n${tag},D\n`
    // While this process runs an import of the list (its lock held here)...
    await lockedTransaction(suite.db, '/api/product-categories', async () => {
      const second = await importCsv('product-categories', csv)
      expect(second.statusCode, second.body).toBe(409)
      expect(second.json().detail).toBe(BUSY)
      // ...a dry run writes nothing and needs no lock, and another list is not held up (on
      // SQLite its write waits for this transaction, so it is only started here).
      expect((await importCsv('product-categories', csv, '?dryRun=true')).statusCode).toBe(200)
    })
    if (suite.dialect !== 'postgres') return
    // Another instance's import holds PostgreSQL's advisory lock.
    await suite.db.transaction().execute(async (trx) => {
      expect(await instancesLock(trx, '/api/product-categories')).toBe(true)
      expect((await importCsv('product-categories', csv)).statusCode).toBe(409)
    })
    expect((await importCsv('product-categories', csv)).statusCode).toBe(200)
  })
})
