// Checks of a data schema file (the rules, e.g. product.json): keywords Ajv does not know (it
// refuses them in strict mode, so the server would not start), a "$ref" that points to nothing,
// and values of the wrong type (checked against the JSON Schema meta-schema).
import Ajv, { type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'
import { ERROR_MESSAGE_KEYWORD, OWN_MESSAGE_RULES } from './error-message'
import { formsOf, requiredOf, resolvedFields } from './form-properties'
import { isObject, type Json } from './json-file'
import { LIST_OPTIONS_KEYWORD } from './list-options'
import { didYouMean, listWords, pointer, type SchemaProblem } from './problem'

type Path = Array<string | number>

/** The same options as the server's and the build's validators, in strict mode. */
export function createStrictAjv(): Ajv {
  // strictSchema (Ajv's default, as on the server) refuses unknown keywords; type hints stay quiet.
  const ajv = new Ajv({ $data: true, multipleOfPrecision: 6, allErrors: true, logger: false })
  addFormats(ajv)
  ajv.addKeyword(ERROR_MESSAGE_KEYWORD)
  ajv.addKeyword(LIST_OPTIONS_KEYWORD)
  return ajv
}

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']
const SCHEMA_VALUES = ['not', 'if', 'then', 'else', 'contains', 'propertyNames']
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf']
const MAYBE_SCHEMA = ['items', 'additionalItems', 'additionalProperties']

/** Calls `visit` for every sub-schema of `schema` (itself included) with its path. */
export function walkSchemas(
  schema: unknown,
  visit: (node: Json, path: Path) => void,
  path: Path = [],
) {
  if (!isObject(schema)) return
  visit(schema, path)
  for (const key of SCHEMA_MAPS) {
    const map = schema[key]
    if (isObject(map))
      for (const [name, sub] of Object.entries(map)) walkSchemas(sub, visit, [...path, key, name])
  }
  for (const key of SCHEMA_VALUES) walkSchemas(schema[key], visit, [...path, key])
  for (const key of [...SCHEMA_LISTS, ...MAYBE_SCHEMA]) {
    const value = schema[key]
    if (Array.isArray(value)) {
      for (const [i, sub] of value.entries()) walkSchemas(sub, visit, [...path, key, i])
    } else walkSchemas(value, visit, [...path, key])
  }
}

export function checkDataSchema(
  file: string,
  doc: Json,
  documentsById: ReadonlyMap<string, Json>,
  ajv: Ajv,
): SchemaProblem[] {
  const problems: SchemaProblem[] = []
  const known = Object.keys(ajv.RULES.keywords)
  walkSchemas(doc, (node, path) => {
    for (const key of Object.keys(node)) {
      if (known.includes(key)) continue
      problems.push({
        file,
        where: pointer([...path, key]),
        message: `"${key}" is not a JSON Schema keyword${didYouMean(key, known)}; the server would refuse to start with it.`,
      })
    }
    if (typeof node.pattern === 'string') {
      const invalid = invalidPattern(node.pattern)
      if (invalid) problems.push({ file, where: pointer([...path, 'pattern']), message: invalid })
    }
    if ('errorMessage' in node) problems.push(...errorMessageProblems(file, node, path))
    if (typeof node.$ref === 'string') {
      const missing = unresolvedRef(node.$ref, doc, documentsById)
      if (missing) problems.push({ file, where: pointer([...path, '$ref']), message: missing })
    }
  })
  problems.push(...wrongValues(file, doc, ajv), ...requiredNonFields(file, doc))
  return problems
}

/** A name in a form's "required" that is no field of it: the form could never be sent. */
function requiredNonFields(file: string, doc: Json): SchemaProblem[] {
  // "update" may be the same list as "create" ($ref): one message names both forms.
  const found = new Map<string, { name: string; fields: string[]; forms: string[] }>()
  for (const form of formsOf(doc)) {
    const fields = [...resolvedFields(doc, form).keys()]
    const required = requiredOf(doc, form)
    for (const [i, name] of required.names.entries()) {
      if (fields.includes(name)) continue
      const where = `${required.where}/${i}`
      const entry = found.get(where) ?? { name, fields, forms: [] }
      entry.forms.push(form)
      found.set(where, entry)
    }
  }
  return [...found].map(([where, { name, fields, forms }]) => ({
    file,
    where,
    message: `"${name}" is required but is not a field of the ${forms.join(' and ')} form${forms.length > 1 ? 's' : ''}${didYouMean(name, fields)}, so the form could never be sent.`,
  }))
}

/** An "errorMessage" must be { "pattern": "text" }, beside the pattern it explains. */
function errorMessageProblems(file: string, node: Json, path: Path): SchemaProblem[] {
  const at = (...keys: string[]) => pointer([...path, 'errorMessage', ...keys])
  const own = node.errorMessage
  if (!isObject(own)) {
    return [
      {
        file,
        where: at(),
        message: `"errorMessage" must be an object of messages by rule, e.g. { "pattern": "Digits and spaces only" }.`,
      },
    ]
  }
  return Object.entries(own).flatMap(([rule, text]): SchemaProblem[] => {
    if (!OWN_MESSAGE_RULES.includes(rule))
      return [
        {
          file,
          where: at(rule),
          message: `only ${listWords(OWN_MESSAGE_RULES)} may carry its own message${didYouMean(rule, OWN_MESSAGE_RULES)}; the other rules have plain messages of their own.`,
        },
      ]
    if (typeof text !== 'string' || text.trim() === '')
      return [{ file, where: at(rule), message: `the message for "${rule}" must be some text.` }]
    if (!(rule in node))
      return [
        {
          file,
          where: at(rule),
          message: `there is no "${rule}" here for this message to explain; write the message beside the "${rule}" itself (in the same { … }).`,
        },
      ]
    return []
  })
}

/** Why a "pattern" is no regular expression (as Ajv reads it, with the u flag), if it is not. */
function invalidPattern(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u')
    return undefined
  } catch (error) {
    const reason = (error as Error).message.split(': ').pop()
    return `"${pattern}" is not a valid regular expression (${reason}); no form with this field could be checked, so the server would refuse to start. In JSON, a backslash is written twice ("\\\\d" for \\d).`
  }
}

