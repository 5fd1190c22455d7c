// What routes answer, as the response schemas they declare (`schema: { response }`): Fastify
// serialises a JSON answer through its schema, and ../openapi.ts documents every route from
// them, adding the error answers each kind of route gives. A record keeps every property
// (`additionalProperties`): custom fields are the schema files', not these.
import type { FastifyInstance } from 'fastify'

/** A record as GET shows it: its fields are the schema files' (custom fields too), so every one
 * is kept as it is. */
export const RECORD_SCHEMA = {
  $id: 'Record',
  description: 'A record as GET shows it, custom fields included',
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' } },
  additionalProperties: true,
} as const

/** Every list page's `pagination` block. */
export const PAGINATION_SCHEMA = {
  type: 'object',
  required: ['page', 'pageSize', 'total', 'totalExact', 'totalPages', 'hasPrev', 'hasNext'],
  properties: {
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    total: { type: 'integer' },
    totalExact: {
      type: 'boolean',
      description:
        'False when total (and totalPages) were counted before the latest write and are being counted again (raised to at least the rows up to this page); hasNext is then read from the rows',
    },
    totalPages: { type: 'integer' },
    hasPrev: { type: 'boolean' },
    hasNext: { type: 'boolean' },
  },
} as const

/** Shared schemas, by $id: the OpenAPI document's components. */
const SHARED = [
  {
    $id: 'Detail',
    description: 'What went wrong',
    type: 'object',
    required: ['detail'],
    properties: { detail: { type: 'string' } },
  },
  RECORD_SCHEMA,
  {
    $id: 'LoginRefused',
    description:
      'What went wrong; `twoFactorRequired` when the password was right but a code is missing or wrong',
    type: 'object',
    required: ['detail'],
    properties: { detail: { type: 'string' }, twoFactorRequired: { type: 'boolean' } },
  },
  {
    $id: 'Page',
    description: 'One page of a list',
    type: 'object',
    required: ['data', 'pagination'],
    properties: {
      data: { type: 'array', items: { $ref: 'Record#' } },
      pagination: PAGINATION_SCHEMA,
    },
  },
  {
    $id: 'Created',
    type: 'object',
    required: ['id'],
    // A product image also names its product.
    properties: { id: { type: 'integer', minimum: 1 }, productId: { type: 'integer' } },
  },
  {
    $id: 'Bulk',
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
  {
    $id: 'Imported',
    description:
      'What an import did (a dry run: would do), and every refused row (the first 1,000) by row and column',
    type: 'object',
    required: ['created', 'updated', 'unchanged', 'errors', 'batchId', 'rows'],
    properties: {
      created: { type: 'integer' },
      updated: { type: 'integer' },
      unchanged: { type: 'integer' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['row', 'column', 'detail'],
          properties: {
            row: { type: 'integer', description: 'As a spreadsheet numbers it: the header is 1' },
            column: { type: 'string', description: 'The header title' },
            detail: { type: 'string' },
          },
        },
      },
      batchId: {
        type: ['string', 'null'],
        description: 'Undo with it; null when nothing was written',
      },
      rows: {
        description: "The file's first 20 rows and what each does (the import dialog's preview)",
        type: 'array',
        items: {
          type: 'object',
          required: ['row', 'status', 'id', 'name'],
          properties: {
            row: { type: 'integer' },
            status: { type: 'string', enum: ['create', 'update', 'unchanged', 'error'] },
            id: { type: ['integer', 'null'], description: 'The ID cell, when it holds an id' },
            name: { type: ['string', 'null'], description: 'The name (a provider: brand name)' },
          },
        },
      },
    },
  },
]

/** The $ids of the shared response schemas (the serialiser needs no others). */
export const RESPONSE_SCHEMA_IDS = new Set(SHARED.map((schema) => schema.$id))

export function registerResponseSchemas(app: FastifyInstance): void {
  for (const schema of SHARED) app.addSchema(schema)
}

const ref = (id: string, description: string) => ({ description, $ref: `${id}#` })

/** A text answer of this type (never serialised through a schema). */
const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' } } },
})

/** The success answers, one per kind of route. */
export const ok = {
  page: { 200: ref('Page', 'One page of the list') },
  record: { 200: ref('Record', 'The record') },
  created: { 201: ref('Created', 'Created') },
  bulk: { 200: ref('Bulk', 'What was done and what was refused, and why') },
  imported: { 200: ref('Imported', 'What the import did') },
  undone: {
    200: {
      description: 'Undone: how many records were deleted and put back',
      type: 'object',
      required: ['deleted', 'reverted'],
      properties: { deleted: { type: 'integer' }, reverted: { type: 'integer' } },
    },
  },
  deleted: { 204: { description: 'Deleted: no body', type: 'null' } },
  imageRef: {
    200: {
      description: 'The image and its product',
      type: 'object',
      required: ['id', 'productId'],
      properties: { id: { type: 'integer' }, productId: { type: 'integer' } },
    },
  },
  empty: { 200: { description: 'Done', type: 'object', additionalProperties: false } },
  status: {
    200: {
      description: 'Up: `{"status": "ok"}`',
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string' } },
    },
  },
  token: {
    200: {
      description: 'Signed in: `{"token": "…"}`',
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string' } },
    },
  },
  twoFactorSetup: {
    200: {
      description: 'Set-up started: the pending secret (base32) and its otpauth:// URL',
      type: 'object',
      required: ['secret', 'otpauthUrl'],
      properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' } },
    },
  },
  recoveryCodes: {
    200: {
      description: 'Two-factor is on: the recovery codes, shown this once',
      type: 'object',
      required: ['recoveryCodes'],
      properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
    },
  },
  categorySearch: {
    200: {
      description: 'The matching categories, each with its full path',
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: { $ref: 'Record#' } } },
    },
  },
  image: {
    200: {
      description: 'The image bytes, with an ETag',
      content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
    },
  },
  openapi: {
    200: { description: 'This OpenAPI document', type: 'object', additionalProperties: true },
  },
  html: { 200: text('text/html', 'This description, for people') },
  script: { 200: text('text/javascript', 'The script of the docs page') },
  events: {
    200: text(
      'text/event-stream',
      'Server-Sent Events: `data: {"collection", "id", "action", "operator", "at"}` for every ' +
        'record changed by a committed write on any instance; `event: presence` with ' +
        '`data: {"collection", "id"}` when who is editing that record changed ' +
        '(`PUT /{collection}/{id}/presence`); a comment line at least every 25 s',
    ),
  },
  csv: {
    200: text(
      'text/csv',
      'Every matching row as CSV (UTF-8 with a BOM, a header row, an attachment); ' +
        'X-Total-Count says how many rows follow',
    ),
  },
}

/** Error answers beyond those every route of its kind gives (../openapi.ts `errorsOf`). */
export function errors<Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: 'Detail#' }])) as Record<
    Status,
    { $ref: string }
  >
}

/** A refused login: `{detail}`, with `twoFactorRequired: true` when a code is what is missing. */
export const loginRefused = { 401: { $ref: 'LoginRefused#' } }

/** The path parameters of a route, as the router gives them: any text. An id that names
 * nothing (`abc`, `0`) is the entity's own 404, never a 400, so they are checked by the route
 * (`pathId`); ../openapi.ts documents them as ids. */
export function pathParams(...names: string[]) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
  }
}
