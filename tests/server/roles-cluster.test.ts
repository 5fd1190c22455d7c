import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { buildApp } from '../../server/app'
import { addOperator } from '../../server/auth/operators'
import type { Role } from '../../server/auth/rights'
import type { Config } from '../../server/config'
import { createDatabase, type DatabaseHandle } from '../../server/db/connection'
import { migrateToLatest } from '../../server/db/migrate'
import { freshStorage, TEST_SCRYPT_COST, testConfig, uniqueName } from './support/databases'

// Two app instances on one PostgreSQL, each with its own connection pool and read cache (as two
// processes would have): instance B keeps the sessions it has read for a few seconds, yet a role
// change or a deactivation made through instance A holds on B's next request, because A's write
// notice (server/lib/write-notices.ts) drops B's caches. B's cache would otherwise keep the old
// session for 5 s; the change must be seen well within that.

/** NOTIFY crosses to B's listening connection asynchronously: allow it this long. */
const NOTICE_BOUND_MS = 1_000

describe('roles across two instances on one PostgreSQL', () => {
  let config: Config
  let remove: () => Promise<void> = async () => {}
  const handles: DatabaseHandle[] = []
  let a: FastifyInstance
  let b: FastifyInstance
  let adminToken: string

  beforeAll(async () => {
    const fresh = await freshStorage('postgres', inject('pgUrl'))
    remove = fresh.remove
    config = testConfig(fresh.storage)
    for (let i = 0; i < 2; i += 1) handles.push(createDatabase(config))
    await migrateToLatest(handles[0].db)
    ;[a, b] = await Promise.all(
      handles.map((handle) => buildApp({ db: handle.db, config, logger: false })),
    )
    adminToken = await signIn(a, await operator('administrator'))
  })

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await Promise.all(handles.map((handle) => handle.destroy()))
    await remove()
  })

  async function operator(role: Role) {
    const username = uniqueName(role)
    const password = 'a test password'
    const id = await addOperator(handles[0].db, username, password, {
      cost: TEST_SCRYPT_COST,
      role,
    })
    return { id, username, password }
  }

  async function signIn(app: FastifyInstance, who: { username: string; password: string }) {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: who })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().token as string
  }

  const get = (app: FastifyInstance, url: string, token: string) =>
    app.inject({ url, headers: { authorization: `Bearer ${token}` } })

  /** Calls `read` until it answers `status`; fails if that took longer than the bound. */
  async function answersWithinBound(read: () => Promise<{ statusCode: number }>, status: number) {
    const since = performance.now()
    for (;;) {
      if ((await read()).statusCode === status) return
      expect(performance.now() - since, `still not ${status}`).toBeLessThan(NOTICE_BOUND_MS)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  const change = (id: number, payload: object) =>
    a.inject({
      method: 'PUT',
      url: `/api/operators/${id}`,
      payload,
      headers: { authorization: `Bearer ${adminToken}` },
    })

  test('a viewer deactivated through A is refused on B at once', async () => {
    const viewer = await operator('viewer')
    const token = await signIn(b, viewer)
    const read = () => get(b, '/api/product-categories', token)
    // Twice: the second read is served from B's cached session.
    for (let i = 0; i < 2; i += 1) expect((await read()).statusCode).toBe(200)
    expect((await change(viewer.id, { active: false })).statusCode).toBe(200)
    await answersWithinBound(read, 401)
  })

  test('an administrator demoted through A loses the operators right on B at once', async () => {
    const other = await operator('administrator')
    const token = await signIn(b, other)
    const read = () => get(b, '/api/operators', token)
    for (let i = 0; i < 2; i += 1) expect((await read()).statusCode).toBe(200)
    expect((await change(other.id, { role: 'viewer' })).statusCode).toBe(200)
    await answersWithinBound(read, 403)
    // Still signed in, with the reads a viewer has.
    expect((await get(b, '/api/product-categories', token)).statusCode).toBe(200)
  })
})
