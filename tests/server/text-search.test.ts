import { type Kysely, sql } from 'kysely'
import { expect, it } from 'vitest'
import type { Database } from '../../server/db/types'
import type { Lookup } from '../../server/lists/list-engine'
import {
  filterByText,
  productName,
  providerBrandName,
  providerEmail,
  type TextColumn,
} from '../../server/lists/text-search'
import { describeEachDatabase, uniqueName } from './support/databases'
import { productApi } from './support/products'

// The substring filters go through migration 005's indexes (FTS5 trigram on SQLite, pg_trgm GIN
// on PostgreSQL), which must follow every write and keep the filters' meaning: any case, % _ and
// " literal, short texts still found.

describeEachDatabase('substring filters through the text indexes', (suite) => {
  async function setup() {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    return { api, providerId: await api.provider() }
  }

  const ids = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.id)

  it('a product is found by its name after create and after rename, not by its old name', async () => {
    const { api, providerId } = await setup()
    const tag = uniqueName('zq').replaceAll('-', '')
    const { id, body } = await api.create(providerId, { name: `Smoky ${tag} Suya` })
    expect(ids(await api.rows({ name: `SMOKY ${tag.toUpperCase()}` }))).toEqual([id])

    const put = await api.put(id, {
      ...body,
      serviceProviderId: undefined,
      name: `Grilled ${tag} Fish`,
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(ids(await api.rows({ name: `grilled ${tag}` }))).toEqual([id])
    expect(await api.rows({ name: `Smoky ${tag}` })).toEqual([])
  })

  it('a deleted row leaves the index (the index never answers an id that is gone)', async () => {
    const { api, providerId } = await setup()
    const tag = uniqueName('gone').replaceAll('-', '')
    const { id } = await api.create(providerId, { name: `Pepper ${tag} Soup` })
    await suite.db.deleteFrom('productCategoryLinks').where('productId', '=', id).execute()
    await suite.db.deleteFrom('products').where('id', '=', id).execute()
    expect(await api.rows({ name: tag })).toEqual([])
    // Re-using the name on a new row finds only the new row.
    const again = await api.create(providerId, { name: `Pepper ${tag} Soup` })
    expect(ids(await api.rows({ name: tag }))).toEqual([again.id])
  })

  it('% _ and " match only themselves; one- and two-letter searches still work', async () => {
    const { api, providerId } = await setup()
    const tag = uniqueName('lit').replaceAll('-', '')
    const percent = await api.create(providerId, { name: `${tag} 100% "pure" oil_x` })
    const plain = await api.create(providerId, { name: `${tag} 1000 pure oilyx` })
    expect(ids(await api.rows({ name: `${tag} 100%` }))).toEqual([percent.id])
    expect(ids(await api.rows({ name: '"pure" oil_' }))).toContain(percent.id)
    expect(ids(await api.rows({ name: '"pure" oil_' }))).not.toContain(plain.id)
    // FTS5 query syntax in the text is searched for, not obeyed.
    const syntax = await api.list({ name: `${tag}" OR "1000` })
    expect(syntax.statusCode, syntax.body).toBe(200)
    expect(syntax.json().data).toEqual([])
    expect(ids(await api.rows({ name: '_x', pageSize: 3000 }))).toContain(percent.id)
    expect(ids(await api.rows({ name: '_x', pageSize: 3000 }))).not.toContain(plain.id)
  })

  it('providers are found by brand name and email after create and update', async () => {
    const { api } = await setup()
    const tag = uniqueName('brand').replaceAll('-', '')
    const { id, body } = await api.providers.create({
      brandName: `Mama ${tag} Kitchen`,
      email: `Chef.${tag}@Example.com`,
    })
    expect(ids(await api.providers.rows({ brandName: `MAMA ${tag}` }))).toEqual([id])
    expect(ids(await api.providers.rows({ email: `chef.${tag}@example` }))).toEqual([id])
    const { email: _, ...rest } = body
    const put = await api.providers.put(id, { ...rest, brandName: `Papa ${tag} Grill` })
    expect(put.statusCode, put.body).toBe(200)
    expect(ids(await api.providers.rows({ brandName: `papa ${tag}` }))).toEqual([id])
    expect(await api.providers.rows({ brandName: `Mama ${tag}` })).toEqual([])
    expect(ids(await api.providers.rows({ email: tag }))).toEqual([id])
  })

  it('walking the rows (scan) and collecting through the text index find the same rows, in the same order', async () => {
    const { api, providerId } = await setup()
    const tag = uniqueName('walk').replaceAll('-', '')
    const names = [
      `${tag} Ọ̀fada RICE 100% pure`,
      `${tag} ofada rice 1000 pure`,
      `${tag} Àgbáyé_Oil "fresh"`,
      `${tag} agbaye oil fresh`,
      `Zobo ${tag.toUpperCase()} Drink`,
    ]
    for (const name of names) await api.create(providerId, { name })
    const lookups = ['index', 'scan'] as const
    for (const text of [
      tag,
      `${tag} ọ̀fada`,
      '100%',
      `${tag} àgbáyé_`,
      '"fresh"',
      'ZOBO',
      'l',
      '_o',
    ]) {
      const [byIndex, byScan] = await Promise.all(
        lookups.map(async (lookup) => {
          const { query, newestFirst } = filterByText(
            suite.db,
            suite.db.selectFrom('products as p').select('p.id'),
            [[productName, text]],
            lookup,
          )
          const rows = await query.orderBy(sql.ref(newestFirst), 'desc').execute()
          return rows.map((row) => row.id)
        }),
      )
      // Case folding beyond ASCII is the database's (its locale); both lookups share it.
      if (/^[\x20-\x7e]*$/.test(text)) expect(byIndex.length, text).toBeGreaterThan(0)
      expect(byScan, text).toEqual(byIndex)
    }
  })

  it.each([
    ['product name', productName, 'products', 'products_name_trgm_idx'],
    [
      'provider brand name',
      providerBrandName,
      'serviceProviders',
      'service_providers_brand_name_trgm_idx',
    ],
    ['provider email', providerEmail, 'serviceProviders', 'service_providers_email_key_trgm_idx'],
  ] as const)('the %s filter is answered from its index', async (_, column, table, pgIndex) => {
    const plan = await queryPlan(suite.db, suite.dialect, column, table)
    if (suite.dialect === 'sqlite') {
      // The text index drives the query in id order: no scan of the table, no sort.
      expect(plan).toMatch(/SCAN f VIRTUAL TABLE INDEX/)
      expect(plan).toMatch(/SEARCH p USING INTEGER PRIMARY KEY/)
      expect(plan).not.toMatch(/SCAN p\b|TEMP B-TREE/)
    } else {
      expect(plan).toContain(`Bitmap Index Scan on ${pgIndex}`)
      // Walking instead (a page that fills soon), the test is one no index serves.
      const walk = await queryPlan(suite.db, suite.dialect, column, table, 'scan')
      expect(walk).not.toContain(pgIndex)
    }
  })
})

/**
 * The plan of a filtered select. PostgreSQL prefers a scan on small test tables, so sequential
 * scans are switched off for the check: that still fails when no index can serve the filter.
 * A sort index on the same column (migration 009) would then stand in for the sequential scan
 * (a whole-index bitmap scan, cheap on a tiny table), so those are dropped for the check, in a
 * transaction that is rolled back.
 */
async function queryPlan(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  column: TextColumn,
  table: 'products' | 'serviceProviders',
  lookup: Lookup = 'index',
): Promise<string> {
  const base =
    table === 'products'
      ? db.selectFrom('products as p').select('p.id')
      : db.selectFrom('serviceProviders as p').select('p.id')
  const filtered = filterByText(db, base, [[column, 'abcdef']], lookup)
  const query = filtered.query.orderBy(sql.ref(filtered.newestFirst), 'desc').limit(30).compile()
  const rollback = new Error('rollback')
  let plan = ''
  await db
    .transaction()
    .execute(async (trx) => {
      if (dialect === 'postgres') {
        await sql`set local enable_seqscan = off`.execute(trx)
        await sql`drop index products_name_sort_idx, service_providers_brand_sort_idx`.execute(trx)
      }
      const explained = await trx.executeQuery({
        ...query,
        sql: `explain ${dialect === 'sqlite' ? 'query plan ' : ''}${query.sql}`,
      })
      plan = (explained.rows as Array<Record<string, string>>)
        .map((row) => row['QUERY PLAN'] ?? row.detail)
        .join('\n')
      throw rollback
    })
    .catch((error) => {
      if (error !== rollback) throw error
    })
  return plan
}
