import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { type Kysely, PostgresAdapter, sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { idsInRowOrder } from '../../server/db/multi-row'
import type { Db } from '../../server/db/types'
import { ENTITIES } from '../../server/entities'
import type { Entity, EntityTable } from '../../server/entity'
import { number, text, yesNo } from '../../server/imports/cells'
import type { EntityImport } from '../../server/imports/entity-import'
import { type DeleteOutcome, holdersDetail } from '../../server/lib/delete-rules'
import { booleanParam, pageParams, querySchema, textParam } from '../../server/lib/query-schema'
import type { ListSource } from '../../server/lists/list-engine'
import { booleanFilter, containsPattern, textFilter } from '../../server/lists/list-params'
import { orderBySort, sortParams } from '../../server/lists/sorts'
import { DEFAULT_SCHEMAS_DIR } from '../../server/schemas'
import { describeEachDatabase, uniqueName } from './support/databases'

// Adding an entity is its folder, its schemas and one line in server/entities.ts (README,
// "Adding an entity"). This entity exists only here: one table and one descriptor, and the
// generic plugins give it its list (filters, sort, pages), one record, delete under its rule,
// bulk enable/disable/delete, CSV export, history, the trash (list, restore, bulk restore,
// delete for good), revert through its update, and its OpenAPI paths.

interface WidgetFilter {
  name?: string
  enabled?: boolean
}

interface Widget {
  id: number
  name: string
  enabled: boolean
}

// The test's table is not in the product's Database type: its queries go through an untyped
// handle, which is what a new entity's migration and table type would spare it.
// biome-ignore lint/suspicious/noExplicitAny: a table the Database type does not know
const untyped = (db: Db) => db as unknown as Kysely<any>
const TABLE = 'widgets' as EntityTable

const widgetSorts = {
  name: { columns: ['name'], order: 'asc' },
  newest: { columns: [], order: 'desc' },
  id: { columns: [], order: 'asc' },
} as const

const widgetList: ListSource<WidgetFilter, Widget> = {
  name: 'widgets',
  table: TABLE,
  filter: (db, filter) => {
    let query = untyped(db).selectFrom('widgets as p')
    if (filter.name) {
      query = query.where(
        sql`lower(p.name)`,
        'like',
        sql`${containsPattern(filter.name)} escape '\\'`,
      )
    }
    if (filter.enabled !== undefined) query = query.where('p.enabled', '=', filter.enabled ? 1 : 0)
    return { query, newestFirst: 'p.id' }
  },
  read: async (db, ids, sort) => {
    const rows = await orderBySort(
      untyped(db)
        .selectFrom('widgets as p')
        .select(['p.id', 'p.name', 'p.enabled'])
        .where('p.id', 'in', ids),
      sort,
      'p',
    ).execute()
    return rows.map((row) => ({ id: row.id, name: row.name, enabled: row.enabled === 1 }))
  },
}

const widgetParams = querySchema({
  ...pageParams,
  ...sortParams(widgetSorts),
  name: textParam,
  enabled: booleanParam,
})

/** A widget named "…-keep…" is held by something: its delete is refused, as a rule would. */
async function removeWidget(db: Db, id: number): Promise<DeleteOutcome> {
  const row = await untyped(db)
    .selectFrom('widgets')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return { outcome: 'missing' }
  if (row.name.includes('-keep')) {
    const detail = holdersDetail('Widget', [{ count: 1, one: 'keeper', many: 'keepers' }]) as string
    return { outcome: 'refused', detail }
  }
  await untyped(db).deleteFrom('widgets').where('id', '=', id).execute()
  return { outcome: 'deleted', record: row }
}

// Its import: how bodies become rows, through the handle the import gives (its transaction);
// the import records their history.
const widgetRow = (body: Record<string, unknown>) => ({
  name: body.name,
  enabled: body.enabled === false ? 0 : 1,
  updatedAt: Date.now(),
})
const widgetImport: EntityImport = {
  body: (record) => ({ ...record }),
  create: async (trx, records) => {
    const rows = records.map(({ body }) => ({ ...widgetRow(body), createdAt: Date.now() }))
    const ids = await untyped(trx).insertInto('widgets').values(rows).returning('id').execute()
    return idsInRowOrder(ids)
  },
  update: async (trx, records) => {
    for (const { id, body } of records) {
      await untyped(trx).updateTable('widgets').set(widgetRow(body)).where('id', '=', id).execute()
    }
  },
}

// Its form schema, beside the product's (the import checks rows against it).
const schemasDir = mkdtempSync(path.join(os.tmpdir(), 'widget-schemas-'))
cpSync(DEFAULT_SCHEMAS_DIR, schemasDir, { recursive: true })
writeFileSync(
  path.join(schemasDir, 'widget.json'),
  JSON.stringify({
    $id: 'widget',
    definitions: {
      create: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', title: 'Name', minLength: 1, maxLength: 60, pattern: '\\S' },
          enabled: { type: 'boolean', title: 'Enabled', default: true },
        },
      },
      update: { $ref: '#/definitions/create' },
    },
  }),
)
afterAll(() => rmSync(schemasDir, { recursive: true, force: true }))

