// Storage compatibility: every field of an entity's forms either has a database column that
// accepts everything the schema accepts, or is a custom field kept in the entity's JSON
// attributes. A rule the column would refuse (a new enum option, a longer text, a larger number)
// needs a developer's migration; reported here, before the database answers it with an error.
import { type ColumnSpec, ENTITY_COLUMNS } from '../db/entity-columns'
import { formsOf, type ResolvedField, requiredOf, resolvedFields } from './form-properties'
import { isObject, type Json } from './json-file'
import { listWords, type SchemaProblem } from './problem'

/** What each kind of column stores, as JSON Schema types. */
const COLUMN_TYPES: Record<ColumnSpec['kind'], string[]> = {
  text: ['string'],
  integer: ['integer'],
  bigint: ['integer', 'number'],
  double: ['number', 'integer'],
  flag: ['boolean'],
  ids: ['array'],
  image: ['string'],
}
const CUSTOM_TYPES = ['string', 'number', 'integer', 'boolean']
const CUSTOM_FORMATS = ['date', 'email', 'uri']

export interface StorageResult {
  problems: SchemaProblem[]
  /** "product.json: sku" for each custom field, so an analyst sees where a field will live. */
  customFields: string[]
}

export function checkStorage(documentsById: ReadonlyMap<string, Json>): StorageResult {
  const problems: SchemaProblem[] = []
  const customFields = new Set<string>()
  for (const entity of Object.values(ENTITY_COLUMNS)) {
    const doc = documentsById.get(entity.schemaId)
    if (!doc) continue
    const file = `${entity.schemaId}.json`
    for (const form of formsOf(doc)) {
      const required = requiredOf(doc, form)
      for (const [name, field] of resolvedFields(doc, form)) {
        const column = entity.columns[name]
        if (column && mayBeLeftOut(column, field, required.names.includes(name))) {
          problems.push({
            file,
            where: required.where,
            message: `"${name}" needs a migration or must stay required: the ${form} form lets it be left out, but the database column ${column.table}.${column.column} needs a value in every row. Put "${name}" back in "required", give it a "default", or ask a developer.`,
          })
        }
        const found = column
          ? columnRefusals(name, field, column)
          : customFieldRefusals(name, field)
        for (const { keyword, message } of found) {
          const where = field.whereIs(keyword)
          if (!problems.some((p) => p.where === where && p.message === message)) {
            problems.push({ file, where, message })
          }
        }
        if (!column) customFields.add(`${file}: ${name}`)
      }
    }
  }
  return { problems, customFields: [...customFields] }
}

type Refusal = { keyword: string; message: string }

/** A column that needs a value the server does not fill in, for a field the form may leave out. */
function mayBeLeftOut(column: ColumnSpec, field: ResolvedField, required: boolean): boolean {
  return !required && !column.nullable && !column.optional && field.schema.default === undefined
}

function columnRefusals(name: string, field: ResolvedField, column: ColumnSpec): Refusal[] {
  const { schema } = field
  const refusals: Refusal[] = []
  const migration = (keyword: string, schemaAllows: string, columnTakes: string) =>
    refusals.push({
      keyword,
      message: `"${name}" needs a migration: the schema allows ${schemaAllows}, but the database column ${column.table}.${column.column} takes ${columnTakes}. Ask a developer to change the column first (see docs/analysts.md), or keep the rule within what the column takes.`,
    })
  const types = typesOf(schema)
  const accepted = COLUMN_TYPES[column.kind]
  const foreign = types.filter((t) => t !== 'null' && !accepted.includes(t))
  if (foreign.length > 0) {
    migration('type', `${foreign.join(' or ')} values`, `only ${accepted.join(' or ')} values`)
  }
  if (types.includes('null') && !column.nullable) {
    migration('type', 'no value (null)', 'a value in every row')
  }
  if (column.enum) {
    const only = `only ${listWords([...column.enum])}`
    const options = Array.isArray(schema.enum) ? schema.enum.map(String) : undefined
    const extra = options?.filter((o) => !column.enum?.includes(o)) ?? []
    if (!options) migration('type', 'any text', only)
    else if (extra.length > 0) migration('enum', `the option ${listWords(extra)}`, only)
  }
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined
  if (
    column.maxLength !== undefined &&
    (maxLength ?? Number.POSITIVE_INFINITY) > column.maxLength
  ) {
    const allows = maxLength === undefined ? 'text of any length' : `${maxLength} characters`
    migration('maxLength', allows, `at most ${column.maxLength} characters`)
  }
  // An array of ids is bounded item by item.
  const bounded = column.kind === 'ids' && isObject(schema.items) ? schema.items : schema
  const upper = numberBound(bounded, 'maximum', 'exclusiveMaximum')
  if (column.maximum !== undefined && (upper.value ?? Number.POSITIVE_INFINITY) > column.maximum) {
    const allows = upper.value === undefined ? 'any large number' : `numbers up to ${upper.value}`
    migration(upper.keyword, allows, `at most ${column.maximum}`)
  }
  const lower = numberBound(bounded, 'minimum', 'exclusiveMinimum')
  if (column.minimum !== undefined && (lower.value ?? Number.NEGATIVE_INFINITY) < column.minimum) {
    const allows = lower.value === undefined ? 'any small number' : `numbers down to ${lower.value}`
    migration(lower.keyword, allows, `at least ${column.minimum}`)
  }
  if (column.scale !== undefined) {
    const step = typeof schema.multipleOf === 'number' ? schema.multipleOf * column.scale : 0
    if (step === 0 || Math.abs(step - Math.round(step)) > 1e-9) {
      migration('multipleOf', 'finer amounts', `steps of ${1 / column.scale} ("multipleOf")`)
    }
  }
  return refusals
}

/** A custom field can be text (plain, date, email, web address), a number, yes/no or an enum of text. */
function customFieldRefusals(name: string, field: ResolvedField): Refusal[] {
  const { schema } = field
  const types = typesOf(schema).filter((t) => t !== 'null')
  const kinds =
    'text (plain, "format": "date", "email" or "uri"), a number, a whole number, yes/no, or a text "enum"'
  const refuse = (keyword: string, what: string): Refusal[] => [
    {
      keyword,
      message: `"${name}" has no database column, so it would be a custom field, but ${what}; custom fields can be ${kinds}. Anything else needs a developer (see docs/analysts.md).`,
    },
  ]
  if (types.length !== 1 || !CUSTOM_TYPES.includes(types[0])) {
    return refuse(
      'type',
      types.length === 0 ? 'it has no "type"' : `its type is ${types.join(' or ')}`,
    )
  }
  if (
    typeof schema.format === 'string' &&
    !(types[0] === 'string' && CUSTOM_FORMATS.includes(schema.format))
  ) {
    return refuse('format', `its "format" is "${schema.format}"`)
  }
  if (Array.isArray(schema.enum) && types[0] !== 'string')
    return refuse('enum', 'its enum is not of text')
  return []
}

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type.map(String)
  if (typeof schema.type === 'string') return [schema.type]
  if (Array.isArray(schema.enum))
    return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))]
  return []
}

/** The tighter of a schema's inclusive and exclusive bound; no value when it has none. */
function numberBound(schema: Json, inclusive: string, exclusive: string) {
  for (const keyword of [exclusive, inclusive]) {
    const value = schema[keyword]
    if (typeof value === 'number') return { keyword, value }
  }
  return { keyword: inclusive, value: undefined }
}
