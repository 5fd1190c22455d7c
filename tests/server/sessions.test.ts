import type { FastifyInstance } from 'fastify'
import { expect, test } from 'vitest'
import { hashToken } from '../../server/auth/tokens'
import { describeEachDatabase } from './support/databases'

// Session lifetime beyond auth.test.ts (which covers the default 12 h TTL, renewal at most once
// per 5 minutes and logout): a configured TTL, its exact boundary, long use, short TTLs, and
// that an expired or logged-out session is gone from the database, not merely refused.

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const START = Date.UTC(2026, 10, 23, 8, 0, 0)

describeEachDatabase('sessions', (suite) => {
  /** An app whose clock the test moves; the TTL comes from the config as in production. */
  async function clockedApp(tokenTtlHours: number) {
    const clock = { now: START }
    const app = await suite.makeApp({ config: { tokenTtlHours }, now: () => clock.now })
    return { app, clock }
  }
  // Any protected route will do; this one only reads.
  const use = (app: FastifyInstance, token: string) =>
    app.inject({
      url: '/api/service-provider-categories?pageSize=1',
      headers: { authorization: `Bearer ${token}` },
    })
  const expiresAt = async (token: string) => {
    const row = await suite.db
      .selectFrom('sessions')
      .select('expiresAt')
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirst()
    return row?.expiresAt
  }

  test('an unused token lives exactly the configured TTL', async () => {
    const { app, clock } = await clockedApp(2)
    const { operator, token: first } = await suite.loginAsNewOperator(app)
    const second = await suite.login(app, operator.username, operator.password)
    expect(await expiresAt(first)).toBe(START + 2 * HOUR)

    clock.now = START + 2 * HOUR - 1
    expect((await use(app, first)).statusCode).toBe(200)
    clock.now = START + 2 * HOUR
    const late = await use(app, second)
    expect(late.statusCode).toBe(401)
    expect(late.json()).toEqual({ detail: expect.any(String) })
  })

  test('a token in regular use outlives its TTL; idling for the TTL ends it', async () => {
    const { app, clock } = await clockedApp(1)
    const { token } = await suite.loginAsNewOperator(app)
    // Every 30 minutes for 5 hours: five times the TTL.
    for (let step = 1; step <= 10; step += 1) {
      clock.now = START + step * 30 * MINUTE
      expect((await use(app, token)).statusCode, `after ${step * 30} min`).toBe(200)
    }
    expect(await expiresAt(token)).toBe(clock.now + HOUR)
    clock.now += HOUR
    expect((await use(app, token)).statusCode).toBe(401)
  })

  test('with a TTL under 10 minutes, renewal waits half the TTL, not 5 minutes', async () => {
    const { app, clock } = await clockedApp(0.1) // 6 minutes
    const { token } = await suite.loginAsNewOperator(app)
    clock.now = START + 2 * MINUTE
    expect((await use(app, token)).statusCode).toBe(200)
    expect(await expiresAt(token)).toBe(START + 6 * MINUTE)
    clock.now = START + 4 * MINUTE
    expect((await use(app, token)).statusCode).toBe(200)
    expect(await expiresAt(token)).toBe(START + 10 * MINUTE)
    clock.now = START + 9 * MINUTE
    expect((await use(app, token)).statusCode).toBe(200)
  })

  test('an expired session is deleted when seen, so turning the clock back cannot revive it', async () => {
    const { app, clock } = await clockedApp(1)
    const { token } = await suite.loginAsNewOperator(app)
    clock.now = START + HOUR
    expect((await use(app, token)).statusCode).toBe(401)
    expect(await expiresAt(token)).toBeUndefined()
    clock.now = START + MINUTE
    expect((await use(app, token)).statusCode).toBe(401)
  })

  test('expired sessions of anyone are purged at the next login', async () => {
    const { app, clock } = await clockedApp(1)
    const { token: stale } = await suite.loginAsNewOperator(app)
    clock.now = START + HOUR
    expect(await expiresAt(stale)).toBe(START + HOUR)
    // Another operator signs in; the stale row goes without its token ever being used again.
    const { token: fresh } = await suite.loginAsNewOperator(app)
    expect(await expiresAt(stale)).toBeUndefined()
    expect(await expiresAt(fresh)).toBe(START + 2 * HOUR)
  })

  test('logout deletes that session only; the operator stays signed in elsewhere', async () => {
    const app = await suite.makeApp()
    const { operator, token: laptop } = await suite.loginAsNewOperator(app)
    const phone = await suite.login(app, operator.username, operator.password)
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${laptop}` },
    })
    expect(logout.statusCode).toBe(200)
    expect(await expiresAt(laptop)).toBeUndefined()
    expect((await use(app, laptop)).statusCode).toBe(401)
    expect((await use(app, phone)).statusCode).toBe(200)
    expect(await expiresAt(phone)).toEqual(expect.any(Number))
  })

  // Reads take the session row from memory for a few seconds (server/lib/read-cache.ts).
  test('a logout ends reads at once, even right after a read remembered the session', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    expect((await use(app, token)).statusCode).toBe(200)
    expect((await use(app, token)).statusCode).toBe(200)
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(logout.statusCode).toBe(200)
    expect((await use(app, token)).statusCode).toBe(401)
  })

  test('a session deleted outside the product (operator CLI) refuses writes at once', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    expect((await use(app, token)).statusCode).toBe(200)
    await suite.db.deleteFrom('sessions').where('tokenHash', '=', hashToken(token)).execute()
    const write = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(write.statusCode).toBe(401)
    // That write went through the product: reads are refused from now on too.
    expect((await use(app, token)).statusCode).toBe(401)
  })
})
