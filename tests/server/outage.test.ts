import { afterAll, describe, expect, test } from 'vitest'
import { type PgCluster, startPgCluster } from '../../scripts/support/pg-cluster'
import {
  apiClient,
  login,
  startServer,
  waitFor,
  waitForHealth,
} from '../../scripts/support/server-process'
import { isDatabaseUnavailable } from '../../server/db/connection'
import { buildProvider } from './support/service-providers'

// PostgreSQL going away (a restart, a failover) must not take the server down with it: while the
// database is unreachable every API call answers 503 `{detail}`, and once it is back the server
// carries on by itself, without a restart.

const UNAVAILABLE = { detail: 'Database unavailable' }

describe('PostgreSQL outage', () => {
  let cluster: PgCluster | undefined
  afterAll(() => cluster?.close())

  // Its own cluster (initdb) and a server start: slow on a busy machine.
  test('503 while the database is down, no crash, recovery without a restart', {
    timeout: 120_000,
  }, async () => {
    cluster = await startPgCluster({ tempPrefix: 'backoffice-pg-own-' })
    const server = await startServer({ databaseUrl: cluster.url })
    try {
      const token = await login(server.url)
      const api = apiClient(server.url, token)
      const categories = '/api/service-provider-categories'
      const category = { name: 'Catering', description: 'Food for events', parentId: null }
      const categoryId = await api.create(categories, category)

      // Writes and reads keep coming while PostgreSQL shuts down, so some are cut off mid-query
      // or mid-transaction when it terminates its sessions.
      const seen = new Map<string, number>()
      let loading = true
      const worker = async () => {
        for (let n = 0; loading; n++) {
          const outcome = await (n % 2 === 0
            ? api.post(
                '/api/service-providers',
                buildProvider({ serviceProviderCategoryIds: [categoryId] }),
              )
            : api.get('/api/service-providers?pageSize=5')
          ).then(
            (response) => String(response.status),
            (error) => `no answer: ${error}`,
          )
          seen.set(outcome, (seen.get(outcome) ?? 0) + 1)
        }
      }
      const load = Promise.all(Array.from({ length: 8 }, worker))
      await waitFor(() => seen.has('200') && seen.has('201'))
      await cluster.stop()

      const health = await fetch(`${server.url}/api/health`)
      expect(health.status).toBe(503)
      expect(await health.json()).toEqual(UNAVAILABLE)
      const whileDown = [
        await api.get(categories),
        await api.get(`${categories}/${categoryId}`),
        await api.post(categories, { ...category, name: 'Decor' }),
        await api.put(`${categories}/${categoryId}`, { ...category, name: 'Events' }),
        await api.call('POST', '/api/auth/logout'),
      ]
      for (const response of whileDown) {
        expect(response.status, response.text).toBe(503)
        expect(response.json()).toEqual(UNAVAILABLE)
      }
      loading = false
      await load
      // Before the stop: successes; after it: 503s; never a 500 or a dropped connection.
      expect([...seen.keys()].sort()).toEqual(['200', '201', '503'])
      expect(server.alive(), server.output()).toBe(true)

      await cluster.start()
      await waitForHealth(server, 15_000)
      // The same process, the same session (it lives in the database): everything works again.
      const stored = await api.get(`${categories}/${categoryId}`)
      expect(stored.status, stored.text).toBe(200)
      expect(stored.json()).toMatchObject(category)
      await api.create(categories, { ...category, name: 'Decor' })
      expect(await login(server.url)).toEqual(expect.any(String))

      // And it still shuts down cleanly.
      expect(await server.stop()).toEqual({ code: 0, signal: null })
    } finally {
      await server.stop('SIGKILL')
    }
  })
})

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

  test('recognises a database that is down, restarting or unreachable', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
      new Error('query failed', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true)
    }
  })

  test('leaves errors of the query itself alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42601', 'syntax error at or near "selec"'),
      withCode('SQLITE_CONSTRAINT_FOREIGNKEY', 'FOREIGN KEY constraint failed'),
      new TypeError('Cannot read properties of undefined'),
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false)
    }
  })
})
