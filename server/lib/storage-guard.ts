// Never a 500 from a schema edit (issue 11, point 5). The schema files decide what a body may
// hold; the columns decide what can be stored. When an analyst's edit lets through something a
// column refuses (a third `pricing` option, a larger maximum, a required field made optional,
// a text field made a number), this check answers 400 naming the field before any handler or
// database sees the body. `npm run check:schemas` reports the same edits ahead of time; the
// database's own refusals are mapped in db/constraint-errors.ts as a last line.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  type ColumnSpec,
  ENTITY_COLUMNS,
  type EntityName,
  formProperties,
} from '../db/entity-columns'
import { HttpError } from '../errors'

type Json = Record<string, unknown>

/** What the column refuses in `value`, as the end of "<field> …", or undefined. */
export function refusal(spec: ColumnSpec, value: unknown): string | undefined {
  if (value === null) return spec.nullable ? undefined : 'must not be null'
  switch (spec.kind) {
    case 'text':
    case 'image':
      if (typeof value !== 'string') return 'must be text'
      if (spec.enum && !spec.enum.includes(value)) return `must be one of: ${spec.enum.join(', ')}`
      if (spec.maxLength !== undefined && value.length > spec.maxLength) {
        return `must be at most ${spec.maxLength} characters`
      }
      return undefined
    case 'flag':
      return typeof value === 'boolean' ? undefined : 'must be true or false'
    case 'ids': {
      if (!Array.isArray(value)) return 'must be a list of ids'
      const wrong = value.find((item) => outOfBounds(spec, item, true) !== undefined)
      return wrong === undefined ? undefined : `holds ${JSON.stringify(wrong)}, not a valid id`
    }
    default:
      return outOfBounds(spec, value, spec.kind === 'integer' || spec.scale === undefined)
  }
}

function outOfBounds(spec: ColumnSpec, value: unknown, whole: boolean): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number'
  if (whole && spec.kind !== 'double' && !Number.isInteger(value)) return 'must be a whole number'
  if (spec.minimum !== undefined && value < spec.minimum) return `must be at least ${spec.minimum}`
  if (spec.maximum !== undefined && value > spec.maximum) return `must be at most ${spec.maximum}`
  return undefined
}

/**
 * The first column value of a validated body that its column cannot store, as a 400 message.
 * Only the form's declared properties are checked; custom fields have no column.
 */
export function storageRefusal(
  entity: EntityName,
  document: Json,
  form: 'create' | 'update',
  body: Json,
  named: (name: string) => string = (name) => name,
): string | undefined {
  const { columns } = ENTITY_COLUMNS[entity]
  for (const name of formProperties(document, form).keys()) {
    const spec = columns[name]
    if (!spec) continue
    if (body[name] === undefined) {
      if (spec.nullable || spec.optional) continue
      return `${named(name)} is required`
    }
    const problem = refusal(spec, body[name])
    if (problem) return `${named(name)} ${problem}`
  }
  return undefined
}

const ENTITIES = new Set<string>(Object.keys(ENTITY_COLUMNS))

/**
 * A preHandler for every route whose body is `$ref: '<entity>#/definitions/<form>'`: runs
 * after validation (and the schema's defaults), before the handler.
 */
export function registerStorageGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs for every request, and most have no body.
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    const problem = refusalOf(request)
    done(problem ? new HttpError(400, problem) : undefined)
  })

  function refusalOf(request: FastifyRequest): string | undefined {
    const body = request.body
    if (typeof body !== 'object' || body === null) return undefined
    const ref = (request.routeOptions.schema?.body as { $ref?: unknown } | undefined)?.$ref
    const match =
      typeof ref === 'string' ? /^([\w-]+)#\/definitions\/(create|update)$/.exec(ref) : null
    if (!match || !ENTITIES.has(match[1])) return undefined
    const entity = match[1] as EntityName
    const document = (app.getSchema(entity) ?? {}) as Json
    // A field an analyst renamed is named as the validation's messages name it.
    const titles = app.fieldTitles?.(entity)
    const named = titles ? (name: string) => titles.named(name) : undefined
    return storageRefusal(entity, document, match[2] as 'create' | 'update', body as Json, named)
  }
}
