// Turns ajv's terse messages ("must match pattern \"\\S\"") into plain words shown beside fields.
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils'
import { formatNaira } from '../lib/format'

// Branch failures of if/then/else repeat what the field errors already say.
const NOISE = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf'])

export function plainMessage(
  error: RJSFValidationError,
  schema?: RJSFSchema,
  uiSchema?: UiSchema,
): string {
  const params = (error.params ?? {}) as Record<string, unknown>
  switch (error.name) {
    case 'required':
      return 'This field is required.'
    case 'minLength':
      return params.limit === 1
        ? 'This field must not be blank.'
        : `Use at least ${params.limit} characters.`
    case 'maxLength':
      return `Use at most ${params.limit} characters.`
    case 'pattern':
      if (params.pattern === '\\S') return 'This field must not be blank.'
      return patternMessage(schema, error.schemaPath) ?? 'This value is not in the expected format.'
    case 'format':
      return params.format === 'email' ? 'Enter a valid email address.' : 'This value is not valid.'
    case 'minimum':
    case 'maximum':
      return (
        comparedMessage(error, schema, uiSchema) ??
        `Must be ${error.name === 'minimum' ? 'at least' : 'at most'} ${params.limit}.`
      )
    case 'exclusiveMinimum':
      return `Must be more than ${params.limit}.`
    case 'multipleOf':
      return params.multipleOf === 0.01
        ? 'Use at most two decimal places.'
        : `Must be a multiple of ${params.multipleOf}.`
    case 'type':
      return String(params.type).includes('integer')
        ? 'Enter a whole number.'
        : String(params.type).includes('number')
          ? 'Enter a number.'
          : 'This value is not valid.'
    case 'enum':
      return 'Choose one of the options.'
    case 'uniqueItems':
      return 'Each item may appear only once.'
    case 'maxItems':
      return `Choose at most ${params.limit}.`
    default:
      return error.message ?? 'This value is not valid.'
  }
}

/** A bound that is another field's value, both named by their titles (the products list's
 * price filters say the same). */
export function boundByFieldText(
  field: string,
  bound: 'minimum' | 'maximum',
  other: string,
  value: string,
): string {
  return `${field} must be ${bound === 'minimum' ? 'at least' : 'at most'} ${other} (${value}).`
}

/**
 * The words for a bound read from another field (`"maximum": { "$data": "1/maxPrice" }`):
 * "Min Price must be at most Max Price (₦20,000.00).", each field by its title, the value in
 * naira where the field is money (its ui widget). Undefined for a fixed bound.
 */
function comparedMessage(
  error: RJSFValidationError,
  schema: RJSFSchema | undefined,
  uiSchema: UiSchema | undefined,
): string | undefined {
  const keyword = error.name
  const field = (error.property ?? '').replace(/^\./, '')
  const limit = error.params?.limit
  if ((keyword !== 'minimum' && keyword !== 'maximum') || typeof limit !== 'number') return
  // The error's schemaPath is relative to a "$ref"'d part, so the bound is looked for by field.
  const pointer = propertySchemas(schema, field)
    .map((property) => property[keyword])
    .find((bound): bound is { $data: string } => isObject(bound) && typeof bound.$data === 'string')
  if (!pointer) return undefined
  const other = pointer.$data.split('/').at(-1) ?? ''
  const title = (key: string) => {
    const uiTitle = (uiSchema?.[key] as UiSchema | undefined)?.['ui:title']
    if (typeof uiTitle === 'string') return uiTitle
    const own = propertySchemas(schema, key).find((property) => typeof property.title === 'string')
    return typeof own?.title === 'string' ? own.title : key
  }
  const money = (uiSchema?.[field] as UiSchema | undefined)?.['ui:widget'] === 'money'
  const value = money ? formatNaira(limit) : String(limit)
  return boundByFieldText(title(field), keyword, title(other), value)
}

/** Every schema of the property `key` anywhere in the form's schema (its forms, its rules). */
function propertySchemas(node: unknown, key: string): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap((item) => propertySchemas(item, key))
  if (!isObject(node)) return []
  const own =
    isObject(node.properties) && isObject(node.properties[key]) ? [node.properties[key]] : []
  return [...own, ...Object.values(node).flatMap((child) => propertySchemas(child, key))]
}

/**
 * A field's own text for a missing value, from its ui schema:
 * `"ui:options": { "requiredMessage": "Please select and crop an image" }`.
 */
function requiredMessage(error: RJSFValidationError, uiSchema?: UiSchema): string | undefined {
  if (error.name !== 'required' || !uiSchema) return undefined
  let ui: UiSchema | undefined = uiSchema
  for (const key of (error.property ?? '').split('.').filter(Boolean)) {
    ui = ui?.[key] as UiSchema | undefined
  }
  const message = (ui?.['ui:options'] as { requiredMessage?: unknown } | undefined)?.requiredMessage
  return typeof message === 'string' ? message : undefined
}

/**
 * The schema's own words for a pattern, `"errorMessage": { "pattern": "…" }` beside it (the
 * server reads the same: server/schema-check/error-message.ts). `schemaPath` names the pattern
 * from the form's root schema ("#/definitions/firstName/pattern"), "$ref"s followed on the way.
 */
function patternMessage(schema: RJSFSchema | undefined, schemaPath: string | undefined) {
  let at: unknown = schema
  for (const key of (schemaPath ?? '').split('/').slice(1, -1)) {
    const node = holding(schema, at, key)
    at = node?.[key]
  }
  const own = holding(schema, at, 'pattern')?.errorMessage as { pattern?: unknown } | undefined
  return typeof own?.pattern === 'string' ? own.pattern : undefined
}

/** `node`, or the schema its "$ref"s lead to, that holds `key`. */
function holding(root: unknown, node: unknown, key: string) {
  for (let depth = 0; depth < 20 && isObject(node); depth++) {
    if (key in node) return node
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return undefined
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((n, k) => (isObject(n) ? n[k] : undefined), root)
  }
  return undefined
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function transformErrors(
  errors: RJSFValidationError[],
  uiSchema?: UiSchema,
  schema?: RJSFSchema,
): RJSFValidationError[] {
  return errors
    .filter((error) => !NOISE.has(error.name ?? ''))
    .map((error) => {
      const message = requiredMessage(error, uiSchema) ?? plainMessage(error, schema, uiSchema)
      return { ...error, message, stack: message }
    })
}
