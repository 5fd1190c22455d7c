// The TypeScript types of every form's request bodies, generated from schemas/ (issue 26,
// point 4; docs/decisions/019-record-types-from-schemas.md) into types/schema-types.ts, which
// src/ and server/ both import. json-schema-to-typescript writes each body as an interface; before
// that, each form is made plain for it: local `$ref`s inlined (no type named after a definition),
// titles turned into comments (it would name a type after each title) and fields that only a
// condition (`if`/`then`/`else`, `allOf`) declares lifted into the form as optional fields.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { compile } from 'json-schema-to-typescript'
import { customFieldNames, ENTITY_COLUMNS, type EntityName } from '../../server/db/entity-columns'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const HEADER = `// Generated from schemas/*.json by \`npm run types:schemas\` (scripts/schema-types/): do not edit.
// Each form schema's bodies: \`<Schema>Create\` (definitions.create, the POST body) and
// \`<Schema>Update\` (definitions.update, the PUT body), every field's title as its comment; a
// field only a condition (if/then) declares is optional. \`<Schema>CustomField\` names the fields
// an analyst added (no column: decision 008). Record types built on these: types/records.ts.
// \`npm test\`, \`npm run build\`, \`npm run typecheck\` and \`npm run dev\` regenerate this file;
// tests/build/schema-types.test.ts fails when it is stale.`

/** `service-provider` → `ServiceProvider`. */
export const typeName = (id: string) =>
  id.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_, __, letter: string) => letter.toUpperCase())

/** Bounds such as `{ "$data": "1/maxPrice" }` (Ajv's relative references) say nothing to a type. */
const DATA_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'const']

/** `node` with its local `$ref`s inlined and each `title` made its description (the comment). */
function plain(document: Json, node: unknown, depth = 0): unknown {
  if (depth > 40) return {}
  if (Array.isArray(node)) return node.map((item) => plain(document, item, depth + 1))
  if (!isObject(node)) return node
  let out: Json = {}
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document)
    out = { ...(plain(document, target, depth + 1) as Json) }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' || key === 'title' || key === 'default') continue
    if (DATA_KEYWORDS.includes(key) && isObject(value)) continue
    out[key] =
      key === 'properties'
        ? plainProperties(document, value, depth)
        : plain(document, value, depth + 1)
  }
  const title = typeof node.title === 'string' ? node.title : undefined
  if (title !== undefined && out.description === undefined) out.description = title
  return out
}

function plainProperties(document: Json, properties: unknown, depth: number): Json {
  if (!isObject(properties)) return {}
  const out: Json = {}
  for (const [name, schema] of Object.entries(properties)) {
    out[name] = plain(document, schema, depth + 1)
  }
  return out
}

/**
 * An object schema with the fields its `allOf` items declare merged in (required where an item
 * requires them unconditionally) and those of `if`/`then`/`else` branches as optional fields,
 * the keywords themselves removed: what a body may hold, as one interface.
 */
function lifted(node: Json): Json {
  const properties: Json = { ...(isObject(node.properties) ? node.properties : {}) }
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : [])
  const gather = (part: unknown, conditional: boolean) => {
    if (!isObject(part)) return
    if (isObject(part.properties)) {
      for (const [name, schema] of Object.entries(part.properties)) {
        if (!(name in properties)) properties[name] = schema
      }
    }
    if (!conditional && Array.isArray(part.required)) {
      for (const name of part.required as string[]) required.add(name)
    }
    if (Array.isArray(part.allOf)) for (const item of part.allOf) gather(item, conditional)
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(part[key])) for (const item of part[key]) gather(item, true)
    }
    gather(part.then, true)
    gather(part.else, true)
  }
  gather(node, false)
  const { allOf: _a, anyOf: _b, oneOf: _c, if: _d, then: _e, else: _f, ...rest } = node
  return {
    ...rest,
    type: 'object',
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
  }
}

/** `/**\n * Name\n *\/` → `/** Name *\/`: a title reads as one line. */
const oneLineComments = (code: string) =>
  code.replace(/\/\*\*\n\s*\* ([^\n]*)\n\s*\*\//g, (_, text: string) => `/** ${text} */`)

/** The schema files that declare forms, by `$id`, in a stable order. */
function formDocuments(schemasDir: string): Array<{ id: string; document: Json }> {
  return readdirSync(schemasDir)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as Json)
    .filter((document) => typeof document.$id === 'string' && isObject(document.definitions))
    .map((document) => ({ id: document.$id as string, document }))
}

/** The text of types/schema-types.ts for the schema files in `schemasDir`. */
export async function schemaTypes(schemasDir: string): Promise<string> {
  const parts: string[] = [HEADER]
  for (const { id, document } of formDocuments(schemasDir)) {
    const definitions = document.definitions as Json
    const name = typeName(id)
    for (const form of ['create', 'update'] as const) {
      if (!isObject(definitions[form])) continue
      const body = lifted(plain(document, definitions[form]) as Json)
      const typeNameOf = `${name}${form === 'create' ? 'Create' : 'Update'}`
      const where = `schemas/${id}.json, definitions.${form}`
      const code = await compile(
        { ...body, title: typeNameOf, description: `The ${form} body of ${where}.` },
        typeNameOf,
        {
          bannerComment: '',
          additionalProperties: false,
          declareExternallyReferenced: true,
          unknownAny: true,
          format: true,
          style: { semi: false, singleQuote: true, printWidth: 100, trailingComma: 'all' },
        },
      )
      parts.push(oneLineComments(code.trim()))
    }
    if (Object.hasOwn(ENTITY_COLUMNS, id)) {
      const custom = customFieldNames(id as EntityName, document)
      const union = custom.length > 0 ? custom.map((field) => `'${field}'`).join(' | ') : 'never'
      parts.push(
        `/** The fields of schemas/${id}.json that have no column: custom fields (decision 008). */\nexport type ${name}CustomField = ${union}`,
      )
    }
  }
  return `${parts.join('\n\n')}\n`
}

export const SCHEMA_TYPES_FILE = 'types/schema-types.ts'

/** Rewrites types/schema-types.ts under `root` when its text differs; says whether it did. */
export async function writeSchemaTypes(root: string): Promise<boolean> {
  const text = await schemaTypes(path.join(root, 'schemas'))
  const file = path.join(root, SCHEMA_TYPES_FILE)
  const old = existsSync(file) ? readFileSync(file, 'utf8') : undefined
  if (old === text) return false
  writeFileSync(file, text)
  return true
}
