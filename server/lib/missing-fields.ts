// Issue 27: a custom field an analyst makes required while records lack it. Records stay
// readable (GET shows what they have), and their next edit asks for the field (the PUT without
// it is a 400 "<field> is required", bulk Enable and Disable refuse them with the same text);
// this says how many records lack it, at the server's start and after each schema (re)load of
// `npm run dev`, so the analyst is warned before operators meet it. A warning, never a refusal:
// the schema is sound, the records are what changed meaning.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import { customFieldNames, ENTITY_COLUMNS, type EntityName } from '../db/entity-columns'
import type { Database } from '../db/types'
import { lacksAttribute } from '../lists/custom-list'
import { type FormName, requiredOf } from '../schema-check/form-properties'
import { isObject, type Json } from '../schema-check/json-file'
import { loadSchemas } from '../schemas'

/** One required custom field and how many records lack it. */
export interface MissingField {
  entity: EntityName
  field: string
  /** The update form requires it (an edit asks for it), or only the create form. */
  askedAtEdit: boolean
  missing: number
}

/** The custom fields `form` requires, in its `required` order (the order a 400 names them). */
export function requiredCustomFields(entity: EntityName, document: Json, form: FormName): string[] {
  const custom = new Set(customFieldNames(entity, document, [form]))
  return requiredOf(document, form).names.filter((name) => custom.has(name))
}

/** The custom fields either form requires, which records made before may lack: the update
 * form's first, then the create form's. */
export function missableFields(entity: EntityName, document: Json): string[] {
  const onEdit = requiredCustomFields(entity, document, 'update')
  const onCreate = requiredCustomFields(entity, document, 'create')
  return [...new Set([...onEdit, ...onCreate])]
}

/** Counts, per entity with a required custom field, the records whose attributes lack it. */
export async function missingRequiredFields(
  db: Kysely<Database>,
  schemasDir: string,
): Promise<MissingField[]> {
  const documents = new Map(loadSchemas(schemasDir).map((doc) => [doc.$id, doc as Json]))
  const found: MissingField[] = []
  for (const entity of Object.keys(ENTITY_COLUMNS) as EntityName[]) {
    const document = documents.get(entity)
    if (!document || !isObject(document.definitions)) continue
    const onEdit = requiredCustomFields(entity, document, 'update')
    const fields = missableFields(entity, document)
    if (fields.length === 0) continue
    const counts = await countMissing(db, ENTITY_COLUMNS[entity].table, fields)
    for (const [index, field] of fields.entries()) {
      if (counts[index] === 0) continue
      found.push({ entity, field, askedAtEdit: onEdit.includes(field), missing: counts[index] })
    }
  }
  return found
}

/** For each field, how many rows of `table` lack it (absent or null): one scan of the table. */
async function countMissing(
  db: Kysely<Database>,
  table: string,
  fields: string[],
): Promise<number[]> {
  const postgres = isPostgres(db)
  // The lists' `missing` filter reads the same condition, so its total is this count.
  const sums = fields.map(
    (field, index) =>
      sql`coalesce(sum(case when ${lacksAttribute(postgres, field)} then 1 else 0 end), 0) as ${sql.ref(`m${index}`)}`,
  )
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(sums)} from ${sql.table(
    table,
  )}`.execute(db)
  return fields.map((_field, index) => Number(rows[0]?.[`m${index}`] ?? 0))
}

const NOUNS: Record<EntityName, [string, string]> = {
  'service-provider-category': ['service provider category', 'service provider categories'],
  'product-category': ['product category', 'product categories'],
  'service-provider': ['service provider', 'service providers'],
  product: ['product', 'products'],
  'product-image': ['product image', 'product images'],
}

/** `schemas/product.json: "condition" is required, and 1,234 products lack it: …` */
export function formatMissingField({ entity, field, askedAtEdit, missing }: MissingField): string {
  const [one, many] = NOUNS[entity]
  const count = `${missing.toLocaleString('en-US')} ${missing === 1 ? one : many}`
  const lack = missing === 1 ? 'lacks' : 'lack'
  return askedAtEdit
    ? `schemas/${entity}.json: "${field}" is required, and ${count} ${lack} it: each asks for it at its next edit`
    : `schemas/${entity}.json: "${field}" is required to create a ${one}, and ${count} made before ${lack} it: their edits do not ask for it (the update form does not require it)`
}

/** The report's lines (none when no record lacks a required field). */
export async function missingFieldsReport(
  db: Kysely<Database>,
  schemasDir: string,
): Promise<string[]> {
  return (await missingRequiredFields(db, schemasDir)).map(formatMissingField)
}

/**
 * Counts and warns, one line per field (server/main.ts at start, scripts/dev-api.ts after each
 * schema load). Never throws: a failed count is itself a warning, and the server serves on.
 */
export async function warnOfMissingFields(
  db: Kysely<Database>,
  schemasDir: string,
  warn: (line: string) => void,
): Promise<string[]> {
  let lines: string[]
  try {
    lines = await missingFieldsReport(db, schemasDir)
  } catch (error) {
    warn(`Could not count the records that lack a required field: ${(error as Error).message}`)
    return []
  }
  for (const line of lines) warn(line)
  return lines
}
