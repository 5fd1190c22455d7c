import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { Database } from './db/types'
import { errors, ok } from './lib/responses'

/** Set by main.ts on SIGTERM: readiness fails while requests are still served (draining). */
export interface Lifecycle {
  stopping: boolean
}

// Two checks for load balancers and orchestrators:
// - readiness (`/api/health`): 200 only when the database answers and the instance is not
//   shutting down; a 503 takes the instance out of rotation without stopping it;
// - liveness (`/api/health/live`): 200 while the process serves HTTP at all, whatever the
//   database does, so a database outage does not get every instance restarted.
export function registerHealth(
  app: FastifyInstance,
  db: Kysely<Database>,
  lifecycle: Lifecycle,
): void {
  const readiness = { response: { ...ok.status, ...errors(503) } }
  app.get(
    '/api/health',
    { config: { public: true }, schema: readiness },
    async (request, reply) => {
      if (lifecycle.stopping) return reply.code(503).send({ detail: 'Shutting down' })
      try {
        await sql`select 1`.execute(db)
        return { status: 'ok' }
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable')
        return reply.code(503).send({ detail: 'Database unavailable' })
      }
    },
  )
  app.get(
    '/api/health/live',
    { config: { public: true }, schema: { response: ok.status } },
    async () => ({
      status: 'ok',
    }),
  )
}
