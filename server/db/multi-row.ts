// Writes of many rows in one statement (a CSV import's batch, server/imports/): one INSERT or
// UPDATE for hundreds of rows instead of one each, which is most of what makes 100,000 rows a
// minute's work (docs/performance.md). The same SQL on SQLite and PostgreSQL, bar the casts.
import { type RawBuilder, sql } from 'kysely'
import { isPostgres } from './dialect'
import type { Db } from './types'

/**
 * The ids a multi-row `INSERT ... RETURNING id` gave, in the order of its rows. RETURNING
 * promises no order, but the ids themselves ascend in row order: SQLite (one writer) gives each
 * row a larger rowid than any before it, and PostgreSQL draws each row's id from the sequence
 * as it inserts the rows in order (another session's ids may fall between, never before).
 */
export function idsInRowOrder(returned: Array<{ id: number }>): number[] {
  return returned.map((row) => Number(row.id)).sort((a, b) => a - b)
}

/** How PostgreSQL must read a column's values (they arrive as text); SQLite binds them typed. */
export type ColumnKind = 'text' | 'integer' | 'bigint' | 'double' | 'json'

const POSTGRES_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  double: 'double precision',
  json: 'jsonb',
}

export interface RowUpdate {
  id: number
  /** Column (camelCase) → new value. */
  set: Record<string, unknown>
}

/**
 * `UPDATE table SET ... FROM (VALUES (id, ...), ...) WHERE table.id = id`: each row gets its own
 * values, one statement for all the rows that set the same columns. `columns` gives the kind of
 * every column a row may set (camelCase).
 */
export async function updateRows(
  db: Db,
  table: string,
  columns: Record<string, ColumnKind>,
  rows: RowUpdate[],
): Promise<void> {
  const groups = new Map<string, RowUpdate[]>()
  for (const row of rows) {
    const key = Object.keys(row.set).sort().join()
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  for (const group of groups.values()) await updateGroup(db, table, columns, group)
}

async function updateGroup(
  db: Db,
  table: string,
  columns: Record<string, ColumnKind>,
  rows: RowUpdate[],
): Promise<void> {
  const postgres = isPostgres(db)
  const names = Object.keys(rows[0].set).sort()
  // VALUES columns are named column1, column2... on both databases; column1 is the id.
  const value = (index: number, kind: ColumnKind) => {
    const column = sql.raw(`v.column${index + 2}`)
    return postgres ? sql`cast(${column} as ${sql.raw(POSTGRES_TYPE[kind])})` : column
  }
  const assignments = names.map(
    (name, index) => sql`${sql.id(snakeCase(name))} = ${value(index, columns[name])}`,
  )
  const tuples = rows.map(
    (row) => sql`(${sql.join([row.id, ...names.map((name) => row.set[name] ?? null)])})`,
  )
  const id: RawBuilder<unknown> = postgres ? sql`cast(v.column1 as integer)` : sql`v.column1`
  await sql`
    update ${sql.id(snakeCase(table))} as t set ${sql.join(assignments)}
    from (values ${sql.join(tuples)}) as v
    where t.id = ${id}`.execute(db)
}

/**
 * The values of `wanted` that differ from the row as stored: a batch sets only those, so that
 * the indexes and triggers of the columns it leaves alone (a name's text index) do no work.
 */
export function changedValues(
  stored: Record<string, unknown>,
  wanted: Record<string, unknown>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(wanted)) {
    const was = stored[name]
    const same =
      was === value || (typeof value === 'number' && was !== null && Number(was) === value)
    if (!same) changed[name] = value
  }
  return changed
}

/** The database's name of a camelCase name (connection.ts maps them with CamelCasePlugin). */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}
