import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { Database } from './db/types'

// Readiness for load balancers and the e2e suite: 200 only when the database answers.
export function registerHealth(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/api/health', { config: { public: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db)
      return { status: 'ok' }
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable')
      return reply.code(503).send({ detail: 'Database unavailable' })
    }
  })
}
