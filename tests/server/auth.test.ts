import { expect, test } from 'vitest'
import { hashToken } from '../../server/auth/tokens'
import { describeEachDatabase } from './support/databases'

const HOUR = 60 * 60 * 1000

describeEachDatabase('auth', (suite) => {
  const login = (app: Awaited<ReturnType<typeof suite.makeApp>>, body: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object })
  const logout = (app: Awaited<ReturnType<typeof suite.makeApp>>, token?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  test('a correct login returns a random token of at least 128 bits', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator()
    const response = await login(app, { username: operator.username, password: operator.password })
    expect(response.statusCode).toBe(200)
    const { token } = response.json()
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
    const second = await suite.login(app, operator.username, operator.password)
    expect(second).not.toBe(token)
  })

  test('a wrong password is 401 with the exact message', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator()
    const response = await login(app, { username: operator.username, password: 'wrong-password' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Invalid username or password' })
  })

  test('an unknown username is 401 with the same message', async () => {
    const app = await suite.makeApp()
    const response = await login(app, { username: 'nobody-here', password: 'whatever-1' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Invalid username or password' })
  })

  test.each([
    [{ password: 'x' }, /username/],
    [{ username: 'x' }, /password/],
    [{ username: '   ', password: 'x' }, /username must not be blank/],
    [{ username: 'x', password: '' }, /password must not be blank/],
    [{ username: 'x', password: 42 }, /password/],
  ])('an invalid login body %j is 400 naming the field', async (body, detail) => {
    const app = await suite.makeApp()
    const response = await login(app, body)
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json())).toEqual(['detail'])
    expect(response.json().detail).toMatch(detail)
  })

  test('a login without a body is 400', async () => {
    const app = await suite.makeApp()
    const response = await app.inject({ method: 'POST', url: '/api/auth/login' })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toMatch(/body/i)
  })

  test('logout revokes the token at once', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const first = await logout(app, token)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({})
    const again = await logout(app, token)
    expect(again.statusCode).toBe(401)
    expect(again.json().detail).toEqual(expect.any(String))
  })

  test('logout accepts a JSON content type with an empty body (as the web app sends it)', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(200)
  })

  test('protected routes refuse a missing, garbage or expired token with 401', async () => {
    const app = await suite.makeApp()
    const { token, operator } = await suite.loginAsNewOperator(app)
    for (const authorization of [undefined, 'Bearer garbage-token', 'Basic abc', token]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode).toBe(401)
      expect(Object.keys(response.json())).toEqual(['detail'])
    }
    // The last round above used the raw token without "Bearer"; now expire the real session.
    await suite.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1000 })
      .where('operatorId', '=', operator.id)
      .execute()
    const expired = await logout(app, token)
    expect(expired.statusCode).toBe(401)
    // Expired sessions are deleted lazily when seen.
    const rows = await suite.db
      .selectFrom('sessions')
      .selectAll()
      .where('operatorId', '=', operator.id)
      .execute()
    expect(rows).toEqual([])
  })

  test('every /api route is protected unless it opts out with config.public', async () => {
    const app = await suite.makeApp()
    app.get('/api/test/me', { config: { right: 'read' } }, async (request) => ({
      username: request.operator?.username,
    }))
    app.get('/api/test/open', { config: { public: true } }, async (request) => ({
      operator: request.operator,
    }))
    const { token, operator } = await suite.loginAsNewOperator(app)

    expect((await app.inject({ url: '/api/test/me' })).statusCode).toBe(401)
    const me = await app.inject({
      url: '/api/test/me',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(me.json()).toEqual({ username: operator.username })
    const open = await app.inject({ url: '/api/test/open' })
    expect(open.statusCode).toBe(200)
    expect(open.json()).toEqual({ operator: null })
  })

  test('use renews the expiry (sliding), but at most once per 5 minutes', async () => {
    let clock = Date.UTC(2026, 10, 22, 9, 0, 0)
    const app = await suite.makeApp({ now: () => clock })
    app.get('/api/test/me', { config: { right: 'read' } }, async () => ({ ok: true }))
    const { token } = await suite.loginAsNewOperator(app)
    const expiry = async () =>
      (
        await suite.db
          .selectFrom('sessions')
          .select('expiresAt')
          .where('tokenHash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).expiresAt
    const call = () =>
      app.inject({ url: '/api/test/me', headers: { authorization: `Bearer ${token}` } })

    const issued = clock
    expect(await expiry()).toBe(issued + 12 * HOUR)
    clock += 60_000
    expect((await call()).statusCode).toBe(200)
    expect(await expiry()).toBe(issued + 12 * HOUR)

    clock += 10 * 60_000
    expect((await call()).statusCode).toBe(200)
    expect(await expiry()).toBe(clock + 12 * HOUR)

    // Idle for longer than the TTL: the token is dead.
    clock += 12 * HOUR + 1
    expect((await call()).statusCode).toBe(401)
  })

  test('tokens and passwords are stored only as hashes', async () => {
    const app = await suite.makeApp()
    const { token, operator } = await suite.loginAsNewOperator(app)
    const sessions = await suite.db.selectFrom('sessions').selectAll().execute()
    expect(JSON.stringify(sessions)).not.toContain(token)
    expect(sessions.map((row) => row.tokenHash)).toContain(hashToken(token))
    const operators = await suite.db.selectFrom('operators').selectAll().execute()
    expect(JSON.stringify(operators)).not.toContain(operator.password)
    const row = operators.find((candidate) => candidate.id === operator.id)
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/)
  })

  test('deleting an operator ends their sessions (foreign key cascade)', async () => {
    const app = await suite.makeApp()
    const { token, operator } = await suite.loginAsNewOperator(app)
    await suite.db.deleteFrom('operators').where('id', '=', operator.id).execute()
    const rows = await suite.db
      .selectFrom('sessions')
      .select('tokenHash')
      .where('tokenHash', '=', hashToken(token))
      .execute()
    expect(rows).toEqual([])
  })
})
