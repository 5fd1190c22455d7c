// The fields of one form of a data schema, each with its rules resolved through "$ref" (a field
// written as { "$ref": "#/definitions/money", "title": "Price" } gets money's rules and its own
// title) and where each rule is written, so messages can point at the line to change.
import { isObject, type Json } from './json-file'
import { pointer } from './problem'

/** The forms of a data schema (`definitions.create`, `definitions.update`). */
export type FormName = 'create' | 'update'

export const FORMS: readonly FormName[] = ['create', 'update']

type Path = Array<string | number>

export interface ResolvedField {
  schema: Json
  /** The JSON pointer of the place that writes `keyword` for this field. */
  whereIs(keyword: string): string
}

/** The forms a data schema declares under "definitions". */
export function formsOf(doc: Json): FormName[] {
  const definitions = isObject(doc.definitions) ? doc.definitions : {}
  return FORMS.filter((form) => isObject(definitions[form]))
}

/** The form's own "required" list and where it is written (following "update" → "create"). */
export function requiredOf(doc: Json, form: FormName): { names: string[]; where: string } {
  const [node, at] = follow(doc, ['definitions', form])
  const list = isObject(node) && Array.isArray(node.required) ? node.required.map(String) : []
  return { names: list, where: pointer([...at, 'required']) }
}

/** Where the form's own "properties" are written (following "update" → "create"). */
export function propertiesOf(doc: Json, form: FormName): string {
  return pointer([...follow(doc, ['definitions', form])[1], 'properties'])
}

/** Every field of a form: its own properties and those of its allOf/anyOf/oneOf and if/then/else. */
export function resolvedFields(doc: Json, form: FormName): Map<string, ResolvedField> {
  const fields = new Map<string, ResolvedField>()
  const visit = (path: Path, depth: number): void => {
    const [node, at] = follow(doc, path)
    if (!isObject(node) || depth > 20) return
    if (isObject(node.properties)) {
      for (const name of Object.keys(node.properties)) {
        if (!fields.has(name)) fields.set(name, resolveField(doc, [...at, 'properties', name]))
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const list = node[key]
      if (Array.isArray(list)) for (const i of list.keys()) visit([...at, key, i], depth + 1)
    }
    for (const key of ['then', 'else']) if (isObject(node[key])) visit([...at, key], depth + 1)
  }
  visit(['definitions', form], 0)
  return fields
}

/** The field's rules, its own keys over those of the schema its "$ref" names. */
function resolveField(doc: Json, path: Path): ResolvedField {
  const layers: Array<{ node: Json; at: Path }> = []
  let at = path
  for (let depth = 0; depth < 20; depth++) {
    const node = valueAt(doc, at)
    if (!isObject(node)) break
    layers.push({ node, at })
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) break
    at = refPath(node.$ref)
  }
  const schema: Json = {}
  for (const { node } of [...layers].reverse()) {
    for (const [keyword, value] of Object.entries(node)) {
      // A bound read from another field ({"$data": "1/maxPrice"}) applies beside the one of the
      // "$ref" and never widens it: the tighter, known bound is the one a column must take.
      if (isObject(value) && '$data' in value && keyword in schema) continue
      schema[keyword] = value
    }
  }
  delete schema.$ref
  return {
    schema,
    whereIs: (keyword) => {
      // A keyword the field lacks belongs where its rules are written: the innermost "$ref".
      const layer = layers.find(({ node }) => keyword in node) ?? layers[layers.length - 1]
      return pointer(layer ? [...layer.at, ...(keyword in layer.node ? [keyword] : [])] : path)
    },
  }
}

/** The node at `path`, and its own path once "$ref"s at it are followed. */
function follow(doc: Json, path: Path): [unknown, Path] {
  let at = path
  let node = valueAt(doc, at)
  for (let depth = 0; isObject(node) && typeof node.$ref === 'string' && depth < 20; depth++) {
    if (!node.$ref.startsWith('#/') || isObject(node.properties)) break
    at = refPath(node.$ref)
    node = valueAt(doc, at)
  }
  return [node, at]
}

const refPath = (ref: string): Path =>
  ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))

function valueAt(doc: Json, path: Path): unknown {
  return path.reduce<unknown>(
    (at, key) => (isObject(at) || Array.isArray(at) ? (at as Json)[key] : undefined),
    doc,
  )
}