const widgets: Entity<WidgetFilter, Widget> = {
  collection: '/api/widgets',
  table: TABLE,
  schemaId: 'widget',
  notFound: 'Widget not found',
  list: {
    source: widgetList,
    params: widgetParams,
    filter: (query) => ({
      name: textFilter(query, 'name'),
      enabled: booleanFilter(query, 'enabled'),
    }),
    sorts: widgetSorts,
    defaultSort: 'newest',
  },
  find: async (db, id) => {
    const [widget] = await widgetList.read(db, [id], { field: 'id', columns: [], order: 'asc' })
    return widget
  },
  remove: removeWidget,
  canBeHeld: true,
  // Its PUT, were it to have one: revert saves through it.
  update: () => ({
    body: ({ id: _, ...fields }) => fields,
    write: async (conn, id, body, audit) => {
      const before = await audit.snapshot(conn, id)
      if (!before) return undefined
      await untyped(conn)
        .updateTable('widgets')
        .set({ name: body.name, enabled: body.enabled ? 1 : 0, updatedAt: Date.now() })
        .where('id', '=', id)
        .execute()
      await audit.record(conn, 'update', id, before)
      return audit.snapshot(conn, id)
    },
  }),
  enabling: true,
  export: {
    file: 'widgets',
    columns: [
      { title: 'ID', field: 'id', value: (w) => w.id, read: number },
      { title: 'Name', field: 'name', value: (w) => w.name, read: text },
      { title: 'Enabled', field: 'enabled', value: (w) => (w.enabled ? 'Yes' : 'No'), read: yesNo },
    ],
  },
  import: widgetImport,
}

