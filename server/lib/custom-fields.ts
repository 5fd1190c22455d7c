// Custom fields (issue 11): properties an analyst adds to an entity's form schema that have no
// column. They are validated by the schema like any field, stored in the row's JSON
// `attributes` (migration 008) and shown at the top level of GET under their own names.
//
// A property later removed from the schema is hidden, not deleted: GET shows only what the
// current schema declares, and an update replaces only the declared ones, so the stored value
// shows again when the property returns. Public info picks its fields one by one and never
// shows any of them.

import type { FastifyInstance } from 'fastify'
import { customFieldNames, ENTITY_COLUMNS, type EntityName, splitBody } from '../db/entity-columns'
import type { Db } from '../db/types'
import { type ListedField, listedFields } from '../lists/custom-list'
import { missableFields, requiredCustomFields } from './missing-fields'

export type Attributes = Record<string, unknown>

/** A table whose entity declares custom fields: it has an `attributes` column. */
type AttributesTable =
  | 'serviceProviderCategories'
  | 'productCategories'
  | 'serviceProviders'
  | 'products'
  | 'productImages'

/** What a create or update writes: the custom fields the form declares and the body's values. */
export interface AttributesWrite {
  table: AttributesTable
  /** Replaced by this write (absent from `values`: removed); other stored keys are kept. */
  declared: string[]
  values: Attributes
}

export interface CustomFields {
  /** The attributes a validated body brings for its form. */
  write(form: 'create' | 'update', body: object): AttributesWrite
  /** The record with its custom fields (those the current schema declares) at the top level. */
  show<T extends { id: number }>(db: Db, record: T): Promise<T>
  showAll<T extends { id: number }>(db: Db, records: T[]): Promise<T[]>
  /** The custom fields the current schema declares, which GET shows. */
  shown: string[]
  /** The same fields with their title (`ui:title`, else `title`, else their name): the CSV
   * exports' columns. */
  titled: Array<{ name: string; title: string }>
  /** The custom fields the update form requires, in its order: a record lacking one is asked
   * for it at its next edit (PUT, and bulk Enable and Disable, refuse it; lib/missing-fields.ts). */
  required: string[]
  /** The custom fields either form requires, which records made before may lack: the lists'
   * `missing` filter and the dashboard's queues (lib/missing-fields.ts). */
  missable: string[]
  /** Those the schema marks sortable or filterable in lists (../lists/custom-list.ts). */
  listed: ListedField[]
}

/** An entity with no column map (db/entity-columns.ts) has no custom fields. */
const NONE: CustomFields = {
  write: () => ({ table: 'products', declared: [], values: {} }),
  show: async (_db, record) => record,
  showAll: async (_db, records) => records,
  shown: [],
  titled: [],
  required: [],
  missable: [],
  listed: [],
}

/** Reads the entity's schema (as registered with `app`) once: the app is rebuilt on a change.
 * Its custom fields are stored in `table`'s `attributes` column. */
export function customFields(app: FastifyInstance, schemaId: string, table: string): CustomFields {
  if (!Object.hasOwn(ENTITY_COLUMNS, schemaId)) return NONE
  const entity = schemaId as EntityName
  const document = (app.getSchema(entity) ?? {}) as Attributes
  const shown = customFieldNames(entity, document)
  // The field's name on the screens (lib/field-titles.ts; absent in a bare test app).
  const titles = typeof app.fieldTitles === 'function' ? app.fieldTitles(entity) : undefined
  const declared = {
    create: customFieldNames(entity, document, ['create']),
    update: customFieldNames(entity, document, ['update']),
  }

  const showAll = <T extends { id: number }>(db: Db, records: T[]) =>
    withCustomFields(db, table, shown, records)

  return {
    write: (form, body) => ({
      table: table as AttributesTable,
      declared: declared[form],
      values: splitBody(entity, document, form, body as Attributes).attributes,
    }),
    shown,
    titled: shown.map((name) => ({ name, title: titles?.title(name) ?? name })),
    listed: listedFields(document, shown),
    showAll,
    required: requiredCustomFields(entity, document, 'update'),
    missable: missableFields(entity, document),
    show: async (db, record) => (await showAll(db, [record]))[0],
  }
}

/** The records with the custom fields `shown` (as stored in `table`) at the top level. A table
 * whose entity declares custom fields has an `attributes` column. */
export async function withCustomFields<T extends { id: number }>(
  db: Db,
  table: string,
  shown: readonly string[],
  records: T[],
): Promise<T[]> {
  if (shown.length === 0 || records.length === 0) return records
  const rows = await db
    .selectFrom(table as AttributesTable)
    .select(['id', 'attributes'])
    .where(
      'id',
      'in',
      records.map((record) => record.id),
    )
    .execute()
  const byId = new Map(rows.map((row) => [row.id, parseAttributes(row.attributes)]))
  return records.map((record) => {
    const stored = byId.get(record.id) ?? {}
    const visible: Attributes = {}
    for (const name of shown) if (Object.hasOwn(stored, name)) visible[name] = stored[name]
    return { ...record, ...visible }
  })
}

/**
 * Stores a write's attributes on row `id`, keeping stored keys the form does not declare.
 * Without a write (scripts that insert rows directly) the attributes stay as they are.
 */
export async function saveAttributes(db: Db, id: number, write?: AttributesWrite): Promise<void> {
  if (!write || write.declared.length === 0) return
  const row = await db
    .selectFrom(write.table)
    .select('attributes')
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return
  const merged = parseAttributes(row.attributes)
  for (const name of write.declared) delete merged[name]
  Object.assign(merged, write.values)
  await db
    .updateTable(write.table)
    .set({ attributes: JSON.stringify(merged) })
    .where('id', '=', id)
    .execute()
}

/** What a new row's `attributes` column holds for this write (none: the column's default),
 * as `saveAttributes` would leave it: for writes of many rows in one INSERT. */
export function newAttributes(write: AttributesWrite): { attributes?: string } {
  return write.declared.length === 0 ? {} : { attributes: JSON.stringify(write.values) }
}

/**
 * What `saveAttributes` would store on each of these rows, read in one query: for writes of
 * many rows in one UPDATE. Rows whose write declares nothing keep theirs (absent from the map).
 */
export async function mergedAttributes(
  db: Db,
  writes: Array<{ id: number; attributes: AttributesWrite }>,
): Promise<Map<number, string>> {
  const merged = new Map<number, string>()
  const declaring = writes.filter((write) => write.attributes.declared.length > 0)
  if (declaring.length === 0) return merged
  const rows = await db
    .selectFrom(declaring[0].attributes.table)
    .select(['id', 'attributes'])
    .where(
      'id',
      'in',
      declaring.map((write) => write.id),
    )
    .execute()
  const stored = new Map(rows.map((row) => [row.id, parseAttributes(row.attributes)]))
  for (const { id, attributes } of declaring) {
    const values = stored.get(id) ?? {}
    for (const name of attributes.declared) delete values[name]
    merged.set(id, JSON.stringify(Object.assign(values, attributes.values)))
  }
  return merged
}

/** jsonb arrives parsed (pg), JSON text as a string (SQLite). */
function parseAttributes(raw: unknown): Attributes {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { ...(value as Attributes) }
    : {}
}
