import { describe, expect, test } from 'vitest'
import { buildApp } from '../../server/app'
import { createDatabase } from '../../server/db/connection'
import { describeEachDatabase, testConfig } from './support/databases'

describeEachDatabase('health', (suite) => {
  test('GET /api/health answers 200 without a token', async () => {
    const app = await suite.makeApp()
    const response = await app.inject({ url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  test('readiness answers 503 once the instance is stopping; liveness stays 200', async () => {
    const lifecycle = { stopping: false }
    const app = await suite.makeApp({ lifecycle })
    lifecycle.stopping = true
    const ready = await app.inject({ url: '/api/health' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ detail: 'Shutting down' })
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200)
  })

  test('GET /api/health answers 503 when the database is unreachable', async () => {
    // A database handle of the same kind, already closed: every query fails.
    const broken = createDatabase(suite.config)
    await broken.db.selectFrom('operators').select('id').execute()
    await broken.destroy()
    const app = await buildApp({ db: broken.db, config: suite.config, logger: false })
    try {
      const response = await app.inject({ url: '/api/health' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ detail: 'Database unavailable' })
    } finally {
      await app.close()
    }
  })
})

// Only PostgreSQL has a server that can be down; SQLite's failure is covered above.
describe('health with PostgreSQL unreachable', () => {
  test('answers 503', async () => {
    // Port 1 on loopback: nothing listens there, so connecting is refused at once.
    const config = testConfig({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' })
    const unreachable = createDatabase(config)
    const app = await buildApp({ db: unreachable.db, config, logger: false })
    try {
      const response = await app.inject({ url: '/api/health' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ detail: 'Database unavailable' })
      // Liveness does not depend on the database: an outage must not get instances restarted.
      const live = await app.inject({ url: '/api/health/live' })
      expect(live.statusCode).toBe(200)
      expect(live.json()).toEqual({ status: 'ok' })
    } finally {
      await app.close()
      await unreachable.destroy()
    }
  })
})
