import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { HttpError, isApiPath } from '../errors'
import type { SessionOperator } from './queries'
import { allows, type Right } from './rights'
import { resolveSession, type SessionPolicy } from './sessions'
import { bearerToken } from './tokens'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opt a route out of authentication (login, health, public info). */
    public?: boolean
    /** What the operator's role must allow (./rights.ts); every protected /api route names one. */
    right?: Right
  }
  interface FastifyRequest {
    /** The signed-in operator; set on every protected route, null on public ones. */
    operator: SessionOperator | null
  }
}

// Secure by default: every /api route needs a valid bearer token unless it opts out with
// `config: { public: true }`. A forgotten flag therefore locks a route, it never exposes it.
//
// This is a plain function on the root instance rather than an encapsulated plugin: the hook
// must reach routes registered anywhere later, which an encapsulated plugin's hook would not.
export function registerAuthentication(
  app: FastifyInstance,
  db: Kysely<Database>,
  policy: SessionPolicy,
): void {
  app.decorateRequest('operator', null)
  // A route that forgets its right would be open to every role: refuse to start instead.
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean; right?: Right } | undefined
    if (isApiPath(route.url) && !config?.public && !config?.right) {
      throw new Error(`${route.method} ${route.url} declares no right (server/auth/rights.ts)`)
    }
  })
  // A callback hook: public requests (health checks, static files) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!needsAuthentication(request)) return done()
    authenticate(request).then(() => done(), done)
  })

  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers.authorization)
    if (!token) throw new HttpError(401, 'Authentication required: send a bearer token')
    // A read may trust a session row read a moment ago; a write always asks the database, so a
    // sign-out made outside the product (the operator CLI) stops writes at once.
    const reading = request.method === 'GET' || request.method === 'HEAD'
    const operator = await resolveSession(db, token, policy, { cached: reading })
    if (!operator) throw new HttpError(401, 'Invalid or expired token: please log in again')
    // Before the body is read: a refused request changes nothing.
    const right = request.routeOptions.config.right
    if (!right || !allows(operator.role, right)) {
      throw new HttpError(403, `Your role (${operator.role}) does not allow this`)
    }
    request.operator = operator
  }
}

function needsAuthentication(request: FastifyRequest): boolean {
  // Unknown paths get their 404 whether or not a token is present.
  if (request.is404) return false
  if (request.routeOptions.config.public === true) return false
  // The matched route's pattern, not the raw URL, decides: static files and the web app's
  // pages are public; anything routed under /api is not.
  return isApiPath(request.routeOptions.url ?? '')
}

/** The operator of a protected route; throws if called on a public one (a programming error). */
export function requireOperator(request: FastifyRequest): SessionOperator {
  if (!request.operator) throw new Error('requireOperator() used on a public route')
  return request.operator
}
