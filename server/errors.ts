import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isDatabaseUnavailable } from './db/connection'
import { constraintViolation, violationDetail } from './db/constraint-errors'
import { drainBody } from './lib/drain-body'
import { bodyTitles, type FieldTitles } from './lib/field-titles'
import { patternMessage } from './schema-check/error-message'

// One place that turns every failure into `{"detail": "..."}`. Nothing else in the server
// formats errors, and no stack trace or internal message ever reaches a client.

/** Throw from a route or hook to answer with this status and message. */
export class HttpError extends Error {
  readonly status: number
  readonly headers: Record<string, string>
  /** Fields the answer carries beside `detail` (its route's response schema must allow them). */
  readonly fields: Record<string, unknown>

  constructor(
    status: number,
    detail: string,
    headers: Record<string, string> = {},
    fields: Record<string, unknown> = {},
  ) {
    super(detail)
    this.name = 'HttpError'
    this.status = status
    this.headers = headers
    this.fields = fields
  }
}

/** Answers a GET for a path that is neither an API route nor a file (the web app's routes). */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply

const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Malformed JSON body: the body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type: send application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body size did not match Content-Length'],
  FST_ERR_BAD_URL: [400, 'Malformed URL: a path segment is not valid percent-encoding'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A path segment is too long'],
}

/**
 * For Fastify's `frameworkErrors` option. Its router answers a malformed escape in the path and
 * a path parameter over 100 characters itself, before any hook or error handler, with a body of
 * its own (`{error, code, message, statusCode}`); this gives them `{detail}` too.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const [status, detail] = FASTIFY_ERRORS[error.code] ?? [500, 'Internal server error']
  reply.code(status).send({ detail })
}

export function registerErrorHandlers(app: FastifyInstance, pageFallback: PageFallback | null) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ detail: error.message, ...error.fields })
    }
    if (error.validation) {
      const titles = error.validationContext === 'body' ? bodyTitles(request) : undefined
      return reply.code(400).send({ detail: validationDetail(error, titles) })
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The client must be able to read this answer: see lib/drain-body.ts. (Fastify has
      // already set `Connection: close` for a body it refused.)
      return drainBody(request.raw).then(() =>
        reply.code(413).send({ detail: 'Request body is too large' }),
      )
    }
    if (known) {
      return reply.code(known[0]).send({ detail: known[1] })
    }
    // Other client errors raised by Fastify or its plugins carry a safe, generic message.
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || 'Bad request' })
    }
    // A write the database refused by one of its rules: the body asked for it (a schema edit
    // the columns do not follow yet), so it is a client error naming the field.
    const violation = constraintViolation(error)
    if (violation) {
      request.log.warn({ err: error }, 'write refused by a database constraint')
      return reply.code(400).send({ detail: violationDetail(violation) })
    }
    // The database is down or unreachable: a passing state (a restart, a failover), not a bug.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply.code(503).send({ detail: 'Database unavailable' })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ detail: 'Internal server error' })
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD'
    // A missing hashed asset is a stale or broken link: answering index.html would hand the
    // browser HTML where it expects a script.
    if (pageFallback && isPageRequest && !isApiPath(path) && !path.startsWith('/assets/')) {
      return pageFallback(request, reply)
    }
    return reply.code(404).send({ detail: `Not found: ${request.method} ${path}` })
  })
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

/** What a write missing a required field answers (a body's 400, a bulk refusal). */
export const requiredDetail = (field: string) => `${field} is required`

type ValidationIssue = NonNullable<FastifyError['validation']>[number]

// Ajv reports `/address/city` + "must be string"; the client reads "address.city must be
// string", "name is required" or "name must not be blank". Only the first issue is reported
// (Fastify's Ajv stops at the first). A body field an analyst titled (`titles`, see
// lib/field-titles.ts) is named by its title: a renamed built-in field with its key ("Category
// Title (name) is required"), a custom field alone ("Weight (kg) must be >= 0").
export function validationDetail(error: FastifyError, titles?: FieldTitles): string {
  const issue: ValidationIssue | undefined = error.validation?.[0]
  if (!issue) return 'Invalid request'
  const params = issue.params as Record<string, unknown>
  const named = (dotted: string) =>
    dotted.includes('.') || !titles ? dotted : titles.named(dotted)
  const path = issue.instancePath.split('/').filter(Boolean).join('.')
  const base = named(path)
  // Query parameters' schemas say their own text for each rule (server/lib/query-schema.ts).
  const { parentSchema } = issue as { parentSchema?: { 'x-detail'?: Record<string, string> } }
  const own = parentSchema?.['x-detail']?.[issue.keyword]
  if (own && base) return `${base} ${own}`
  const field = (name: unknown) => named([path, String(name)].filter(Boolean).join('.'))

  switch (issue.keyword) {
    // A query parameter the list does not take (lib/query-schema.ts `declaredOnly`).
    case 'x-declared-only':
      return `${String(params.parameter)} is not a filter of this list`
    case 'required':
      return requiredDetail(field(params.missingProperty))
    case 'additionalProperties':
      return `${field(params.additionalProperty)} is not allowed`
    case 'minLength':
      if (params.limit === 1 && base) return `${base} must not be blank`
      break
    case 'pattern': {
      // Schemas spell "not blank" as pattern \S (minLength 1 would accept "   ").
      if (params.pattern === '\\S' && base) return `${base} must not be blank`
      // The schema's own words for its pattern (schema-check/error-message.ts).
      const own = patternMessage((issue as { parentSchema?: unknown }).parentSchema)
      if (own && base) return `${base} is not in the expected format: ${own}`
      break
    }
    case 'maximum':
    case 'minimum': {
      const { schema } = issue as { schema?: { $data?: unknown } }
      if (schema?.$data === undefined) break
      const other = relativeField(issue.instancePath, schema.$data)
      // A bound read from another field ($data: minPrice ≤ maxPrice) that is not a number:
      // that field is the one to name (Ajv would say "must be <= [object Object]").
      if (typeof params.limit !== 'number') {
        return other
          ? `${named(other)} must be number`
          : `${base} cannot be compared with a non-number`
      }
      if (other && titles) return boundByField(issue.keyword, path, other, params.limit, titles)
      break
    }
  }
  if (!base) {
    return error.validationContext === 'body'
      ? 'Request body must be a JSON object'
      : `Invalid ${error.validationContext ?? 'request'}: ${issue.message}`
  }
  return `${base} ${issue.message}`
}

const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** "Min Price must be at most Max Price (₦20,000.00)": a bound read from another field, both
 * named by their titles as the form shows them (the form says the same), money in naira. */
function boundByField(
  keyword: string,
  field: string,
  other: string,
  limit: number,
  titles: FieldTitles,
): string {
  const title = (key: string) => titles.title(key) ?? key
  const value = titles.money(field) ? naira.format(limit) : String(limit)
  const word = keyword === 'minimum' ? 'at least' : 'at most'
  return `${title(field)} must be ${word} ${title(other)} (${value})`
}

/** The dotted field a relative JSON pointer (`$data: "1/maxPrice"`) names from `instancePath`. */
function relativeField(instancePath: string, pointer: unknown): string | undefined {
  const match = typeof pointer === 'string' ? /^(\d+)\/(.+)$/.exec(pointer) : null
  const path = instancePath.split('/').filter(Boolean)
  if (!match || Number(match[1]) > path.length) return undefined
  return [...path.slice(0, path.length - Number(match[1])), ...match[2].split('/')].join('.')
}
