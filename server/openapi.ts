// The API described as OpenAPI 3.1 at GET /api/openapi.json, rendered for people at /api/docs.
//
// @fastify/swagger reads each route as it is registered: its path parameters and its request
// body (the schemas of /schemas, by $ref) and its query parameters (lib/query-schema.ts). What a
// route schema cannot say, the answers each route gives, is written once here, in OPERATIONS; a route missing from it is documented with its success answer
// unknown, which tests/server/openapi.test.ts refuses.
import { readFileSync } from 'node:fs'
import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { MAX_ID } from './lists/list-params'

type Success =
  | 'page'
  | 'id'
  | 'object'
  | 'status'
  | 'token'
  | 'empty'
  | 'none'
  | 'image'
  | 'html'
  | 'script'
  | 'openapi'
  | 'csv'
  | 'bulk'

interface Operation {
  /** The success status (200 unless said otherwise) and what it holds. */
  success: Success
  status?: 200 | 201 | 204
  /** Statuses beyond those every route of its kind gives (see `errorsOf`). */
  errors?: number[]
}

const CATEGORY_PUT: Operation = { success: 'object', errors: [412] }
/** Deleted (no body); refused (409) while something still holds the record; If-Match as PUT. */
const DELETE: Operation = { success: 'none', status: 204, errors: [409, 412] }

/** By `METHOD path`, as the routes are registered. */
export const OPERATIONS: Record<string, Operation> = {
  'POST /api/auth/login': { success: 'token', errors: [401, 429] },
  'POST /api/auth/logout': { success: 'empty' },
  'GET /api/health': { success: 'status', errors: [503] },
  'GET /api/health/live': { success: 'status' },
  'GET /api/openapi.json': { success: 'openapi' },
  'GET /api/docs': { success: 'html' },
  'GET /api/docs/docs.js': { success: 'script' },
  'GET /api/service-provider-categories': { success: 'page' },
  'GET /api/service-provider-categories/export': { success: 'csv' },
  'GET /api/service-provider-categories/search': { success: 'object' },
  'POST /api/service-provider-categories': { success: 'id', status: 201 },
  'GET /api/service-provider-categories/{id}': { success: 'object' },
  'PUT /api/service-provider-categories/{id}': CATEGORY_PUT,
  'DELETE /api/service-provider-categories/{id}': DELETE,
  'GET /api/product-categories': { success: 'page' },
  'GET /api/product-categories/export': { success: 'csv' },
  'GET /api/product-categories/search': { success: 'object' },
  'POST /api/product-categories': { success: 'id', status: 201 },
  'GET /api/product-categories/{id}': { success: 'object' },
  'PUT /api/product-categories/{id}': CATEGORY_PUT,
  'DELETE /api/product-categories/{id}': DELETE,
  'GET /api/service-providers': { success: 'page' },
  'GET /api/service-providers/export': { success: 'csv' },
  'POST /api/service-providers': { success: 'id', status: 201, errors: [409] },
  'GET /api/service-providers/{id}': { success: 'object' },
  'PUT /api/service-providers/{id}': { success: 'object', errors: [412] },
  'DELETE /api/service-providers/{id}': DELETE,
  'GET /api/service-providers/public-info': { success: 'page' },
  'GET /api/service-providers/{id}/public-info': { success: 'object' },
  'POST /api/service-providers/{id}/passport-photo': { success: 'object' },
  'GET /api/service-providers/{id}/passport-photo': { success: 'image' },
  'DELETE /api/service-providers/{id}/passport-photo': { success: 'empty' },
  'POST /api/service-providers/{id}/brand-logo': { success: 'object' },
  'GET /api/service-providers/{id}/brand-logo': { success: 'image' },
  'DELETE /api/service-providers/{id}/brand-logo': { success: 'empty' },
  'GET /api/service-providers/{id}/products': { success: 'page' },
  'GET /api/service-providers/{id}/products/export': { success: 'csv' },
  'GET /api/products': { success: 'page' },
  'GET /api/products/export': { success: 'csv' },
  'POST /api/products': { success: 'id', status: 201 },
  'GET /api/products/{id}': { success: 'object' },
  'PUT /api/products/{id}': { success: 'object', errors: [412] },
  // Nothing holds a product: it goes with its images.
  'DELETE /api/products/{id}': { success: 'none', status: 204, errors: [412] },
  'GET /api/products/{id}/images': { success: 'page' },
  'POST /api/products/{id}/images': { success: 'id', status: 201 },
  'GET /api/products/{id}/images/{imageId}': { success: 'object' },
  'PUT /api/products/{id}/images/{imageId}': { success: 'object', errors: [412] },
  'DELETE /api/products/{id}/images/{imageId}': { success: 'empty' },
  'POST /api/products/{id}/images/{imageId}/make-preview-image': { success: 'empty' },
  'GET /api/products/{id}/images/{imageId}/image-file': { success: 'image' },
  'GET /api/service-provider-categories/{id}/history': { success: 'page' },
  'GET /api/product-categories/{id}/history': { success: 'page' },
  'GET /api/service-providers/{id}/history': { success: 'page' },
  'GET /api/products/{id}/history': { success: 'page' },
  // Bulk actions (decision 013).
  'POST /api/service-provider-categories/bulk': { success: 'bulk' },
  'POST /api/product-categories/bulk': { success: 'bulk' },
  'POST /api/service-providers/bulk': { success: 'bulk' },
  'POST /api/products/bulk': { success: 'bulk' },
  'POST /api/products/{id}/images/bulk': { success: 'bulk' },
}

