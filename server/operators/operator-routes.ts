// The team's routes (contract: "a team"): administrators list, invite, change and reset
// operators and read their history (right `operators`); anyone with an invite link sets a
// password through POST /api/auth/invite, which signs them in like a login.
//
// Operators are not an entity descriptor (server/entity.ts): they have no export, bulk, delete,
// custom fields or form schema, and a handful of rows, so the descriptor would mostly switch
// things off. The list answers the same page shape as every other list.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { OPERATORS, ROLES, type Role } from '../auth/rights'
import { issueSession, type SessionPolicy } from '../auth/sessions'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { listHistory } from '../history/history-queries'
import { pageParams, querySchema } from '../lib/query-schema'
import { errors, ok, pathParams } from '../lib/responses'
import { pageRequest, pagination, pathId, type RawQuery } from '../lists/list-params'
import { sortParams, sortRequest } from '../lists/sorts'
import { findOperator, listOperators, operatorSorts } from './operator-queries'
import {
  acceptInvite,
  changeOperator,
  INVITE_DAYS,
  inviteOperator,
  OPERATOR_ENTITY,
  OPERATOR_NOT_FOUND,
  resetPassword,
} from './team'

const role = { type: 'string', enum: [...ROLES] }
const inviteToken = {
  200: {
    description: `A one-time token for the invite link (valid ${INVITE_DAYS} days)`,
    type: 'object',
    required: ['inviteToken'],
    properties: { inviteToken: { type: 'string' } },
  },
}
const operator = {
  200: {
    description: 'The operator',
    type: 'object',
    required: ['id', 'username', 'role', 'active', 'twoFactor', 'lastSignInAt'],
    properties: {
      id: { type: 'integer' },
      username: { type: 'string' },
      role,
      active: { type: 'boolean' },
      twoFactor: { type: 'boolean' },
      lastSignInAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
}

export function registerOperatorRoutes(
  app: FastifyInstance,
  { db, policy }: { db: Kysely<Database>; policy: SessionPolicy },
): void {
  const now = policy.now ?? Date.now

  app.get(
    '/api/operators',
    {
      config: OPERATORS,
      schema: {
        querystring: querySchema({ ...pageParams, ...sortParams(operatorSorts) }),
        response: ok.page,
      },
    },
    async (request) => {
      const query = request.query as RawQuery
      const page = pageRequest(query)
      const sort = sortRequest(query, operatorSorts, 'username')
      const { rows, total } = await listOperators(db, page, sort)
      return { data: rows, pagination: pagination(page, total) }
    },
  )

  app.post<{ Body: { username: string; role: Role } }>(
    '/api/operators',
    {
      config: OPERATORS,
      schema: {
        body: {
          type: 'object',
          required: ['username', 'role'],
          properties: { username: { type: 'string', minLength: 1, maxLength: 100 }, role },
        },
        response: {
          201: {
            description: 'Invited: the new id and a one-time token for the invite link',
            type: 'object',
            required: ['id', 'inviteToken'],
            properties: { id: { type: 'integer' }, inviteToken: { type: 'string' } },
          },
          ...errors(409),
        },
      },
    },
    async (request, reply) => {
      const by = requireOperator(request).id
      reply.code(201)
      return inviteOperator(db, request.body, by, now())
    },
  )

  app.put<{ Body: { role?: Role; active?: boolean } }>(
    '/api/operators/:id',
    {
      config: OPERATORS,
      schema: {
        params: pathParams('id'),
        body: { type: 'object', properties: { role, active: { type: 'boolean' } } },
        response: { ...operator, ...errors(409) },
      },
    },
    async (request) => {
      const id = pathId(request.params)
      if (id === undefined) throw new HttpError(404, OPERATOR_NOT_FOUND)
      return changeOperator(db, id, request.body, requireOperator(request).id)
    },
  )

  app.post(
    '/api/operators/:id/reset-password',
    { config: OPERATORS, schema: { params: pathParams('id'), response: inviteToken } },
    async (request) => {
      const id = pathId(request.params)
      if (id === undefined) throw new HttpError(404, OPERATOR_NOT_FOUND)
      return { inviteToken: await resetPassword(db, id, requireOperator(request).id, now()) }
    },
  )

  app.get(
    '/api/operators/:id/history',
    {
      config: OPERATORS,
      schema: { params: pathParams('id'), querystring: querySchema(pageParams), response: ok.page },
    },
    async (request) => {
      const id = pathId(request.params)
      if (id === undefined) throw new HttpError(404, OPERATOR_NOT_FOUND)
      const page = pageRequest(request.query as RawQuery)
      const [{ rows, total }, found] = await Promise.all([
        listHistory(db, OPERATOR_ENTITY, id, page),
        findOperator(db, id),
      ])
      if (!found) throw new HttpError(404, OPERATOR_NOT_FOUND)
      return { data: rows, pagination: pagination(page, total) }
    },
  )

  app.post<{ Body: { inviteToken: string; password: string } }>(
    '/api/auth/invite',
    {
      config: { public: true },
      schema: {
        body: {
          type: 'object',
          required: ['inviteToken', 'password'],
          properties: {
            inviteToken: { type: 'string', minLength: 1, maxLength: 200 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
        },
        response: ok.token,
      },
    },
    async (request) => {
      const { inviteToken, password } = request.body
      const id = await acceptInvite(db, inviteToken, password, now(), {
        cost: policy.passwordCost,
      })
      return { token: await issueSession(db, id, policy, request.headers['user-agent']) }
    },
  )
}
