// Bulk actions (decision 013): one request enables, disables or deletes many records of one
// list, named by their ids or by the list's own filters ("all N matching"), in ONE transaction.
// Each record follows the rules of its single write: a record the rules refuse (missing, still
// held by others) is listed as refused with the single write's 404/409 text, and the others
// are changed; nothing is half-done under a crash, because all of it commits at once.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import { WRITE } from '../auth/rights'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { ok, pathParams } from '../lib/responses'
import { MAX_ID, type RawQuery } from '../lists/list-params'

/** Ids one request may name (the contract's limit: a body of a few kilobytes). */
export const MAX_BULK_IDS = 1000
/**
 * Records "all matching the filters" may reach; more must be narrowed first (decision 013).
 * A delete checks its rules record by record (several queries each), so it is bounded lower:
 * both stay well inside the web app's 40 s request timeout.
 */
export const MAX_BULK_MATCHING = { enable: 10_000, disable: 10_000, delete: 1_000, restore: 1_000 }

/** `restore` is the trash's own (server/trash/trash-routes.ts). */
export const BULK_ACTIONS = ['enable', 'disable', 'delete', 'restore'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

export interface Refusal {
  id: number
  detail: string
}

export interface BulkResult {
  /** The records now in the asked state (enabled, disabled, gone, back). */
  done: number[]
  refused: Refusal[]
}

export interface BulkBody {
  action: BulkAction
  ids?: number[]
  filter?: RawQuery
}

/** Who asked, for the history records the write leaves. */
export interface BulkContext<Scope> {
  operatorId: number
  scope: Scope
}

export type BulkApply<Scope> = (
  trx: Transaction<Database>,
  ids: number[],
  context: BulkContext<Scope>,
) => Promise<BulkResult>

export interface BulkTarget<Scope> {
  /** The list's path; the route is `${path}/bulk`. */
  path: string
  /** The list's filter parameters (its querystring schema's properties, page and sort aside). */
  filters: Record<string, unknown>
  actions: Partial<Record<BulkAction, BulkApply<Scope>>>
  /** The list's parent from the path (a product's images), 404 when it does not exist. */
  scope: (trx: Transaction<Database>, params: unknown) => Promise<Scope>
  /** The ids the filters match, in id order, at most `limit`. */
  matching: (
    trx: Transaction<Database>,
    filter: RawQuery,
    scope: Scope,
    limit: number,
  ) => Promise<number[]>
}

export function registerBulkRoute<Scope>(
  app: FastifyInstance,
  db: Kysely<Database>,
  target: BulkTarget<Scope>,
): void {
  const actions = BULK_ACTIONS.filter((action) => target.actions[action])
  app.post<{ Body: BulkBody }>(
    `${target.path}/bulk`,
    {
      config: WRITE,
      schema: {
        ...(target.path.includes(':') ? { params: pathParams('id') } : {}),
        body: bulkBodySchema(actions, target.filters),
        response: ok.bulk,
      },
    },
    async (request) => {
      const { action, ids, filter } = request.body
      if ((ids === undefined) === (filter === undefined)) {
        throw new HttpError(400, 'Send either ids or filter, not both')
      }
      const apply = target.actions[action] as BulkApply<Scope>
      const operatorId = operatorOf(request)
      return db.transaction().execute(async (trx) => {
        const scope = await target.scope(trx, request.params)
        const limit = MAX_BULK_MATCHING[action]
        const chosen = ids ?? (await target.matching(trx, filter ?? {}, scope, limit + 1))
        if (chosen.length > limit) {
          throw new HttpError(
            400,
            `More than ${limit} records match the filters: narrow them first`,
          )
        }
        // `in ()` is not valid SQL on PostgreSQL; nothing chosen is nothing done.
        if (chosen.length === 0) return { done: [], refused: [] }
        return apply(trx, [...new Set(chosen)], { operatorId, scope })
      })
    },
  )
}

function operatorOf(request: FastifyRequest): number {
  if (!request.operator) throw new Error('bulk routes are protected')
  return request.operator.id
}

function bulkBodySchema(actions: BulkAction[], filters: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: {
      action: {
        type: 'string',
        enum: actions,
        'x-detail': { enum: `must be one of ${actions.join(', ')}` },
      },
      ids: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_BULK_IDS,
        items: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_ID,
          'x-detail': {
            type: 'must be a positive whole number',
            minimum: 'must be a positive whole number',
            maximum: `must be at most ${MAX_ID}`,
          },
        },
        'x-detail': {
          type: 'must be an array of ids',
          minItems: 'must name at least one id',
          maxItems: `must name at most ${MAX_BULK_IDS} ids`,
        },
      },
      filter: {
        type: 'object',
        additionalProperties: false,
        properties: filters,
        'x-detail': { type: 'must be an object of the list filters' },
      },
    },
  }
}

/** A list's filter parameters: its querystring schema without paging and sorting. */
export function filtersOf(querySchema: Record<string, unknown>): Record<string, unknown> {
  const { page, pageSize, sort, order, ...filters } = querySchema.properties as Record<
    string,
    unknown
  >
  return filters
}
