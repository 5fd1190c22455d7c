import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { errors, ok } from '../lib/responses'
import type { LoginLimiter } from './login-limiter'
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from './passwords'
import { findOperatorByUsername, recordSignIn } from './queries'
import { ACCOUNT } from './rights'
import { issueSession, revokeSession, type SessionPolicy } from './sessions'
import { bearerToken } from './tokens'

export interface AuthRouteOptions {
  db: Kysely<Database>
  limiter: LoginLimiter
  policy: SessionPolicy
}

const INVALID_CREDENTIALS = 'Invalid username or password'

// Verifying against this when the username is unknown makes a miss cost as much as a wrong
// password, so response times do not reveal which usernames exist. Computed once per process.
let dummyHash: Promise<string> | undefined
const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password', { cost: DEFAULT_SCRYPT_COST })
  return dummyHash
}

export function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { db, limiter, policy } = options
  // Warm the dummy hash now so the first unknown-username login is not slower than the rest.
  getDummyHash().catch((error) => app.log.error({ err: error }, 'could not prepare dummy hash'))

  app.post<{ Body: { username: string; password: string } }>(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        body: { $ref: 'login#/definitions/create' },
        response: { ...ok.token, ...errors(401, 429) },
      },
    },
    async (request) => {
      const { username, password } = request.body
      const attempt = await limiter.attempt(username)
      if (!attempt.allowed) {
        throw new HttpError(429, 'Too many failed login attempts. Please try again later.', {
          'retry-after': String(attempt.retryAfterSeconds),
        })
      }
      const operator = await findOperatorByUsername(db, username)
      // An invited operator has no password yet (''): checked against the dummy hash, it costs
      // as much as any other miss.
      const hash = operator?.passwordHash || (await getDummyHash())
      const valid = await verifyPassword(password, hash)
      // A deactivated operator is refused exactly like wrong credentials: same words, same cost.
      if (!operator?.passwordHash || !valid || !operator.active) {
        throw new HttpError(401, INVALID_CREDENTIALS)
      }
      await limiter.succeeded(username)
      await recordSignIn(db, operator.id, (policy.now ?? Date.now)())
      return { token: await issueSession(db, operator.id, policy, request.headers['user-agent']) }
    },
  )

  // Protected like any /api route, so the token is known to be live here. Answers 200 `{}`
  // rather than 204 so that clients which always parse a JSON body keep working.
  app.post(
    '/api/auth/logout',
    { config: ACCOUNT, schema: { response: ok.empty } },
    async (request) => {
      const token = bearerToken(request.headers.authorization)
      if (token) await revokeSession(db, token)
      return {}
    },
  )
}
