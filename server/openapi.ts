// The API described as OpenAPI 3.1 at GET /api/openapi.json, rendered for people at /api/docs.
//
// @fastify/swagger reads each route as it is registered: its path parameters and its request
// body (the schemas of /schemas, by $ref). What a route schema cannot say (the answers each
// route gives, and the query parameters that the list routes still parse by hand) is written
// once here, in OPERATIONS; a route missing from it is documented with its success answer
// unknown, which tests/server/openapi.test.ts refuses.
import { readFileSync } from 'node:fs'
import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { MAX_ID, MAX_PAGE_SIZE } from './lib/list-query'
import { categorySorts, productImageSorts, productSorts, providerSorts } from './lib/list-sort'

type Success =
  | 'page'
  | 'id'
  | 'object'
  | 'status'
  | 'token'
  | 'empty'
  | 'image'
  | 'html'
  | 'script'
  | 'openapi'

interface Operation {
  /** The success status (200 unless said otherwise) and what it holds. */
  success: Success
  status?: 200 | 201
  /** Statuses beyond those every route of its kind gives (see `errorsOf`). */
  errors?: number[]
  query?: string[]
  /** The fields its `sort` parameter takes (lists). */
  sorts?: object
}

const LIST = ['page', 'pageSize']
const CATEGORY_PUT: Operation = { success: 'object', errors: [412] }

/** By `METHOD path`, as the routes are registered. */
export const OPERATIONS: Record<string, Operation> = {
  'POST /api/auth/login': { success: 'token', errors: [401, 429] },
  'POST /api/auth/logout': { success: 'empty' },
  'GET /api/health': { success: 'status', errors: [503] },
  'GET /api/health/live': { success: 'status' },
  'GET /api/openapi.json': { success: 'openapi' },
  'GET /api/docs': { success: 'html' },
  'GET /api/docs/docs.js': { success: 'script' },
  'GET /api/service-provider-categories': {
    success: 'page',
    query: [...LIST, 'name', 'description', 'parentId'],
    sorts: categorySorts,
  },
  'POST /api/service-provider-categories': { success: 'id', status: 201 },
  'GET /api/service-provider-categories/{id}': { success: 'object' },
  'PUT /api/service-provider-categories/{id}': CATEGORY_PUT,
  'GET /api/product-categories': {
    success: 'page',
    query: [...LIST, 'name', 'parentCategoryId'],
    sorts: categorySorts,
  },
  'POST /api/product-categories': { success: 'id', status: 201 },
  'GET /api/product-categories/{id}': { success: 'object' },
  'PUT /api/product-categories/{id}': CATEGORY_PUT,
  'GET /api/service-providers': {
    success: 'page',
    query: [...LIST, 'email', 'brandName', 'enabled', 'serviceProviderCategoryId'],
    sorts: providerSorts,
  },
  'POST /api/service-providers': { success: 'id', status: 201, errors: [409] },
  'GET /api/service-providers/{id}': { success: 'object' },
  'PUT /api/service-providers/{id}': { success: 'object', errors: [412] },
  'GET /api/service-providers/public-info': {
    success: 'page',
    query: [...LIST, 'brandName', 'serviceProviderCategoryId', 'enabled'],
    sorts: providerSorts,
  },
  'GET /api/service-providers/{id}/public-info': { success: 'object' },
  'POST /api/service-providers/{id}/passport-photo': { success: 'object' },
  'GET /api/service-providers/{id}/passport-photo': { success: 'image', query: ['size'] },
  'DELETE /api/service-providers/{id}/passport-photo': { success: 'empty' },
  'POST /api/service-providers/{id}/brand-logo': { success: 'object' },
  'GET /api/service-providers/{id}/brand-logo': { success: 'image', query: ['size'] },
  'DELETE /api/service-providers/{id}/brand-logo': { success: 'empty' },
  'GET /api/service-providers/{id}/products': {
    success: 'page',
    query: [...LIST, 'name', 'enabled'],
    sorts: productSorts,
  },
  'GET /api/products': {
    success: 'page',
    query: [
      ...LIST,
      'categoryId',
      'name',
      'enabled',
      'minPrice',
      'maxPrice',
      'minRating',
      'maxRating',
    ],
    sorts: productSorts,
  },
  'POST /api/products': { success: 'id', status: 201 },
  'GET /api/products/{id}': { success: 'object' },
  'PUT /api/products/{id}': { success: 'object', errors: [412] },
  'GET /api/products/{id}/images': {
    success: 'page',
    query: [...LIST, 'enabled'],
    sorts: productImageSorts,
  },
  'POST /api/products/{id}/images': { success: 'id', status: 201 },
  'GET /api/products/{id}/images/{imageId}': { success: 'object' },
  'PUT /api/products/{id}/images/{imageId}': { success: 'object', errors: [412] },
  'DELETE /api/products/{id}/images/{imageId}': { success: 'empty' },
  'POST /api/products/{id}/images/{imageId}/make-preview-image': { success: 'empty' },
  'GET /api/products/{id}/images/{imageId}/image-file': { success: 'image', query: ['size'] },
}

