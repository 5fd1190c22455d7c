// The signed-in operator's own account (contract: "Me", right `account`, every role): who they
// are, their password, and their sessions. Two-factor set-up lives beside it (./two-factor*).
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { errors, ok, pathParams } from '../lib/responses'
import { deleteSessions, listSessions } from '../operators/operator-queries'
import { recordPasswordChange } from '../operators/team'
import { requireOperator } from './authenticate'
import { type LoginLimiter, takeAttempt } from './login-limiter'
import { checkNewPassword } from './operators'
import { hashPassword, verifyPassword } from './passwords'
import { ACCOUNT, ROLES } from './rights'
import type { SessionPolicy } from './sessions'

export const WRONG_PASSWORD = 'Current password is incorrect'
export const SESSION_NOT_FOUND = 'Session not found'
const SESSION_ID = /^[\w-]{1,64}$/

const me = {
  200: {
    description: 'The signed-in operator',
    type: 'object',
    required: ['id', 'username', 'role', 'twoFactor'],
    properties: {
      id: { type: 'integer' },
      username: { type: 'string' },
      role: { type: 'string', enum: [...ROLES] },
      twoFactor: { type: 'boolean' },
    },
  },
}

const sessions = {
  200: {
    description: "The operator's live sessions, newest first (a plain array: there are few)",
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'createdAt', 'lastUsedAt', 'userAgent', 'current'],
      properties: {
        id: { type: 'string' },
        createdAt: { type: 'string', format: 'date-time' },
        lastUsedAt: { type: 'string', format: 'date-time' },
        userAgent: { type: ['string', 'null'] },
        current: { type: 'boolean', description: 'The session this request came with' },
      },
    },
  },
}

const passwordBody = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: 1024 },
    newPassword: { type: 'string', minLength: 1, maxLength: 1024 },
  },
}

export function registerMeRoutes(
  app: FastifyInstance,
  { db, policy, limiter }: { db: Kysely<Database>; policy: SessionPolicy; limiter: LoginLimiter },
): void {
  app.get('/api/me', { config: ACCOUNT, schema: { response: me } }, async (request) => {
    const { id } = requireOperator(request)
    const row = await db
      .selectFrom('operators')
      .select(['id', 'username', 'role', 'twoFactor'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    return { ...row, twoFactor: row.twoFactor === 1 }
  })

  // Every other session ends (a changed password often means a suspected leak); this one stays.
  // A wrong current password counts against the sign-in's budget for this username, so a
  // stolen session is no way to guess the password.
  app.put<{ Body: { currentPassword: string; newPassword: string } }>(
    '/api/me/password',
    { config: ACCOUNT, schema: { body: passwordBody, response: { ...ok.empty, ...errors(429) } } },
    async (request) => {
      const { id, sessionId } = requireOperator(request)
      const { currentPassword, newPassword } = request.body
      const { username, passwordHash } = await db
        .selectFrom('operators')
        .select(['username', 'passwordHash'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      await takeAttempt(limiter, username)
      if (!(await verifyPassword(currentPassword, passwordHash))) {
        throw new HttpError(400, WRONG_PASSWORD)
      }
      await limiter.succeeded(username)
      const problem = checkNewPassword(newPassword)
      if (problem) throw new HttpError(400, problem)
      const newHash = await hashPassword(newPassword, { cost: policy.passwordCost })
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operators')
          .set({ passwordHash: newHash })
          .where('id', '=', id)
          .execute()
        await deleteSessions(trx, id, { keep: sessionId })
        await recordPasswordChange(trx, id)
      })
      return {}
    },
  )

  app.get(
    '/api/me/sessions',
    { config: ACCOUNT, schema: { response: sessions } },
    async (request) => {
      const { id, sessionId } = requireOperator(request)
      return listSessions(db, id, sessionId, (policy.now ?? Date.now)())
    },
  )

  // Only one's own: another operator's session id is answered like an unknown one.
  app.delete(
    '/api/me/sessions/:id',
    { config: ACCOUNT, schema: { params: pathParams('id'), response: ok.deleted } },
    async (request, reply) => {
      const operator = requireOperator(request)
      const { id } = request.params as { id: string }
      // Session ids are base64url or hex (migration 017); anything else (a NUL, which PostgreSQL
      // text cannot hold) names no session.
      const ended = SESSION_ID.test(id) ? await deleteSessions(db, operator.id, { only: id }) : 0
      if (ended === 0) throw new HttpError(404, SESSION_NOT_FOUND)
      return reply.code(204).send()
    },
  )
}
