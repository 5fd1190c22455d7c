// Labels and limits as the forms show them, read from the schema files, so a test that finds
// a field by its label or checks a limit follows an analyst's edit of schemas/ instead of
// failing on it (issue 11, point 6).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { formProperties } from '../../server/db/entity-columns'

type Json = Record<string, unknown>
type Form = 'create' | 'update'

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readJson(dir: string, file: string): Json {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Json
}

/** A property's schema with its local `$ref`s merged in (the property's own keys win). */
function resolved(document: Json, schema: Json): Json {
  const ref = schema.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document)
  const { $ref: _, ...own } = schema
  return { ...resolved(document, isObject(target) ? target : {}), ...own }
}

/** Reads one entity's schema and ui schema from `dir` (default: the repository's schemas/). */
export function schemaFields(entity: string, dir = 'schemas') {
  const document = readJson(dir, `${entity}.json`)
  const ui = readJson(dir, `${entity}.ui.json`) as Record<string, Json | undefined>

  const property = (field: string, form: Form): Json => {
    const schema = formProperties(document, form).get(field)
    if (!schema) throw new Error(`${entity}.json: the ${form} form has no property "${field}"`)
    return resolved(document, schema)
  }
  const uiOf = (field: string, form: Form): Json => ({
    ...(isObject(ui.common?.[field]) ? (ui.common?.[field] as Json) : {}),
    ...(isObject(ui[form]?.[field]) ? (ui[form]?.[field] as Json) : {}),
  })

  return {
    /** The label the form shows: `ui:title`, else the schema's `title`. */
    label(field: string, form: Form = 'create'): string {
      const title = uiOf(field, form)['ui:title'] ?? property(field, form).title
      if (typeof title !== 'string') throw new Error(`${entity}.json: "${field}" has no title`)
      return title
    },
    /** A numeric keyword of the field (`minimum`, `maxLength`…), which must be set. */
    limit(
      field: string,
      keyword: 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'maxItems',
      form: Form = 'create',
    ): number {
      const value = property(field, form)[keyword]
      if (typeof value !== 'number') throw new Error(`${entity}.json: "${field}" has no ${keyword}`)
      return value
    },
    /** The help text under the field, if any. */
    help(field: string, form: Form = 'create'): string | undefined {
      const help = uiOf(field, form)['ui:help']
      return typeof help === 'string' ? help : undefined
    },
  }
}
