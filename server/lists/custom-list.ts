// Custom fields in lists (issue 27, point 4). A custom field whose schema marks it
// (`"ui:options": { "sortable": true, "filterable": true }` where its rules are written) can be
// sorted and filtered in every list, generically: ./list-routes.ts adds its sort and filter
// parameters to the list's own, the filter object carries its conditions under `attributes`,
// and the list engine adds them to the list's own filter (`withAttributeConditions`). Values
// are read from the row's JSON `attributes`: `json_extract(p.attributes, '$.sku')` on SQLite,
// `p.attributes->>'sku'` on PostgreSQL (numbers cast, indexed by ../lib/custom-field-indexes.ts).
// Strings match as a case-insensitive substring, like the other text filters; enums, yes/no and
// numbers by equality. A sort orders by the same value, rows without one last, then by id.
import { type RawBuilder, type SqlBool, sql } from 'kysely'
import { propertySchemas } from '../db/entity-columns'
import { booleanParam, oneOf, textParam } from '../lib/query-schema'
import { containsPattern, type RawQuery, single } from './list-params'

/** How a custom field's value is compared and ordered. */
export type AttributeKind = 'text' | 'enum' | 'number' | 'boolean'

/** A custom field the current schema marks sortable or filterable. */
export interface ListedField {
  name: string
  kind: AttributeKind
  /** An enum's options. */
  values?: string[]
  sortable: boolean
  filterable: boolean
}

/** What a sort by a custom field orders by (plain data: it crosses to a read worker). */
export interface AttributeKey {
  name: string
  kind: AttributeKind
  postgres: boolean
}

/** One condition of a custom-field filter: a value, or (`missing`) that the record lacks the
 * field, as the records made before an analyst required it may (../lib/missing-fields.ts). */
export type AttributeCondition =
  | { name: string; kind: AttributeKind; value: string }
  | { name: string; kind: 'missing' }

/** A list's filter with its custom-field conditions. */
export type WithAttributes<F> = F & { attributes?: AttributeCondition[] }

/** Names usable inside a SQL literal and a JSON path as they are (schema keys, not user input). */
const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A property's keywords in either form, its local `$ref`s followed (the nearer wins). */
function fieldSchema(document: Json, name: string): Json {
  const merged: Json = {}
  for (const schema of propertySchemas(document, name)) {
    for (const [key, value] of Object.entries(schema)) if (!(key in merged)) merged[key] = value
  }
  return merged
}

function kindOf(schema: Json): AttributeKind | undefined {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) {
    return 'enum'
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type) => type !== 'null',
  )
  if (types.length !== 1) return undefined
  if (types[0] === 'string') return 'text'
  if (types[0] === 'boolean') return 'boolean'
  if (types[0] === 'number' || types[0] === 'integer') return 'number'
  return undefined
}

/** The custom fields among `names` that `document` marks sortable or filterable. */
export function listedFields(document: Json, names: readonly string[]): ListedField[] {
  const listed: ListedField[] = []
  for (const name of names) {
    if (!SAFE_NAME.test(name)) continue
    const schema = fieldSchema(document, name)
    const options = isObject(schema['ui:options']) ? schema['ui:options'] : {}
    const sortable = options.sortable === true
    const filterable = options.filterable === true
    const kind = kindOf(schema)
    if (!kind || !(sortable || filterable)) continue
    const values = kind === 'enum' ? (schema.enum as string[]) : undefined
    listed.push({ name, kind, ...(values ? { values } : {}), sortable, filterable })
  }
  return listed
}

const numberParam = {
  type: 'string',
  pattern: '^-?\\d{1,15}(\\.\\d{1,15})?$',
  'x-detail': { pattern: 'must be a number' },
}

/** The query parameter filtering by this field. */
export function filterParam(field: ListedField): Record<string, unknown> {
  switch (field.kind) {
    case 'enum': {
      const values = field.values ?? []
      return oneOf(values, `must be one of ${values.join(', ')}`)
    }
    case 'boolean':
      return booleanParam
    case 'number':
      return numberParam
    default:
      return textParam
  }
}

