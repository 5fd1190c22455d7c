// Issue 27, point 4, in `npm run dev`: a custom field marked sortable or filterable while the
// API runs is indexed on PostgreSQL when the API reloads its schemas (scripts/dev-api.ts calls
// `indexMarkedFieldsLive`), built `concurrently`, logged, and a failure is a warning, never a
// thrown error (the reload must go on). An index a failed concurrent build left invalid is
// built again. SQLite needs none.
import { sql } from 'kysely'
import { afterAll, expect, test } from 'vitest'
import { indexMarkedFieldsLive } from '../../server/lib/custom-field-indexes'
import { loadSchemas } from '../../server/schemas'
import { addProperty, copySchemas } from '../support/schema-copy'
import { describeEachDatabase } from './support/databases'

const field = `live${Date.now().toString(36)}`
const indexName = `products_attr_${field}_idx`.toLowerCase()
const marked = copySchemas()
marked.edit('product', (doc) =>
  addProperty(doc, field, { type: 'string', 'ui:options': { sortable: true } }),
)
afterAll(() => marked.remove())

/** A log that keeps what it is told. */
function recorder() {
  const lines: string[] = []
  return {
    lines,
    log: {
      info: (line: string) => lines.push(`info: ${line}`),
      warn: (line: string) => lines.push(`warn: ${line}`),
    },
  }
}

describeEachDatabase('custom field indexes during npm run dev', (suite) => {
  test('a newly marked field is indexed concurrently at the reload, once, and logged', async () => {
    const { lines, log } = recorder()
    const created = await indexMarkedFieldsLive(suite.db, loadSchemas(marked.dir), log)
    if (suite.dialect === 'sqlite') {
      expect(created).toEqual([])
      expect(lines).toEqual([])
      return
    }
    expect(created).toEqual([indexName])
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^info: index ${indexName} created on products`)),
    ])
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = ${indexName}`.execute(suite.db)
    expect(rows[0]?.indexdef).toContain(`(attributes ->> '${field}'::text)`)
    // The next reload finds it in place: nothing to build, nothing said.
    const again = recorder()
    expect(await indexMarkedFieldsLive(suite.db, loadSchemas(marked.dir), again.log)).toEqual([])
    expect(again.lines).toEqual([])
  })

  test('an index a failed build left invalid is built again', async () => {
    if (suite.dialect === 'sqlite') return
    await indexMarkedFieldsLive(suite.db, loadSchemas(marked.dir), recorder().log)
    // What a cancelled `create index concurrently` leaves (needs the right to edit the catalogue).
    const marked_ = await sql`
      update pg_index set indisvalid = false
      where indexrelid = (select oid from pg_class where relname = ${indexName})`
      .execute(suite.db)
      .then(() => true)
      .catch(() => false)
    if (!marked_) return
    const { lines, log } = recorder()
    expect(await indexMarkedFieldsLive(suite.db, loadSchemas(marked.dir), log)).toEqual([indexName])
    expect(lines).toHaveLength(1)
    const { rows } = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = ${indexName}`.execute(suite.db)
    expect(rows).toEqual([{ valid: true }])
  })

  test('a failure is a warning, never an error the reload would stop at', async () => {
    if (suite.dialect === 'sqlite') return
    await sql`drop index if exists ${sql.id(indexName)}`.execute(suite.db)
    // Inside a transaction PostgreSQL refuses to build an index concurrently: a sure failure.
    const { lines, log } = recorder()
    const created = await suite.db
      .transaction()
      .execute((trx) => indexMarkedFieldsLive(trx, loadSchemas(marked.dir), log))
    expect(created).toEqual([])
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^warn: index ${indexName} on products not created \\(.+\\); it is tried again`),
      ),
    ])
    // The next reload builds it.
    expect(await indexMarkedFieldsLive(suite.db, loadSchemas(marked.dir), recorder().log)).toEqual([
      indexName,
    ])
  })
})
