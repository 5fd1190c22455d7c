import { createHash } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { Secret, TOTP, URI } from 'otpauth'
import { beforeEach, expect, test } from 'vitest'
import { describeEachDatabase, type TestOperator } from './support/databases'

// Two-factor sign-in (contract: "Two-factor sign-in"; issue 28, points 3 and 5), on both
// databases, through the real app with a clock the tests move: set-up, confirmation, sign-in
// with a code or a recovery code, replays, the login limiter, concurrency and history.

const STEP = 30_000
const SETUP = '/api/me/two-factor'
const CONFIRM = '/api/me/two-factor/confirm'
const LOGIN = '/api/auth/login'

/** The code an authenticator app shows at `at` (milliseconds). */
const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at })

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describeEachDatabase('two-factor sign-in', (suite) => {
  // A step's first second, so `clock ± 30 s` is the step before or after.
  let clock = 0
  beforeEach(() => {
    clock = Math.floor(Date.now() / STEP) * STEP + 1000
  })
  const makeApp = () => suite.makeApp({ now: () => clock })

  /** Every answer of the app, so a test can scan them all for the secret. */
  function recorder(app: FastifyInstance) {
    const answers: LightMyRequestResponse[] = []
    const call = async (options: InjectOptions) => {
      const response = await app.inject(options)
      answers.push(response)
      return response
    }
    return { answers, call }
  }

  const login = (app: FastifyInstance, operator: TestOperator, code?: string) =>
    app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: operator.username, password: operator.password, code },
    })

  /** A signed-in operator who has started set-up. */
  async function settingUp(app: FastifyInstance) {
    const operator = await suite.createOperator()
    const token = await suite.login(app, operator.username, operator.password)
    const headers = { authorization: `Bearer ${token}` }
    const setup = await app.inject({ method: 'POST', url: SETUP, headers })
    expect(setup.statusCode, setup.body).toBe(200)
    return { operator, headers, secret: setup.json().secret as string }
  }

  /** A signed-in operator with two-factor on, confirmed at `clock`. */
  async function enrolled(app: FastifyInstance) {
    const started = await settingUp(app)
    const confirm = await app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: started.headers,
      payload: { code: codeAt(started.secret, clock) },
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    return { ...started, recoveryCodes: confirm.json().recoveryCodes as string[] }
  }

  const operatorRow = (id: number) =>
    suite.db
      .selectFrom('operators')
      .select(['twoFactor', 'totpSecret', 'totpLastStep'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  const historyOf = (id: number) =>
    suite.db
      .selectFrom('history')
      .select(['action', 'operatorId', 'changes'])
      .where('entity', '=', 'operator')
      .where('entityId', '=', id)
      .orderBy('id')
      .execute()

  test('set-up → confirm → sign in with a code, once → a recovery code, once → turn off; the secret is never shown after confirmation', async () => {
    const app = await makeApp()
    const { answers, call } = recorder(app)
    const operator = await suite.createOperator()
    const token = await suite.login(app, operator.username, operator.password)
    const headers = { authorization: `Bearer ${token}` }

    const setup = await call({ method: 'POST', url: SETUP, headers })
    expect(setup.statusCode, setup.body).toBe(200)
    const { secret, otpauthUrl } = setup.json()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    // Read back as an authenticator app would.
    const parsed = URI.parse(otpauthUrl)
    expect(parsed).toBeInstanceOf(TOTP)
    expect(parsed).toMatchObject({
      issuer: 'Marketplace Admin',
      label: operator.username,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    })
    expect(parsed.secret.base32).toBe(secret)

    const wrong = await call({ method: 'POST', url: CONFIRM, headers, payload: { code: '000000' } })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ detail: 'Invalid authentication code' })
    const confirmCode = codeAt(secret, clock)
    const confirm = await call({
      method: 'POST',
      url: CONFIRM,
      headers,
      payload: { code: confirmCode },
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const { recoveryCodes } = confirm.json()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const afterConfirmation = answers.length

    // On: set-up cannot start again (which would show a secret), nor be confirmed twice.
    expect((await call({ method: 'POST', url: SETUP, headers })).statusCode).toBe(409)
    const again = await call({ method: 'POST', url: CONFIRM, headers, payload: { code: '1' } })
    expect(again.statusCode).toBe(409)

    const signIn = (code?: string) =>
      call({
        method: 'POST',
        url: LOGIN,
        payload: { username: operator.username, password: operator.password, code },
      })
    const required = await signIn()
    expect(required.statusCode).toBe(401)
    expect(required.json()).toEqual({
      detail: 'Authentication code required',
      twoFactorRequired: true,
    })
    const invalid = { detail: 'Invalid authentication code', twoFactorRequired: true }
    const bad = await signIn('123456')
    expect([bad.statusCode, bad.json()]).toEqual([401, invalid])
    // A wrong password says nothing about the code.
    const wrongPassword = await call({
      method: 'POST',
      url: LOGIN,
      payload: { username: operator.username, password: 'wrong', code: codeAt(secret, clock) },
    })
    expect(wrongPassword.json()).toEqual({ detail: 'Invalid username or password' })
    // The code that confirmed set-up is used up.
    const confirmReplay = await signIn(confirmCode)
    expect([confirmReplay.statusCode, confirmReplay.json()]).toEqual([401, invalid])

    clock += STEP
    const code = codeAt(secret, clock)
    const signedIn = await signIn(code)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(signedIn.json()).toEqual({ token: expect.any(String) })
    const replay = await signIn(code)
    expect([replay.statusCode, replay.json()]).toEqual([401, invalid])

    const recovered = await signIn(recoveryCodes[0])
    expect(recovered.statusCode, recovered.body).toBe(200)
    expect((await signIn(recoveryCodes[0])).statusCode).toBe(401)
    // Typed in capitals, without the dash: the same code.
    const typed = await signIn(recoveryCodes[1].replace('-', '').toUpperCase())
    expect(typed.statusCode, typed.body).toBe(200)

    const off = (code: string) => call({ method: 'DELETE', url: SETUP, headers, payload: { code } })
    const refused = await off('654321')
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { detail: 'Invalid authentication code' },
    ])
    clock += STEP
    const turnedOff = await off(codeAt(secret, clock))
    expect(turnedOff.statusCode, turnedOff.body).toBe(200)
    expect(await operatorRow(operator.id)).toEqual({
      twoFactor: 0,
      totpSecret: null,
      totpLastStep: null,
    })
    const left = await suite.db
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('operatorId', '=', operator.id)
      .execute()
    expect(left).toEqual([])
    expect((await signIn()).statusCode).toBe(200)
    expect((await off(codeAt(secret, clock))).statusCode).toBe(409)

    for (const answer of answers.slice(afterConfirmation)) {
      expect(answer.body).not.toContain(secret)
      // Nor in another spelling (lower case).
      expect(answer.body.toLowerCase()).not.toContain(secret.toLowerCase())
    }

    // Who did what, and no secret or code in the changes.
    const history = await historyOf(operator.id)
    expect(history.map((entry) => [entry.action, entry.operatorId])).toEqual([
      ['two-factor-on', operator.id],
      ['recovery-code-used', operator.id],
      ['recovery-code-used', operator.id],
      ['two-factor-off', operator.id],
    ])
    expect(JSON.parse(history[0].changes)).toEqual({ twoFactor: { before: false, after: true } })
    expect(JSON.parse(history[1].changes)).toEqual({ recoveryCodesLeft: { before: 10, after: 9 } })
    expect(JSON.parse(history[3].changes)).toEqual({ twoFactor: { before: true, after: false } })
    const recorded = JSON.stringify(history)
    expect(recorded.toLowerCase()).not.toContain(secret.toLowerCase())
    for (const code of recoveryCodes) expect(recorded).not.toContain(code.slice(0, 5))
  })

  test('the secret stays pending until confirmed; restarting set-up replaces it', async () => {
    const app = await makeApp()
    const { operator, headers, secret } = await settingUp(app)
    expect(await operatorRow(operator.id)).toMatchObject({ twoFactor: 0, totpSecret: secret })
    // Pending: sign-in still needs no code.
    expect((await login(app, operator)).statusCode).toBe(200)
    const restart = await app.inject({ method: 'POST', url: SETUP, headers })
    const renewed = restart.json().secret
    expect(renewed).not.toBe(secret)
    const stale = await app.inject({
      method: 'POST',
      url: CONFIRM,
      headers,
      payload: { code: codeAt(secret, clock) },
    })
    expect(stale.statusCode).toBe(400)
    const fresh = await app.inject({
      method: 'POST',
      url: CONFIRM,
      headers,
      payload: { code: codeAt(renewed, clock) },
    })
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect((await login(app, operator)).statusCode).toBe(401)
  })

  test('confirming with nothing pending, or turning off what is off, is 409', async () => {
    const app = await makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const headers = { authorization: `Bearer ${token}` }
    const confirm = await app.inject({
      method: 'POST',
      url: CONFIRM,
      headers,
      payload: { code: '123456' },
    })
    expect([confirm.statusCode, confirm.json()]).toEqual([
      409,
      { detail: 'Start two-factor set-up first' },
    ])
    const off = await app.inject({ method: 'DELETE', url: SETUP, headers, payload: { code: '1' } })
    expect([off.statusCode, off.json()]).toEqual([409, { detail: 'Two-factor sign-in is not on' }])
  })

  // Found by the fuzz suite: otpauth threw (a 500) on six characters of another byte length.
  test('a code of six characters that are not ASCII digits is simply wrong', async () => {
    const app = await makeApp()
    const { operator, headers } = await settingUp(app)
    for (const code of ['12345é', '١٢٣٤٥٦', '😀1234']) {
      const confirm = await app.inject({ method: 'POST', url: CONFIRM, headers, payload: { code } })
      expect([confirm.statusCode, confirm.json()]).toEqual([
        400,
        { detail: 'Invalid authentication code' },
      ])
    }
    const { recoveryCodes } = (
      await app.inject({
        method: 'POST',
        url: CONFIRM,
        headers,
        payload: { code: codeAt((await operatorRow(operator.id)).totpSecret ?? '', clock) },
      })
    ).json()
    expect(recoveryCodes).toHaveLength(10)
    expect((await login(app, operator, '12345é')).statusCode).toBe(401)
  })

  test('a code is valid one step either side of now, and never for an older step than the last used', async () => {
    const app = await makeApp()
    const { operator, secret } = await enrolled(app)
    clock += 3 * STEP
    expect((await login(app, operator, codeAt(secret, clock - 2 * STEP))).statusCode).toBe(401)
    expect((await login(app, operator, codeAt(secret, clock + 2 * STEP))).statusCode).toBe(401)
    expect((await login(app, operator, codeAt(secret, clock - STEP))).statusCode).toBe(200)
    expect((await login(app, operator, codeAt(secret, clock + STEP))).statusCode).toBe(200)
    // Now's code is older than the one just used: refused.
    expect((await login(app, operator, codeAt(secret, clock))).statusCode).toBe(401)
  })

  test('recovery codes are stored only as SHA-256, each once', async () => {
    const app = await makeApp()
    const { operator, recoveryCodes, secret } = await enrolled(app)
    const rows = await suite.db
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('operatorId', '=', operator.id)
      .execute()
    const hashes = rows.map((row) => row.codeHash).sort()
    expect(hashes).toEqual(recoveryCodes.map((code) => sha256(code.replace('-', ''))).sort())
    const stored = JSON.stringify(await suite.db.selectFrom('recoveryCodes').selectAll().execute())
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code)
      expect(stored).not.toContain(code.replace('-', ''))
    }
    // Turning off with a recovery code uses it up too, and removes the rest.
    expect((await login(app, operator)).statusCode).toBe(401)
    clock += STEP
    const signedIn = await login(app, operator, codeAt(secret, clock))
    const headers = { authorization: `Bearer ${signedIn.json().token}` }
    const off = await app.inject({
      method: 'DELETE',
      url: SETUP,
      headers,
      payload: { code: recoveryCodes[3] },
    })
    expect(off.statusCode, off.body).toBe(200)
    expect((await historyOf(operator.id)).map((entry) => entry.action)).toEqual([
      'two-factor-on',
      'recovery-code-used',
      'two-factor-off',
    ])
  })

  test('codes count against the login limit: after 10 wrong codes even the right one is 429', async () => {
    const app = await makeApp()
    const { operator, secret } = await enrolled(app)
    for (let i = 0; i < 10; i += 1) {
      const wrong = await login(app, operator, String(100000 + i))
      expect(wrong.statusCode, wrong.body).toBe(401)
      expect(wrong.json().twoFactorRequired).toBe(true)
    }
    clock += STEP
    const blocked = await login(app, operator, codeAt(secret, clock))
    expect(blocked.statusCode).toBe(429)
    expect(Object.keys(blocked.json())).toEqual(['detail'])
  })

  test('turning off with wrong codes counts against the same limit', async () => {
    const app = await makeApp()
    const { operator, headers, secret } = await enrolled(app)
    const off = (code: string) =>
      app.inject({ method: 'DELETE', url: SETUP, headers, payload: { code } })
    for (let i = 0; i < 10; i += 1) expect((await off(String(200000 + i))).statusCode).toBe(400)
    clock += STEP
    expect((await off(codeAt(secret, clock))).statusCode).toBe(429)
    expect((await login(app, operator, codeAt(secret, clock))).statusCode).toBe(429)
  })

  test('two sign-ins with the same code at once: exactly one succeeds', async () => {
    const app = await makeApp()
    const { operator, secret, recoveryCodes } = await enrolled(app)
    clock += STEP
    const code = codeAt(secret, clock)
    const totp = await Promise.all(Array.from({ length: 5 }, () => login(app, operator, code)))
    expect(totp.map((response) => response.statusCode).sort()).toEqual([200, 401, 401, 401, 401])
    const recovery = await Promise.all(
      Array.from({ length: 5 }, () => login(app, operator, recoveryCodes[0])),
    )
    expect(recovery.map((response) => response.statusCode).sort()).toEqual([
      200, 401, 401, 401, 401,
    ])
  })

  test('a deactivated operator is refused like wrong credentials, before any code', async () => {
    const app = await makeApp()
    const { operator, secret } = await enrolled(app)
    await suite.db
      .updateTable('operators')
      .set({ active: 0 })
      .where('id', '=', operator.id)
      .execute()
    for (const code of [undefined, '123456', codeAt(secret, clock + STEP)]) {
      const response = await login(app, operator, code)
      expect([response.statusCode, response.json()]).toEqual([
        401,
        { detail: 'Invalid username or password' },
      ])
    }
  })
})
