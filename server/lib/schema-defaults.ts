// The `default` of a body property, read from the schema files. Ajv applies a default only when
// it sits right on the property, and the files spell every property as a `$ref` to a shared
// definition (`"enabled": { "$ref": "#/definitions/enabled" }`), so Ajv never sees them. A
// route that wants the schema's defaults fills them in before validation with this hook: a
// field that is both required and defaulted (`estimatedDeliveryDays`) then passes when omitted,
// exactly as Ajv would have let it, and an analyst's change of a default needs no code change.
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Follows local `$ref`s (`#/definitions/x`) of `document` to the first `default` found. */
function defaultOf(document: Json, schema: unknown): unknown {
  let current = schema
  for (let depth = 0; depth < 10 && isObject(current); depth += 1) {
    if ('default' in current) return current.default
    const ref = current.$ref
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document)
  }
  return undefined
}

/** The defaults of the top-level properties of `definitions.<form>` in the schema `$id`. */
export function schemaDefaults(app: FastifyInstance, $id: string, form: string): Json {
  const document = app.getSchema($id) as Json | undefined
  const definitions = isObject(document?.definitions) ? document.definitions : {}
  const properties = isObject(definitions[form]) ? definitions[form].properties : undefined
  const defaults: Json = {}
  if (!document || !isObject(properties)) return defaults
  for (const [name, property] of Object.entries(properties)) {
    const value = defaultOf(document, property)
    if (value !== undefined) defaults[name] = value
  }
  return defaults
}

/** A preValidation hook giving each omitted property of a JSON object body its default. */
export function fillSchemaDefaults(
  app: FastifyInstance,
  $id: string,
  form: string,
): preValidationAsyncHookHandler {
  const defaults = schemaDefaults(app, $id, form)
  return async (request) => {
    const body = request.body
    if (!isObject(body)) return
    for (const [name, value] of Object.entries(defaults)) {
      if (body[name] === undefined) body[name] = structuredClone(value)
    }
  }
}
