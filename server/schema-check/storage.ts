// Storage compatibility: every field of an entity's forms either has a database column that
// accepts everything the schema accepts, or is a custom field kept in the entity's JSON
// attributes. A rule the column would refuse (a new enum option, a longer text, a larger number)
// needs a developer's migration; reported here, before the database answers it with an error.
import { type ColumnSpec, ENTITY_COLUMNS } from '../db/entity-columns'
import {
  type FormName,
  formsOf,
  propertiesOf,
  type ResolvedField,
  requiredOf,
  resolvedFields,
} from './form-properties'
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
  /** "product.json: price" for each built-in field whose type its column refuses. */
  retyped: string[]
}

/**
 * One mistake, before it is said: the forms and fields that make it at one place ("update" may
 * be the same object as "create", and fields may share one definition: one message names all).
 */
interface Finding {
  file: string
  where: string
  forms: Set<FormName>
  fields: Map<string, ColumnSpec | undefined>
  say: (forms: string, fields: Map<string, ColumnSpec | undefined>) => string
}

export function checkStorage(documentsById: ReadonlyMap<string, Json>): StorageResult {
  const findings = new Map<string, Finding>()
  const find = (
    file: string,
    where: string,
    form: FormName,
    [name, column]: [string, ColumnSpec | undefined],
    key: string,
    say: Finding['say'],
  ) => {
    const id = `${where} ${key}`
    const finding = findings.get(id) ?? { file, where, forms: new Set(), fields: new Map(), say }
    finding.forms.add(form)
    finding.fields.set(name, column)
    findings.set(id, finding)
  }
  const customFields = new Set<string>()
  const retyped = new Set<string>()
  for (const entity of Object.values(ENTITY_COLUMNS)) {
    const doc = documentsById.get(entity.schemaId)
    if (!doc) continue
    const file = `${entity.schemaId}.json`
    for (const form of formsOf(doc)) {
      const required = requiredOf(doc, form)
      const fields = resolvedFields(doc, form)
      for (const [name, column] of Object.entries(entity.columns)) {
        if (fields.has(name) || !needsValue(column, form)) continue
        find(file, propertiesOf(doc, form), form, [name, column], `removed ${name}`, (forms) =>
          removedMessage(name, forms, column),
        )
      }
      for (const [name, field] of fields) {
        const column = entity.columns[name]
        const index = required.names.indexOf(name)
        if (column && index < 0 && mayBeLeftOut(column, field, form)) {
          find(file, required.where, form, [name, column], `optional ${name}`, (forms) =>
            optionalMessage(name, forms, column),
          )
        }
        if (index >= 0 && typesOf(field.schema).includes('null')) {
          find(file, `${required.where}/${index}`, form, [name, column], 'null', (forms) =>
            nullRequiredMessage(name, forms, field),
          )
        }
        const found = column ? columnRefusals(field, column) : customFieldRefusals(name, field)
        for (const { keyword, key, say } of found) {
          find(file, field.whereIs(keyword), form, [name, column], key, (_, all) => say(all))
          if (column && keyword === 'type') retyped.add(`${file}: ${name}`)
        }
        if (!column) customFields.add(`${file}: ${name}`)
      }
    }
  }
  const problems = [...findings.values()].map(({ file, where, forms, fields, say }) => ({
    file,
    where,
    message: say(formWords([...forms]), fields),
  }))
  return { problems, customFields: [...customFields], retyped: [...retyped] }
}

/** "the create form", "the create and update forms" */
function formWords(forms: FormName[]): string {
  return `the ${forms.join(' and ')} form${forms.length > 1 ? 's' : ''}`
}

const columnName = (column: ColumnSpec) => `${column.table}.${column.column}`

function removedMessage(name: string, forms: string, column: ColumnSpec): string {
  return `"${name}" is missing from ${forms}, but it is a built-in field the server needs: the database column ${columnName(column)} needs a value in every row, so every request would fail. Put "${name}" back in "properties" (and "required"), or ask a developer (see docs/analysts.md).`
}

function optionalMessage(name: string, forms: string, column: ColumnSpec): string {
  return `"${name}" needs a migration or must stay required: ${forms} ${forms.endsWith('forms') ? 'let' : 'lets'} it be left out, but the database column ${columnName(column)} needs a value in every row. Put "${name}" back in "required", give it a "default", or ask a developer.`
}

function nullRequiredMessage(name: string, forms: string, field: ResolvedField): string {
  return `"${name}" is required in ${forms}, but its "type" allows null (no value), so a form or request sending null is still saved without one. To make a value necessary, remove "null" from its "type" (at ${field.whereIs('type')}); otherwise take "${name}" out of "required" (see docs/analysts.md).`
}

/** What a column or custom fields refuse: said once for all the fields that share the place. */
type Refusal = {
  keyword: string
  key: string
  say: (fields: Map<string, ColumnSpec | undefined>) => string
}

/** The server needs a value for this column from this form, and does not fill one in itself. */
function needsValue(column: ColumnSpec, form: FormName): boolean {
  return !column.nullable && !column.optional && (form === 'create' || !column.createOnly)
}

/** A column that needs a value the server does not fill in, for a field the form may leave out. */
function mayBeLeftOut(column: ColumnSpec, field: ResolvedField, form: FormName): boolean {
  return needsValue(column, form) && field.schema.default === undefined
}

function columnRefusals(field: ResolvedField, column: ColumnSpec): Refusal[] {
  const { schema } = field
  const refusals: Refusal[] = []
  const migration = (keyword: string, schemaAllows: string, columnTakes: string) =>
    refusals.push({
      keyword,
      key: `${keyword} ${schemaAllows} ${columnTakes}`,
      say: (fields) => {
        const names = listWords([...fields.keys()]).replace(' or ', ' and ')
        const columns = [...fields.values()].flatMap((c) => (c ? [columnName(c)] : []))
        const one = fields.size === 1
        return `${names} ${one ? 'needs' : 'need'} a migration: the schema allows ${schemaAllows}, but the database column${one ? '' : 's'} ${columns.join(' and ')} ${one ? 'takes' : 'take'} ${columnTakes}. Ask a developer to change the column first (see docs/analysts.md), or keep the rule within what the column takes.`
      },
    })
  const types = typesOf(schema)
  const accepted = COLUMN_TYPES[column.kind]
  const foreign = types.filter((t) => t !== 'null' && !accepted.includes(t))
  // A type the column cannot store is the one mistake: its bounds and steps would only repeat it.
  if (foreign.length > 0 || (types.length === 0 && !column.enum)) {
    const allows = foreign.length > 0 ? `${foreign.join(' or ')} values` : 'values of any type'
    migration('type', allows, `only ${accepted.join(' or ')} values`)
    return refusals
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
  const message = (what: string) =>
    `"${name}" has no database column, so it would be a custom field, but ${what}; custom fields can be ${kinds}. Anything else needs a developer (see docs/analysts.md).`
  const refuse = (keyword: string, what: string): Refusal[] => [
    { keyword, key: message(what), say: () => message(what) },
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
