// A record's rows as the trash keeps them (decision 022): its own row and the rows that belong
// to it (its descriptor's `trash.parts`: category links, images with their bytes), read before
// the delete removes them and inserted again, with the same ids, by a restore. Written for
// any entity: what it needs to know of one is in its descriptor.
import { type Kysely, sql, type Transaction } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Database, Db } from '../db/types'
import type { Entity, Row, TrashRows } from '../entity'
import { lockedRow } from '../lib/delete-rules'

// biome-ignore lint/suspicious/noExplicitAny: tables named by descriptors, any of them
const anyTable = (db: Db) => db as unknown as Kysely<any>

/** The rows that belong to the record (not its own row: its delete gives that back). */
export async function partsOf(
  db: Transaction<Database>,
  entity: Entity,
  id: number,
): Promise<TrashRows> {
  const parts = entity.trash?.parts ?? []
  if (parts.length === 0) return {}
  // Locked first, as the entity's delete does: a part added meanwhile (an image upload names
  // the record through its foreign key) waits, then fails, instead of being deleted unseen.
  await lockedRow(db, db.selectFrom(entity.table).select('id').where('id', '=', id))
  const rows: TrashRows = {}
  for (const { table, key } of parts) {
    rows[table] = await anyTable(db).selectFrom(table).selectAll().where(key, '=', id).execute()
  }
  return rows
}

/** Puts the rows back: the record's row, then its parts, then the columns naming a part. */
export async function putBack(db: Db, entity: Entity, rows: TrashRows): Promise<void> {
  const [own] = rows[entity.table] ?? []
  if (!own) throw new Error(`no ${entity.table} row in the trash`)
  const later = entity.trash?.later ?? []
  await insertRows(db, entity.table, [
    { ...own, ...Object.fromEntries(later.map((c) => [c, null])) },
  ])
  for (const { table } of entity.trash?.parts ?? []) await insertRows(db, table, rows[table] ?? [])
  if (later.length > 0) {
    const values = Object.fromEntries(later.map((column) => [column, own[column] ?? null]))
    await anyTable(db).updateTable(entity.table).set(values).where('id', '=', own.id).execute()
  }
}

/** Inserts rows as they were read (same ids), into the columns the table has now. */
export async function insertRows(db: Db, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return
  // Only the columns the table has now and that take a value: a column dropped since the
  // delete is left out, one added since takes its default, a generated one is computed again.
  const columns = await writableColumns(db, table)
  for (const row of rows) {
    const values = Object.fromEntries(
      Object.entries(row)
        .filter(([name]) => columns.has(name))
        .map(([name, value]) => [name, columnValue(value)]),
    )
    await anyTable(db).insertInto(table).values(values).execute()
  }
}

/** JSON columns (custom fields) come back as objects from PostgreSQL and are written as text. */
function columnValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value
  return JSON.stringify(value)
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

async function writableColumns(db: Db, table: string): Promise<Set<string>> {
  const name = snakeCase(table)
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${name}
            and is_generated = 'NEVER'`.execute(db)
    : // hidden: 0 an ordinary column, 2 or 3 a generated one.
      await sql<{ name: string }>`select name from pragma_table_xinfo(${name})
          where hidden = 0`.execute(db)
  return new Set(rows.map((row) => camelCase(row.name)))
}

/** The rows as JSON text; bytes as base64 (a Buffer's own JSON is an array of numbers). */
export function encodeRows(rows: TrashRows): string {
  const encoded = Object.fromEntries(
    Object.entries(rows).map(([table, list]) => [
      table,
      list.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([name, value]) => [
            name,
            Buffer.isBuffer(value) ? { $bytes: value.toString('base64') } : value,
          ]),
        ),
      ),
    ]),
  )
  return JSON.stringify(encoded)
}

export function decodeRows(text: string): TrashRows {
  return JSON.parse(text, (_key, value) =>
    value && typeof value.$bytes === 'string' && Object.keys(value).length === 1
      ? Buffer.from(value.$bytes, 'base64')
      : value,
  ) as TrashRows
}
