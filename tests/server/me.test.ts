import type { FastifyInstance, InjectOptions } from 'fastify'
import { expect, test } from 'vitest'
import { describeEachDatabase, type TestOperator } from './support/databases'
import { expectDetail } from './support/requests'

// An operator's own account (contract: "Me"): who they are, their password and their sessions,
// for every role.

describeEachDatabase('my account', (suite) => {
  const as = (app: FastifyInstance, token: string) => (options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } })

  async function signIn(app: FastifyInstance, operator: TestOperator, userAgent?: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: operator.username, password: operator.password },
      headers: userAgent ? { 'user-agent': userAgent } : {},
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().token as string
  }

  test('GET /api/me answers who is signed in, with role and two-factor, for every role', async () => {
    const app = await suite.makeApp()
    for (const role of ['administrator', 'editor', 'viewer'] as const) {
      const operator = await suite.createOperator({ role })
      const response = await as(app, await signIn(app, operator))({ url: '/api/me' })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({
        id: operator.id,
        username: operator.username,
        role,
        twoFactor: false,
      })
    }
  })

  test('the session list shows each device, newest first, marking the current one', async () => {
    let now = Date.UTC(2026, 10, 27, 9, 0, 0)
    const app = await suite.makeApp({ now: () => now })
    const operator = await suite.createOperator({ role: 'viewer' })
    const phone = await signIn(app, operator, 'Phone browser')
    now += 60_000
    const laptop = await signIn(app, operator, 'Laptop browser')
    // Someone else's session is never listed.
    await signIn(app, await suite.createOperator())

    const response = await as(app, phone)({ url: '/api/me/sessions' })
    expect(response.statusCode, response.body).toBe(200)
    const sessions = response.json()
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        createdAt: new Date(now).toISOString(),
        lastUsedAt: new Date(now).toISOString(),
        userAgent: 'Laptop browser',
        current: false,
      },
      {
        id: expect.any(String),
        createdAt: new Date(now - 60_000).toISOString(),
        lastUsedAt: expect.any(String),
        userAgent: 'Phone browser',
        current: true,
      },
    ])
    // The public id is not the token nor its hash.
    expect(JSON.stringify(sessions)).not.toContain(laptop)
  })

  test('revoking a session ends it at once; another operator’s session is 404', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator({ role: 'editor' })
    const mine = await signIn(app, operator, 'Mine')
    const other = await signIn(app, operator, 'Other')
    const stranger = await suite.createOperator()
    const theirs = await signIn(app, stranger)
    const ids = async (token: string) =>
      ((await as(app, token)({ url: '/api/me/sessions' })).json() as Array<{ id: string }>).map(
        (session) => session.id,
      )
    const [otherId] = (await as(app, mine)({ url: '/api/me/sessions' }))
      .json()
      .filter((session: { current: boolean }) => !session.current)
      .map((session: { id: string }) => session.id)
    const [theirId] = await ids(theirs)

    expectDetail(
      await as(app, mine)({ method: 'DELETE', url: `/api/me/sessions/${theirId}` }),
      404,
      'Session not found',
    )
    expect((await as(app, theirs)({ url: '/api/me' })).statusCode).toBe(200)
    for (const id of ['no-such-session', '%00', 'x'.repeat(65)]) {
      expectDetail(
        await as(app, mine)({ method: 'DELETE', url: `/api/me/sessions/${id}` }),
        404,
        'Session not found',
      )
    }

    const revoked = await as(app, mine)({ method: 'DELETE', url: `/api/me/sessions/${otherId}` })
    expect(revoked.statusCode, revoked.body).toBe(204)
    expect(revoked.body).toBe('')
    expect((await as(app, other)({ url: '/api/me' })).statusCode).toBe(401)
    expect(await ids(mine)).not.toContain(otherId)
    expect((await as(app, mine)({ url: '/api/me' })).statusCode).toBe(200)
  })

  test('changing the password: 400 for a wrong current one; every other session ends', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator({ role: 'viewer' })
    const current = await signIn(app, operator)
    const elsewhere = await signIn(app, operator)
    const change = (payload: object) =>
      as(app, current)({ method: 'PUT', url: '/api/me/password', payload })

    expectDetail(
      await change({ currentPassword: 'not it', newPassword: 'a brand new password' }),
      400,
      'Current password is incorrect',
    )
    expectDetail(
      await change({ currentPassword: operator.password, newPassword: 'short' }),
      400,
      'Password must be at least 8 characters',
    )
    expect((await change({ currentPassword: operator.password })).statusCode).toBe(400)
    // Refused changes change nothing: both sessions still work.
    expect((await as(app, elsewhere)({ url: '/api/me' })).statusCode).toBe(200)

    const done = await change({
      currentPassword: operator.password,
      newPassword: 'a brand new password',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect((await as(app, elsewhere)({ url: '/api/me' })).statusCode).toBe(401)
    expect((await as(app, current)({ url: '/api/me' })).statusCode).toBe(200)
    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: operator.username, password: operator.password },
    })
    expect(old.statusCode).toBe(401)
    await signIn(app, { ...operator, password: 'a brand new password' })

    // Recorded in the operator's history, without the password or its hash.
    const admin = await suite.loginAsNewOperator(app)
    const history = await as(app, admin.token)({ url: `/api/operators/${operator.id}/history` })
    expect(history.statusCode, history.body).toBe(200)
    expect(history.json().data).toEqual([
      expect.objectContaining({
        action: 'password-change',
        operator: { id: operator.id, username: operator.username },
        changes: {},
      }),
    ])
  })

  test('wrong current passwords count against the sign-in budget: 429 after 10, and sign-in too', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator({ role: 'viewer' })
    const token = await signIn(app, operator)
    const change = (currentPassword: string) =>
      as(
        app,
        token,
      )({
        method: 'PUT',
        url: '/api/me/password',
        payload: { currentPassword, newPassword: 'a brand new password' },
      })
    // A right guess gives its point back: the budget is for failures.
    expect((await change(operator.password)).statusCode).toBe(200)
    const password = 'a brand new password'
    for (let i = 0; i < 10; i += 1) expect((await change('not it')).statusCode).toBe(400)
    const blocked = await change(password)
    expectDetail(blocked, 429, 'Too many failed attempts. Please try again later.')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60)
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: operator.username, password },
    })
    expect(login.statusCode).toBe(429)
  })
})