/** Why `ref` points to nothing, or undefined when it resolves. */
function unresolvedRef(ref: string, doc: Json, documentsById: ReadonlyMap<string, Json>) {
  const [id, fragment = ''] = ref.split('#')
  const target = id === '' ? doc : documentsById.get(id)
  if (!target) {
    return `"$ref": "${ref}" points to a schema "${id}" that no file declares${didYouMean(id, documentsById.keys())}.`
  }
  let at: unknown = target
  const parts = fragment
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  for (const [i, part] of parts.entries()) {
    if (!isObject(at) || !(part in at)) {
      const siblings = isObject(at) ? Object.keys(at) : []
      const hint = didYouMean(part, siblings)
      const place = parts.slice(0, i).join('/') || 'the top of the file'
      return `"$ref": "${ref}" points to nothing: there is no "${part}" under ${place}${hint}.`
    }
    at = at[part]
  }
  return undefined
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text in double quotes',
  boolean: 'true or false',
  array: 'a list in square brackets [ … ]',
  object: 'an object in braces { … }',
}

/** Values the meta-schema refuses ("minimum": "5", "type": "strng"), one message per place. */
function wrongValues(file: string, doc: Json, ajv: Ajv): SchemaProblem[] {
  ajv.validateSchema(doc)
  const byPlace = new Map<string, ErrorObject[]>()
  // With $data on, a number keyword may also hold { "$data": … }: that alternative says nothing.
  const errors = (ajv.errors ?? []).filter((e) => !e.schemaPath.includes('data.json'))
  for (const error of errors) {
    const list = byPlace.get(error.instancePath) ?? []
    list.push(error)
    byPlace.set(error.instancePath, list)
  }
  return [...byPlace].map(([instancePath, errors]) => {
    const key = instancePath.split('/').pop() ?? ''
    const choice = errors.find((e) => e.keyword === 'enum')
    const types = errors.filter((e) => e.keyword === 'type').map((e) => String(e.params.type))
    let message: string
    if (choice) {
      const allowed = (choice.params.allowedValues as unknown[]).map(String)
      const value = String(valueAt(doc, instancePath))
      message = `"${key}" must be ${listWords(allowed)}${didYouMean(value, allowed)}.`
    } else if (types.length > 0) {
      const words = [...new Set(types.flatMap((t) => t.split(',')))].map((t) => TYPE_WORDS[t] ?? t)
      message = `the value of "${key}" must be ${words.join(' or ')}.`
    } else {
      const first = errors.find((e) => !['anyOf', 'oneOf'].includes(e.keyword)) ?? errors[0]
      message = `the value of "${key}" ${first.message ?? 'is not allowed'}.`
    }
    return { file, where: instancePath || pointer([]), message }
  })
}

function valueAt(doc: Json, instancePath: string): unknown {
  return instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (at, part) => (isObject(at) || Array.isArray(at) ? (at as Json)[part] : undefined),
      doc,
    )
}
