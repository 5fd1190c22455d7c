import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { errors, loginRefused, ok } from '../lib/responses'
import { type LoginLimiter, takeAttempt } from './login-limiter'
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from './passwords'
import { findOperatorByUsername, recordSignIn } from './queries'
import { ACCOUNT } from './rights'
import { issueSession, revokeSession, type SessionPolicy } from './sessions'
import { bearerToken } from './tokens'
import { acceptSecondFactor, INVALID_CODE } from './two-factor'

export interface AuthRouteOptions {
  db: Kysely<Database>
  limiter: LoginLimiter
  policy: SessionPolicy
}

const INVALID_CREDENTIALS = 'Invalid username or password'
const CODE_REQUIRED = 'Authentication code required'

// The shared login form (schemas/login.json, the spec's) plus the optional second factor: a
// TOTP code or a recovery code. Kept out of the shared file, whose fields are the spec's form.
const LOGIN_BODY = {
  allOf: [
    { $ref: 'login#/definitions/create' },
    {
      type: 'object',
      properties: {
        code: {
          type: 'string',
          description: 'With two-factor sign-in on: the authenticator code, or a recovery code',
          minLength: 1,
          maxLength: 64,
          pattern: '\\S',
        },
      },
    },
  ],
}

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

  app.post<{ Body: { username: string; password: string; code?: string } }>(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        body: LOGIN_BODY,
        response: { ...ok.token, ...loginRefused, ...errors(429) },
      },
    },
    async (request) => {
      const { username, password, code } = request.body
      await takeAttempt(
        limiter,
        username,
        'Too many failed login attempts. Please try again later.',
      )
      const operator = await findOperatorByUsername(db, username)
      // An invited operator has no password yet (''): checked against the dummy hash, it costs
      // as much as any other miss.
      const hash = operator?.passwordHash || (await getDummyHash())
      const valid = await verifyPassword(password, hash)
      // A deactivated operator is refused exactly like wrong credentials: same words, same cost.
      if (!operator?.passwordHash || !valid || !operator.active) {
        throw new HttpError(401, INVALID_CREDENTIALS)
      }
      const now = (policy.now ?? Date.now)()
      // Only now, once the password is right and the operator active. A missing or wrong code
      // keeps the point taken above, like a wrong password.
      if (operator.twoFactor) {
        const refused = { twoFactorRequired: true }
        if (code === undefined) throw new HttpError(401, CODE_REQUIRED, {}, refused)
        if (!(await acceptSecondFactor(db, operator, code, now))) {
          throw new HttpError(401, INVALID_CODE, {}, refused)
        }
      }
      await limiter.succeeded(username)
      await recordSignIn(db, operator.id, now)
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
