// PostgreSQL indexes of the custom fields lists sort and filter by (issue 27, point 4): after
// the migrations, for each custom field a schema file marks sortable or filterable
// (lists/custom-list.ts), the server writes and runs
//   create index if not exists products_attr_sku_idx on products ((attributes->>'sku'))
// (a number's index holds its value cast to numeric: products_attr_weightkg_num_idx), the same
// expression the lists order and compare by. The name is the record: made from the table and
// the field, it is created once, and a field no longer marked keeps its index until a developer
// drops it. Field names come from the schema files only and must be plain identifiers
// (letters, digits, _), so the statement never holds anything else. SQLite needs no index to
// sort or filter correctly (its lists read the same expression without one).
// In `npm run dev` a field marked while the API runs is indexed when the API reloads its schemas
// (`indexMarkedFieldsLive`, scripts/dev-api.ts): `create index concurrently`, which builds the
// index without locking the table against writes (a big table takes a while), after the reload
// has answered; each index is logged, and a failure is a warning, never a failed reload.
import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import { customFieldNames, ENTITY_COLUMNS, type EntityName } from '../db/entity-columns'
import type { Database } from '../db/types'
import { attributeValue, type ListedField, listedFields } from '../lists/custom-list'

type Document = Record<string, unknown> & { $id: string }

/** PostgreSQL's longest identifier. */
const MAX_NAME = 63

/** The index of a custom field's list value in `table`. */
export function customFieldIndexName(table: string, field: Pick<ListedField, 'name' | 'kind'>) {
  // Lower case: the database's CamelCasePlugin would turn `weightKg` in a name into `weight_kg`.
  const suffix = field.kind === 'number' ? '_num' : ''
  const name = `${table}_attr_${field.name}${suffix}_idx`.toLowerCase()
  if (name.length <= MAX_NAME) return name
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8)
  return `${name.slice(0, MAX_NAME - 9)}_${hash}`
}

interface FieldIndex {
  name: string
  table: string
  value: ReturnType<typeof attributeValue>
}

/** The indexes the marked custom fields of these schema documents need. */
function fieldIndexes(documents: readonly Document[]): FieldIndex[] {
  const indexes: FieldIndex[] = []
  for (const document of documents) {
    if (!Object.hasOwn(ENTITY_COLUMNS, document.$id)) continue
    const entity = document.$id as EntityName
    const { table } = ENTITY_COLUMNS[entity]
    for (const field of listedFields(document, customFieldNames(entity, document))) {
      const name = customFieldIndexName(table, field)
      const value = attributeValue({ name: field.name, kind: field.kind, postgres: true })
      indexes.push({ name, table, value })
    }
  }
  return indexes
}

/** Creates the missing indexes of the marked custom fields of these schema documents (the
 * server's schemas/); answers the names of the indexes it looked for. SQLite: none. */
export async function indexCustomFields(
  db: Kysely<Database>,
  documents: readonly Document[],
): Promise<string[]> {
  if (!isPostgres(db)) return []
  const names: string[] = []
  for (const { name, table, value } of fieldIndexes(documents)) {
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (${value})`.execute(
      db,
    )
    names.push(name)
  }
  return names
}

/** Whether the index exists, and whether it is usable (a concurrent build that failed leaves an
 * invalid one behind, which `if not exists` would keep forever). */
async function indexState(db: Kysely<Database>, name: string) {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i
    join pg_class c on c.oid = i.indexrelid
    where c.relname = ${name} and pg_table_is_visible(c.oid)`.execute(db)
  return rows.length === 0 ? 'missing' : rows[0].valid ? 'valid' : 'invalid'
}

/**
 * For a running server (`npm run dev`'s reload): creates, `concurrently`, the indexes of marked
 * custom fields that do not exist yet (an invalid one left by a failed build is dropped and
 * built again); answers the names it created. Each creation and failure is told to `log`;
 * nothing throws. SQLite: none.
 */
export async function indexMarkedFieldsLive(
  db: Kysely<Database>,
  documents: readonly Document[],
  log: { info(message: string): void; warn(message: string): void },
): Promise<string[]> {
  if (!isPostgres(db)) return []
  const created: string[] = []
  for (const { name, table, value } of fieldIndexes(documents)) {
    try {
      const state = await indexState(db, name)
      if (state === 'valid') continue
      if (state === 'invalid')
        await sql`drop index concurrently if exists ${sql.id(name)}`.execute(db)
      const started = performance.now()
      await sql`create index concurrently if not exists ${sql.id(name)} on ${sql.table(table)} (${value})`.execute(
        db,
      )
      const seconds = ((performance.now() - started) / 1000).toFixed(2)
      log.info(`index ${name} created on ${table} for a newly marked custom field (${seconds} s)`)
      created.push(name)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      log.warn(
        `index ${name} on ${table} not created (${reason}); it is tried again at the next reload or start`,
      )
    }
  }
  return created
}
