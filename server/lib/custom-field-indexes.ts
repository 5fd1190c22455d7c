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
import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { customFieldNames, ENTITY_COLUMNS, type EntityName } from '../db/entity-columns'
import type { Database } from '../db/types'
import { attributeValue, isPostgres, type ListedField, listedFields } from '../lists/custom-list'

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

/** Creates the missing indexes of the marked custom fields of these schema documents (the
 * server's schemas/); answers the names of the indexes it looked for. SQLite: none. */
export async function indexCustomFields(
  db: Kysely<Database>,
  documents: readonly Document[],
): Promise<string[]> {
  if (!isPostgres(db)) return []
  const names: string[] = []
  for (const document of documents) {
    if (!Object.hasOwn(ENTITY_COLUMNS, document.$id)) continue
    const entity = document.$id as EntityName
    const { table } = ENTITY_COLUMNS[entity]
    for (const field of listedFields(document, customFieldNames(entity, document))) {
      const name = customFieldIndexName(table, field)
      const value = attributeValue({ name: field.name, kind: field.kind, postgres: true })
      await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (${value})`.execute(
        db,
      )
      names.push(name)
    }
  }
  return names
}