const ERROR_TEXTS: Record<number, string> = {
  400: 'The request is not valid: the detail names the field or parameter',
  401: 'No valid bearer token (or, for login, a wrong username or password)',
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

function successOf(operation: Operation | undefined) {
  switch (operation?.success) {
    case 'page':
      return { description: 'One page of the list', ...json(ref('Page')) }
    case 'id':
      return { description: 'Created', ...json(ref('Created')) }
    case 'empty':
      return { description: 'Done', ...json({ type: 'object' }) }
    case 'none':
      return { description: 'Done: no body' }
    case 'image':
      return {
        description: 'The image bytes, with an ETag',
        content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
      }
    case 'csv':
      return {
        description:
          'Every matching row as CSV (UTF-8 with a BOM, a header row, an attachment); ' +
          'X-Total-Count says how many rows follow',
        content: { 'text/csv': { schema: { type: 'string' } } },
      }
    case 'html':
      return {
        description: 'This description, for people',
        content: { 'text/html': { schema: { type: 'string' } } },
      }
    case 'script':
      return {
        description: 'The script of the docs page',
        content: { 'text/javascript': { schema: { type: 'string' } } },
      }
    case 'status':
      return { description: 'Up: `{"status": "ok"}`', ...json({ type: 'object' }) }
    case 'token':
      return { description: 'Signed in: `{"token": "…"}`', ...json({ type: 'object' }) }
    case 'openapi':
      return { description: 'This OpenAPI document', ...json({ type: 'object' }) }
    case 'object':
      return { description: 'The record', ...json({ type: 'object' }) }
    case 'bulk':
      return { description: 'What was done and what was refused, and why', ...json(ref('Bulk')) }
    default:
      return { description: 'Undocumented' }
  }
}

/** The error statuses a route gives, from what it is: protected, with a body, with an id. */
export function errorsOf(
  route: Pick<RouteOptions, 'url' | 'schema' | 'config'>,
  operation?: Operation,
) {
  const statuses = new Set(operation?.errors ?? [])
  const isPublic = (route.config as { public?: boolean } | undefined)?.public === true
  if (
    !isPublic &&
    route.url.startsWith('/api/') &&
    !operation?.success.match(/html|script|openapi/)
  ) {
    statuses.add(401)
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
        schemas: {
          Detail: {
            type: 'object',
            required: ['detail'],
            properties: { detail: { type: 'string' } },
          },
          Created: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'integer', minimum: 1 } },
          },
          Bulk: {
            type: 'object',
            required: ['done', 'refused'],
            properties: {
              done: { type: 'array', items: { type: 'integer' } },
              refused: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'detail'],
                  properties: { id: { type: 'integer' }, detail: { type: 'string' } },
                },
              },
            },
          },
          Page: {
            type: 'object',
            required: ['data', 'pagination'],
            properties: {
              data: { type: 'array', items: { type: 'object' } },
              pagination: {
                type: 'object',
                required: ['page', 'pageSize', 'total', 'totalPages', 'hasPrev', 'hasNext'],
                properties: {
                  page: { type: 'integer' },
                  pageSize: { type: 'integer' },
                  total: { type: 'integer' },
                  totalPages: { type: 'integer' },
                  hasPrev: { type: 'boolean' },
                  hasNext: { type: 'boolean' },
                },
              },
            },
          },
        },
      },
      security: [{ bearer: [] }],
    },
    // Shared schemas keep their file's $id as their component name.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `schema-${i}`),
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url }
      const key = `${route.method} ${url.replace(/:(\w+)/g, '{$1}')}`
      const operation = OPERATIONS[key]
      const responses: Record<string, object> = {
        [operation?.status ?? 200]: successOf(operation),
      }
      for (const status of errorsOf(route, operation)) {
        responses[status] = { description: ERROR_TEXTS[status], ...json(ref('Detail')) }
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

const PAGE_DIR = new URL('./openapi-page/', import.meta.url)

/** GET /api/openapi.json, and the page that renders it for people (own files, strict CSP). */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  const page = readFileSync(new URL('index.html', PAGE_DIR), 'utf8')
  const script = readFileSync(new URL('docs.js', PAGE_DIR), 'utf8')
  const config = { public: true }
  app.get('/api/openapi.json', { config }, async () => app.swagger())
  app.get('/api/docs', { config }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  )
  app.get('/api/docs/docs.js', { config }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(script),
  )
}
