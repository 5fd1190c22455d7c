// The query parameters of the API as JSON Schemas, declared on each route
// (`schema: { querystring }`): Fastify validates them before the handler, and the OpenAPI
// description shows them. Each rule carries the 400 text the API has always given for it
// (`x-detail`, by Ajv keyword; errors.ts puts the parameter's name in front).
//
// Query strings are read by `parseQueryString` below: a repeated parameter keeps its last
// value, values are trimmed, and a blank one counts as absent, so the schemas see one clean
// string per parameter. Routes then only convert (`Number`, `=== 'true'`).
import { parse } from 'node:querystring'
import { MAX_ID } from '../lists/list-params'

type Schema = Record<string, unknown>

/** For Fastify's `querystringParser` option. */
export function parseQueryString(text: string): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [name, value] of Object.entries(parse(text))) {
    const last = (Array.isArray(value) ? value[value.length - 1] : value)?.trim()
    if (last) query[name] = last
  }
  return query
}

// Up to 15 digits, at least one of them not 0.
const WHOLE = '^(?=\\d{1,15}$)0*[1-9]\\d*$'

export const positiveWhole: Schema = {
  type: 'string',
  pattern: WHOLE,
  'x-detail': { pattern: 'must be a positive whole number' },
}

/** An id: a positive whole number within PostgreSQL's integer range. */
export const idParam: Schema = {
  ...positiveWhole,
  'x-maximum': MAX_ID,
  'x-detail': {
    pattern: 'must be a positive whole number',
    'x-maximum': `must be at most ${MAX_ID}`,
  },
}

/** At most 100 ids separated by commas (a picker's current values). An id beyond the integer
 * range names no category: it is simply not found. */
export const idListParam: Schema = {
  type: 'string',
  pattern: '^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,99}$',
  'x-detail': { pattern: 'must be up to 100 positive whole numbers separated by commas' },
}

/** An id, or `null` for "none" (top-level categories). */
export const nullableIdParam: Schema = {
  ...idParam,
  pattern: `^null$|${WHOLE}`,
}

/** A substring filter. */
export const textParam: Schema = {
  type: 'string',
  maxLength: 200,
  // PostgreSQL text cannot hold NUL: the query would fail with a 500.
  pattern: '^[^\\u0000]*$',
  'x-detail': {
    maxLength: 'must be at most 200 characters',
    pattern: 'must not contain NUL characters',
  },
}

export const booleanParam: Schema = {
  type: 'string',
  enum: ['true', 'false'],
  'x-detail': { enum: 'must be true or false' },
}

/** A string parameter taking one of `values`. */
export function oneOf(values: readonly string[], detail: string): Schema {
  return { type: 'string', enum: [...values], 'x-detail': { enum: detail } }
}

/** `page` and `pageSize`, first in every list. */
export const pageParams = { page: positiveWhole, pageSize: positiveWhole }

/** A querystring schema of these parameters, in the order their errors are reported. */
export function querySchema(properties: Record<string, Schema>): Schema {
  return { type: 'object', properties }
}

/** A list's querystring schema without `page` and `pageSize`: its export takes every row. */
export function exportQuery(listQuery: Schema): Schema {
  const { page, pageSize, ...filters } = listQuery.properties as Record<string, Schema>
  return { ...listQuery, properties: filters }
}

/** The keyword refusing a parameter the schema does not declare (server/validation.ts): Ajv's
 * own `additionalProperties: false` would drop it silently (`removeAdditional`). */
export const DECLARED_ONLY = 'x-declared-only'

/** The schema refusing, with a 400, any parameter it does not declare (`?condition=Used` on a
 * list without that filter), where it would otherwise be ignored. */
export function declaredOnly(schema: Schema): Schema {
  return { ...schema, [DECLARED_ONLY]: true }
}