describeEachDatabase('an entity defined by one descriptor and one table', (suite) => {
  let app: FastifyInstance
  let token: string
  let tag: string
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    const postgres = suite.db.getExecutor().adapter instanceof PostgresAdapter
    await suite.db.schema
      .createTable('widgets')
      .ifNotExists()
      .addColumn('id', 'integer', (col) =>
        postgres
          ? col.generatedByDefaultAsIdentity().primaryKey()
          : col.primaryKey().autoIncrement(),
      )
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
  })

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } })

  test('it gets list, sort, record, delete, bulk, export, history and OpenAPI paths', async () => {
    app = await suite.makeApp({ entities: [...ENTITIES, widgets], config: { schemasDir } })
    ;({ token } = await suite.loginAsNewOperator(app))
    tag = uniqueName('w').toLowerCase()
    for (const name of ['cog', 'bolt', 'axle', 'keep-spring']) {
      const at = Date.now()
      const row = await untyped(suite.db)
        .insertInto('widgets')
        .values({ name: `${tag}-${name}`, enabled: 1, createdAt: at, updatedAt: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids[name] = row.id
    }

    // The list: filtered, sorted both ways, paged, with unknown sorts refused.
    const byName = await call('GET', `/api/widgets?name=${tag}&sort=name&pageSize=2`)
    expect(byName.statusCode, byName.body).toBe(200)
    expect(byName.json().data.map((w: Widget) => w.name)).toEqual([`${tag}-axle`, `${tag}-bolt`])
    expect(byName.json().pagination).toMatchObject({ total: 4, totalPages: 2, hasNext: true })
    const desc = await call(
      'GET',
      `/api/widgets?name=${tag}&sort=name&order=desc&page=2&pageSize=2`,
    )
    expect(desc.json().data.map((w: Widget) => w.name)).toEqual([`${tag}-bolt`, `${tag}-axle`])
    const newest = await call('GET', `/api/widgets?name=${tag}`)
    expect(newest.json().data[0].id).toBe(ids['keep-spring'])
    const badSort = await call('GET', '/api/widgets?sort=colour')
    expect(badSort.statusCode).toBe(400)
    expect(badSort.json().detail).toMatch(/^sort must be one of name, newest, id/)

    // One record, with its ETag; a missing one is the entity's own 404.
    const one = await call('GET', `/api/widgets/${ids.cog}`)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual({ id: ids.cog, name: `${tag}-cog`, enabled: true })
    expect(one.headers.etag).toBeTruthy()
    expect((await call('GET', '/api/widgets/999999')).json()).toEqual({
      detail: 'Widget not found',
    })

    // Bulk: disable two by id, then everything matching a filter is enabled again.
    const disable = await call('POST', '/api/widgets/bulk', {
      action: 'disable',
      ids: [ids.cog, ids.bolt],
    })
    expect(disable.json()).toEqual({ done: [ids.cog, ids.bolt], refused: [] })
    const disabled = await call('GET', `/api/widgets?name=${tag}&enabled=false&sort=id`)
    expect(disabled.json().data.map((w: Widget) => w.id)).toEqual([ids.cog, ids.bolt])
    const enable = await call('POST', '/api/widgets/bulk', {
      action: 'enable',
      filter: { name: tag, enabled: 'false' },
    })
    expect(enable.json().done.sort()).toEqual([ids.cog, ids.bolt].sort())

    // Export: every matching row in the sort's order, all pages.
    const csv = await call('GET', `/api/widgets/export?name=${tag}&sort=name`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const rows = parse(csv.body, { bom: true })
    expect(rows).toEqual([
      ['ID', 'Name', 'Enabled'],
      [String(ids.axle), `${tag}-axle`, 'Yes'],
      [String(ids.bolt), `${tag}-bolt`, 'Yes'],
      [String(ids.cog), `${tag}-cog`, 'Yes'],
      [String(ids['keep-spring']), `${tag}-keep-spring`, 'Yes'],
    ])

    // Import: its export reads back unchanged; a row with an ID updates, one without creates;
    // a row the schema refuses is named by row and column, and nothing is written.
    const importCsv = (csv: string) =>
      app.inject({
        method: 'POST',
        url: '/api/widgets/import',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: csv,
      })
    const same = await importCsv(csv.body)
    expect(same.json()).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 4,
      errors: [],
      batchId: null,
    })
    expect(same.json().rows).toEqual([
      { row: 2, status: 'unchanged', id: ids.axle, name: `${tag}-axle` },
      { row: 3, status: 'unchanged', id: ids.bolt, name: `${tag}-bolt` },
      { row: 4, status: 'unchanged', id: ids.cog, name: `${tag}-cog` },
      { row: 5, status: 'unchanged', id: ids['keep-spring'], name: `${tag}-keep-spring` },
    ])
    const refused = await importCsv(`Name,Enabled\n${tag}-gear,No\n" ",Yes\n`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual([
      { row: 3, column: 'Name', detail: 'name must not be blank' },
    ])
    const imported = await importCsv(`ID,Name,Enabled\n,${tag}-gear,No\n${ids.cog},${tag}-cog,No\n`)
    expect(imported.json()).toMatchObject({ created: 1, updated: 1, unchanged: 0, errors: [] })
    const gear = await call('GET', `/api/widgets?name=${tag}-gear`)
    expect(gear.json().data).toEqual([
      expect.objectContaining({ name: `${tag}-gear`, enabled: false }),
    ])
    const undone = await call('POST', `/api/imports/${imported.json().batchId}/undo`)
    expect(undone.json()).toEqual({ deleted: 1, reverted: 1 })
    expect((await call('GET', `/api/widgets/${ids.cog}`)).json().enabled).toBe(true)

    // Delete under its rule, alone and in bulk; the history keeps the record as GET showed it.
    expect((await call('DELETE', `/api/widgets/${ids.axle}`)).statusCode).toBe(204)
    expect((await call('GET', `/api/widgets/${ids.axle}`)).statusCode).toBe(404)
    const held = await call('DELETE', `/api/widgets/${ids['keep-spring']}`)
    expect(held.statusCode).toBe(409)
    expect(held.json()).toEqual({ detail: 'Widget has 1 keeper' })
    const bulkDelete = await call('POST', '/api/widgets/bulk', {
      action: 'delete',
      ids: [ids.bolt, ids['keep-spring']],
    })
    expect(bulkDelete.json()).toEqual({
      done: [ids.bolt],
      refused: [{ id: ids['keep-spring'], detail: 'Widget has 1 keeper' }],
    })
    const history = await call('GET', `/api/widgets/${ids.axle}/history`)
    expect(history.statusCode).toBe(200)
    const [deleted] = history.json().data
    expect(deleted).toMatchObject({ action: 'delete' })
    expect(deleted.changes).toEqual({
      name: { before: `${tag}-axle`, after: null },
      enabled: { before: true, after: null },
    })
    const updates = await call('GET', `/api/widgets/${ids.cog}/history`)
    expect(updates.json().data.map((entry: { action: string }) => entry.action)).toEqual([
      'undo',
      'import',
      'update',
      'update',
    ])
    expect((await call('GET', '/api/widgets/999999/history')).statusCode).toBe(404)

    // The trash: what was deleted is listed, comes back, alone or in bulk, and goes for good.
    const trash = await call('GET', '/api/widgets/trash')
    expect(trash.statusCode, trash.body).toBe(200)
    expect(trash.json().data.map((w: Widget) => w.id)).toEqual([ids.bolt, ids.axle])
    expect(trash.json().data[1]).toMatchObject({ name: `${tag}-axle`, enabled: true })
    const restored = await call('POST', `/api/widgets/${ids.axle}/restore`)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toEqual({ id: ids.axle, name: `${tag}-axle`, enabled: true })
    expect((await call('GET', `/api/widgets/${ids.axle}`)).statusCode).toBe(200)
    const bulkRestore = await call('POST', '/api/widgets/trash/bulk', {
      action: 'restore',
      ids: [ids.bolt],
    })
    expect(bulkRestore.json()).toEqual({ done: [ids.bolt], refused: [] })
    expect((await call('DELETE', `/api/widgets/${ids.bolt}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/widgets/trash/${ids.bolt}`)).statusCode).toBe(204)
    expect((await call('POST', `/api/widgets/${ids.bolt}/restore`)).statusCode).toBe(404)

    // Revert: back to the version after an entry of its history, recorded as `revert`.
    const [enabled, disabling] = (await call('GET', `/api/widgets/${ids.cog}/history`)).json().data
    expect(enabled.changes).toEqual({ enabled: { before: false, after: true } })
    const reverted = await call('POST', `/api/widgets/${ids.cog}/revert`, { to: disabling.id })
    expect(reverted.statusCode, reverted.body).toBe(200)
    expect(reverted.json()).toEqual({ id: ids.cog, name: `${tag}-cog`, enabled: false })
    const [revertEntry] = (await call('GET', `/api/widgets/${ids.cog}/history`)).json().data
    expect(revertEntry).toMatchObject({ action: 'revert' })

    // No form requires a custom field the widgets may lack: no queue, no `missing` filter.
    expect((await call('GET', '/api/widgets/missing-fields')).json()).toEqual({ data: [] })
    expect((await call('GET', '/api/widgets?missing=name')).statusCode).toBe(400)

    // Its OpenAPI paths, each with its success answer documented.
    const openapi = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const paths = Object.keys(openapi.paths).filter((path) => path.startsWith('/api/widgets'))
    expect(paths.sort()).toEqual([
      '/api/widgets',
      '/api/widgets/bulk',
      '/api/widgets/export',
      '/api/widgets/import',
      '/api/widgets/missing-fields',
      '/api/widgets/trash',
      '/api/widgets/trash/bulk',
      '/api/widgets/trash/{id}',
      '/api/widgets/{id}',
      '/api/widgets/{id}/history',
      '/api/widgets/{id}/presence',
      '/api/widgets/{id}/restore',
      '/api/widgets/{id}/revert',
    ])
    for (const path of paths) {
      for (const [method, operation] of Object.entries(openapi.paths[path])) {
        const responses = (operation as { responses: Record<string, { description: string }> })
          .responses
        const success = Object.entries(responses).find(([status]) => status.startsWith('2'))
        expect(success?.[1].description, `${method} ${path}`).not.toBe('Undocumented')
      }
    }
  })
})