const text = (description: string, extra: object = {}) => ({
  type: 'string',
  description,
  ...extra,
})
const wholeNumber = (description: string, maximum?: number) => ({
  type: 'integer',
  minimum: 1,
  ...(maximum ? { maximum } : {}),
  description,
})
const naira = (description: string) =>
  text(description, { pattern: '^\\d{1,15}(\\.\\d{0,2}0*)?$', examples: ['12500.50'] })

/** Every query parameter of the API: what it means and the values it takes. */
const QUERY_PARAMETERS: Record<string, object> = {
  page: wholeNumber('Page number, from 1 (default 1)'),
  pageSize: wholeNumber(
    `Rows per page (default 30; above ${MAX_PAGE_SIZE} counts as ${MAX_PAGE_SIZE})`,
  ),
  name: text('Case-insensitive substring of the name', { maxLength: 200 }),
  description: text('Case-insensitive substring of the description', { maxLength: 200 }),
  email: text('Case-insensitive substring of the email', { maxLength: 200 }),
  brandName: text('Case-insensitive substring of the brand name', { maxLength: 200 }),
  enabled: text('Only enabled (true) or disabled (false) rows', { enum: ['true', 'false'] }),
  parentId: text('Children of this category id; `null` for top-level categories', {
    pattern: '^([1-9]\\d*|null)$',
  }),
  parentCategoryId: text('Children of this category id; `null` for top-level categories', {
    pattern: '^([1-9]\\d*|null)$',
  }),
  serviceProviderCategoryId: wholeNumber('Providers in this category', MAX_ID),
  categoryId: wholeNumber('Products in this category or any of its descendants', MAX_ID),
  minPrice: naira('Lowest price in naira (at most two decimals)'),
  maxPrice: naira('Highest price in naira (at most two decimals)'),
  minRating: { type: 'number', minimum: 0, maximum: 5, description: 'Lowest rating, 0 to 5' },
  maxRating: { type: 'number', minimum: 0, maximum: 5, description: 'Highest rating, 0 to 5' },
  size: text('`thumb` for the stored thumbnail; `full` (default) for the image', {
    enum: ['full', 'thumb'],
  }),
}

const ERROR_TEXTS: Record<number, string> = {
  400: 'The request is not valid: the detail names the field or parameter',
  401: 'No valid bearer token (or, for login, a wrong username or password)',
  404: 'No such record (or path)',
  409: 'Conflicts with another record (the detail says which field)',
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
    case 'image':
      return {
        description: 'The image bytes, with an ETag',
        content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
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
  if ((operation?.query ?? []).length > 0) statuses.add(400)
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
      const query = operation?.query ?? []
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
          ...(query.length > 0
            ? {
                querystring: {
                  type: 'object',
                  properties: Object.fromEntries(
                    query.map((name) => [name, QUERY_PARAMETERS[name]]),
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
