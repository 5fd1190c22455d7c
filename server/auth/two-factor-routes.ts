import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { errors, ok } from '../lib/responses'
import { requireOperator } from './authenticate'
import { type LoginLimiter, takeAttempt } from './login-limiter'
import { ACCOUNT } from './rights'
import { otpauthUrl } from './totp'
import {
  acceptSecondFactor,
  confirmTwoFactor,
  findTwoFactor,
  INVALID_CODE,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from './two-factor'

// One's own two-factor sign-in (contract: "Two-factor sign-in"): start set-up (a pending
// secret, shown until it is confirmed), confirm it with a code (it is on; ten recovery codes
// are shown once), turn it off with a code. After confirmation no route returns the secret.
// A state the request does not fit (already on, nothing pending, not on) is 409.

export interface TwoFactorRouteOptions {
  db: Kysely<Database>
  limiter: LoginLimiter
  now?: () => number
}

const CODE_BODY = {
  type: 'object',
  required: ['code'],
  properties: {
    code: {
      type: 'string',
      description: 'The authenticator code (to turn it off, a recovery code will do)',
      minLength: 1,
      maxLength: 64,
      pattern: '\\S',
    },
  },
}

type CodeRequest = { Body: { code: string } }

export function registerTwoFactorRoutes(app: FastifyInstance, options: TwoFactorRouteOptions) {
  const { db, limiter } = options
  const now = options.now ?? Date.now

  app.post(
    '/api/me/two-factor',
    { config: ACCOUNT, schema: { response: { ...ok.twoFactorSetup, ...errors(409) } } },
    async (request) => {
      const operator = requireOperator(request)
      const secret = await startTwoFactorSetup(db, operator.id)
      return { secret, otpauthUrl: otpauthUrl(secret, operator.username) }
    },
  )

  app.post<CodeRequest>(
    '/api/me/two-factor/confirm',
    {
      config: ACCOUNT,
      schema: { body: CODE_BODY, response: { ...ok.recoveryCodes, ...errors(409) } },
    },
    async (request) => {
      const operator = requireOperator(request)
      return { recoveryCodes: await confirmTwoFactor(db, operator.id, request.body.code, now()) }
    },
  )

  // Counted by the login limiter too: a stolen session must not be a way to guess codes.
  app.delete<CodeRequest>(
    '/api/me/two-factor',
    {
      config: ACCOUNT,
      schema: { body: CODE_BODY, response: { ...ok.empty, ...errors(409, 429) } },
    },
    async (request) => {
      const operator = await findTwoFactor(db, requireOperator(request).id)
      if (!operator.twoFactor) throw new HttpError(409, 'Two-factor sign-in is not on')
      await takeAttempt(limiter, operator.username)
      if (!(await acceptSecondFactor(db, operator, request.body.code, now()))) {
        throw new HttpError(400, INVALID_CODE)
      }
      await limiter.succeeded(operator.username)
      await turnOffTwoFactor(db, operator.id)
      return {}
    },
  )
}
