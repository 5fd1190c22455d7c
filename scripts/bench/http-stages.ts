// The HTTP layer priced piece by piece, for `npm run bench:api`. Run as its own process
// (`node --import tsx scripts/bench/http-stages.ts`, DATA_DIR or DATABASE_URL as the server's),
// it serves one trivial route, GET /api/ping → {"status":"ok"}, from a ladder of Fastify apps:
// a bare one (the reference no product can beat on this Node), then each adding one more of the
// product's own pieces, registered by the product's own functions. The difference between two
// neighbours' µs per request is what that piece costs. Prints one JSON line: the stages' URLs
// and a bearer token for the authenticated stage.
import Fastify, { type FastifyInstance } from 'fastify'
import { registerAuthentication } from '../../server/auth/authenticate'
import { READ } from '../../server/auth/rights'
import { issueSession, type SessionPolicy } from '../../server/auth/sessions'
import { loadConfig } from '../../server/config'
import { createDatabase } from '../../server/db/connection'
import { registerReadCacheInvalidation } from '../../server/lib/read-cache'
import { loggerOptions } from '../../server/logging'
import { registerSecurityHeaders } from '../../server/security-headers'

import { STAGE_PATH, type Stage, type StageServers } from './http-costs'

async function main(): Promise<void> {
  const config = loadConfig()
  const { db } = createDatabase(config)
  const policy: SessionPolicy = { ttlHours: config.tokenTtlHours }
  const operator = await db.selectFrom('operators').select('id').executeTakeFirstOrThrow()
  const token = await issueSession(db, operator.id, policy)

  type Piece = (app: FastifyInstance) => Promise<void> | void
  const pieces: Array<{ name: string; add: Piece }> = [
    { name: `+ request logging (LOG_LEVEL=${config.logLevel})`, add: () => {} },
    { name: '+ security headers (helmet, CSP)', add: (app) => registerSecurityHeaders(app) },
    { name: '+ read-cache hooks', add: (app) => registerReadCacheInvalidation(app, db) },
    { name: '+ token authentication', add: (app) => registerAuthentication(app, db, policy) },
  ]
  const stages: Stage[] = [{ name: 'bare Fastify', url: await serve(Fastify(), () => {}) }]
  for (let count = 1; count <= pieces.length; count += 1) {
    const logging = loggerOptions(config)
    const app = Fastify({ logger: logging.logger, logController: logging.logController })
    const url = await serve(app, async () => {
      for (const piece of pieces.slice(0, count)) await piece.add(app)
    })
    stages.push({ name: pieces[count - 1].name, url })
  }
  const servers: Omit<StageServers, 'stop'> = { stages, token }
  console.log(JSON.stringify(servers))
}

async function serve(app: FastifyInstance, setUp: () => Promise<void> | void): Promise<string> {
  await setUp()
  // The right a read needs, like the lists: the authentication stage refuses a route without one.
  app.get(STAGE_PATH, { config: READ }, async () => ({ status: 'ok' }))
  return app.listen({ port: 0, host: '127.0.0.1' })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
