// The API described as OpenAPI 3.1 at GET /api/openapi.json, rendered for people at /api/docs.
//
// @fastify/swagger reads each route as it is registered: its path parameters, its request body
// (the schemas of /schemas, by $ref), its query parameters (lib/query-schema.ts) and its answers
// (`schema.response`, lib/responses.ts). Each route declares its success answer and the errors
// particular to it; the errors every route of its kind gives (401 when protected, 400 with a
// body or query, 404 with an id…) are added here (`errorsOf`), each described once.
import { readFileSync } from 'node:fs'
import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { allows, type Right, ROLES } from './auth/rights'
import { ok } from './lib/responses'
import { MAX_ID } from './lists/list-params'

const ERROR_TEXTS: Record<number, string> = {
  400: 'The request is not valid: the detail names the field or parameter',
  401: 'No valid bearer token (or, for login, a wrong username or password, or a missing or wrong authentication code: `twoFactorRequired`)',
  403: "The operator's role does not allow this (server/auth/rights.ts)",
  404: 'No such record (or path)',
  409: 'Conflicts with another record (the detail says which field, or what still holds the record)',
  412: 'If-Match names a version that is no longer the current one',
  413: 'The request body is over the limit',
  415: 'The body is not application/json',
  429: 'Too many failed logins for this username: try again after Retry-After seconds',
  503: 'The database is unavailable (or the instance is shutting down): try again later',
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: object) => ({ content: { 'application/json': { schema } } })

/** How the shared answers of ./lib/responses.ts are described, by component. */
const DESCRIPTIONS: Record<string, string> = {
  Page: 'One page of the list',
  Record: 'The record',
  Created: 'Created',
  Bulk: 'What was done and what was refused, and why',
  Imported: 'What the import did (a dry run: would do), and the refused rows',
}

/** The error statuses a route gives, from what it is: protected, with a body, with an id. */
export function errorsOf(
  route: Pick<RouteOptions, 'url' | 'schema' | 'config'>,
  declared: number[],
) {
  const statuses = new Set(declared)
  const config = route.config as { public?: boolean; right?: Right } | undefined
  if (!config?.public && route.url.startsWith('/api/')) statuses.add(401)
  // A right some role lacks can be refused.
  if (config?.right && !ROLES.every((role) => allows(role, config.right as Right))) {
    statuses.add(403)
  }
  if (route.schema?.body) {
    for (const status of [400, 413, 415]) statuses.add(status)
  }
  if (route.schema?.querystring) statuses.add(400)
  if (route.url.includes(':')) statuses.add(404)
  return [...statuses].sort()
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marketplace Admin API',
        version: '1',
        description:
          'The back-office API. Every error answers `{"detail": "…"}`. Sign in with POST /api/auth/login and send the token as `Authorization: Bearer …`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    // Shared schemas keep their file's $id as their component name.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `schema-${i}`),
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url }
      const declared = (schema?.response ?? {}) as Record<string, Answer>
      const responses: Record<string, object> = Object.fromEntries(
        Object.entries(declared)
          .filter(([status]) => Number(status) < 400)
          .map(([status, answer]) => [status, documented(answer)]),
      )
      const declaredErrors = Object.keys(declared)
        .map(Number)
        .filter((status) => status >= 400)
      for (const status of errorsOf(route, declaredErrors)) {
        // `{detail}`, unless the route declares a richer error (a login asking for a code).
        const own = declared[status]?.$ref?.replace(/#$/, '')
        responses[status] = { description: ERROR_TEXTS[status], ...json(ref(own ?? 'Detail')) }
      }
      const isPublic = (route.config as { public?: boolean } | undefined)?.public === true
      const ids = [...url.matchAll(/:(\w+)/g)].map((match) => match[1])
      return {
        url,
        schema: {
          ...schema,
          ...(ids.length > 0
            ? {
                params: {
                  type: 'object',
                  required: ids,
                  properties: Object.fromEntries(
                    ids.map((id) => [id, { type: 'integer', minimum: 1, maximum: MAX_ID }]),
                  ),
                },
              }
            : {}),
          response: responses,
          ...(isPublic ? { security: [] } : {}),
        },
      }
    },
  })
}

/** A response schema a route declares (../lib/responses.ts). */
interface Answer {
  $ref?: string
  description?: string
  content?: object
  type?: string
}

/** A declared success answer as the document shows it: a shared schema by its component. */
function documented(answer: Answer): object {
  if (answer.content) return answer
  if (answer.$ref) {
    const name = answer.$ref.replace(/#$/, '')
    return { description: answer.description ?? DESCRIPTIONS[name], ...json(ref(name)) }
  }
  if (answer.type === 'null') return { description: answer.description }
  const { description, ...schema } = answer
  return { description, ...json(schema) }
}

const PAGE_DIR = new URL('./openapi-page/', import.meta.url)

/** GET /api/openapi.json, and the page that renders it for people (own files, strict CSP). */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  const page = readFileSync(new URL('index.html', PAGE_DIR), 'utf8')
  const script = readFileSync(new URL('docs.js', PAGE_DIR), 'utf8')
  const config = { public: true }
  app.get('/api/openapi.json', { config, schema: { response: ok.openapi } }, async () =>
    app.swagger(),
  )
  app.get('/api/docs', { config, schema: { response: ok.html } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  )
  app.get(
    '/api/docs/docs.js',
    { config, schema: { response: ok.script } },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script),
  )
}