/** The conditions the query asks for among these filterable fields (checked by the schema). */
export function attributeConditions(
  query: RawQuery,
  fields: readonly ListedField[],
): AttributeCondition[] {
  const conditions: AttributeCondition[] = []
  for (const { name, kind, filterable } of fields) {
    const value = filterable ? single(query, name) : undefined
    if (value !== undefined) conditions.push({ name, kind, value })
  }
  return conditions
}

/** The parameter asking for the records that lack one of these custom fields (`missing=sku`):
 * a required field's queue. */
export const MISSING_PARAM = 'missing'

export function missingParam(missable: readonly string[]): Record<string, unknown> {
  return oneOf(missable, `must be one of ${missable.join(', ')}`)
}

/** The condition `missing` asks for, if any (checked by `missingParam`). */
export function missingConditions(
  query: RawQuery,
  missable: readonly string[],
): AttributeCondition[] {
  const name = single(query, MISSING_PARAM)
  return name !== undefined && missable.includes(name) ? [{ name, kind: 'missing' }] : []
}

/** The filter with these conditions (none: the filter as it was, so its cache keys stay). */
export function withAttributes<F extends object>(
  filter: F,
  conditions: AttributeCondition[],
): WithAttributes<F> {
  return conditions.length === 0 ? filter : { ...filter, attributes: conditions }
}

/**
 * The value of custom field `name` in the row of the table aliased `alias` (none: unqualified).
 * On PostgreSQL this is the expression its index covers (../lib/custom-field-indexes.ts), so
 * the table's own name in place of the alias gives the index's expression.
 */
export function attributeValue(
  { name, kind, postgres }: AttributeKey,
  alias?: string,
): RawBuilder<unknown> {
  if (!SAFE_NAME.test(name)) throw new Error(`Not a custom field name: ${name}`)
  const column = sql.ref(alias ? `${alias}.attributes` : 'attributes')
  if (postgres) {
    const key = sql.lit(name)
    return kind === 'number'
      ? sql`(case when jsonb_typeof(${column}->${key}) = 'number' then (${column}->>${key})::numeric end)`
      : sql`(${column}->>${key})`
  }
  const path = sql.lit(`$.${name}`)
  return kind === 'number'
    ? sql`(case when json_type(${column}, ${path}) in ('integer', 'real') then json_extract(${column}, ${path}) end)`
    : sql`json_extract(${column}, ${path})`
}

/**
 * True where the row lacks custom field `field` (absent or null): any key an analyst may write,
 * passed as a parameter. `alias`: the table's alias (none: unqualified).
 */
export function lacksAttribute(postgres: boolean, field: string, alias?: string) {
  const column = sql.ref(alias ? `${alias}.attributes` : 'attributes')
  if (postgres) return sql<SqlBool>`(${column} ->> ${field}) is null`
  // SQLite's JSON path quotes a key ($."a.b"); a key holding a quote cannot be quoted.
  return field.includes('"')
    ? sql<SqlBool>`not exists (select 1 from json_each(${column}) where key = ${field} and type <> 'null')`
    : sql<SqlBool>`json_extract(${column}, ${`$."${field}"`}) is null`
}

/** The SQL condition of one custom-field filter on the table aliased `p`. */
export function attributeCondition(
  postgres: boolean,
  condition: AttributeCondition,
): RawBuilder<SqlBool> {
  if (condition.kind === 'missing') return lacksAttribute(postgres, condition.name, 'p')
  const { name, kind, value } = condition
  const read = attributeValue({ name, kind, postgres }, 'p')
  switch (kind) {
    case 'text':
      return sql<SqlBool>`lower(${read}) like ${containsPattern(value)} escape '\\'`
    case 'boolean':
      // PostgreSQL's ->> spells true and false; SQLite's json_extract gives 1 and 0.
      return postgres
        ? sql<SqlBool>`${read} = ${value}`
        : sql<SqlBool>`${read} = ${value === 'true' ? 1 : 0}`
    case 'number':
      return postgres
        ? sql<SqlBool>`${read} = ${value}::numeric`
        : sql<SqlBool>`${read} = ${Number(value)}`
    default:
      return sql<SqlBool>`${read} = ${value}`
  }
}
