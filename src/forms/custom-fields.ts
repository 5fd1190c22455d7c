// Custom fields (issue 11): properties an analyst adds to an entity's schema beyond the ones its
// pages know. The forms render them like any property (RJSF); the detail pages list them with
// the schema's title, in the ui schema's order. Reads the JSON files only (no form library), so
// a detail page that uses it stays light.
import type { FormName } from './form-schema'

export type Json = Record<string, unknown>

export interface CustomField {
  name: string
  /** `ui:title`, else the schema's `title`, else the property name. */
  title: string
  /** The property's schema with its local `$ref`s followed. */
  schema: Json
  /** Labels of enum values (`enumNames`, `ui:enumNames` or `oneOf` titles), by value. */
  labels: Map<unknown, string>
  /** A form requires it: records made before may lack it (the lists' `missing` filter). */
  required: boolean
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `node` with its local `$ref`s followed (its own keys win). */
export function follow(doc: Json, node: unknown): Json {
  let current = node
  for (let depth = 0; depth < 10 && isObject(current); depth += 1) {
    const ref = current.$ref
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return current
    const { $ref: _, ...rest } = current
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), doc)
    current = { ...(isObject(target) ? target : {}), ...rest }
  }
  return isObject(current) ? current : {}
}

function enumLabels(schema: Json, ui: Json): Map<unknown, string> {
  const labels = new Map<unknown, string>()
  const values = Array.isArray(schema.enum) ? schema.enum : []
  const names = (ui['ui:enumNames'] ?? schema.enumNames) as unknown
  values.forEach((value, index) => {
    if (Array.isArray(names) && typeof names[index] === 'string') labels.set(value, names[index])
  })
  for (const option of Array.isArray(schema.oneOf) ? schema.oneOf : []) {
    if (isObject(option) && 'const' in option && typeof option.title === 'string') {
      labels.set(option.const, option.title)
    }
  }
  return labels
}

/** The custom fields of an entity: its forms' properties that are not in `standard`. */
export function customFields(
  docJson: unknown,
  uiJson: unknown,
  standard: readonly string[],
): CustomField[] {
  const doc = docJson as Json
  const ui = (uiJson ?? {}) as Record<string, Json | undefined>
  const common = ui.common ?? {}
  const definitions = isObject(doc.definitions) ? doc.definitions : {}
  const found = new Map<string, Json>()
  const required = new Set<unknown>()
  for (const form of ['create', 'update'] satisfies FormName[]) {
    const definition = follow(doc, definitions[form])
    if (Array.isArray(definition.required))
      for (const name of definition.required) required.add(name)
    const properties = definition.properties
    for (const [name, schema] of Object.entries(isObject(properties) ? properties : {})) {
      if (!standard.includes(name) && !found.has(name)) found.set(name, follow(doc, schema))
    }
  }
  const order = Array.isArray(common['ui:order']) ? (common['ui:order'] as string[]) : []
  const rank = (name: string) => {
    const at = order.indexOf(name)
    return at >= 0 ? at : Math.max(order.indexOf('*'), order.length)
  }
  return [...found]
    .map(([name, schema]) => {
      const own = isObject(common[name]) ? common[name] : {}
      const title = (own['ui:title'] ?? schema.title ?? name) as string
      return { name, title, schema, labels: enumLabels(schema, own), required: required.has(name) }
    })
    .sort((a, b) => rank(a.name) - rank(b.name))
}

/** The custom fields' values in a record as GET answered it (for an edit form's data). */
export function customValues(fields: CustomField[], record: object): Json {
  const values: Json = {}
  for (const { name } of fields) {
    const value = (record as Json)[name]
    if (value !== undefined && value !== null) values[name] = value
  }
  return values
}
