import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { beforeEach, expect, test } from 'vitest'
import { hashToken } from '../../server/auth/tokens'
import { HttpError } from '../../server/errors'
import { changeOperator } from '../../server/operators/team'
import { describeEachDatabase, uniqueName } from './support/databases'
import { expectDetail } from './support/requests'

// The team (contract: "Operators"): administrators invite operators, change their role or
// status and reset their password; an invite is accepted once, within 7 days; the last active
// administrator stays one, even under concurrent demotions; every change is in the history.

const DAY = 24 * 60 * 60 * 1000
const INVALID_INVITE = 'This invite link is invalid, already used or expired'
const LAST_ADMINISTRATOR =
  'The last active administrator cannot be demoted or deactivated: make another operator an administrator first'

describeEachDatabase('operators', (suite) => {
  const clock = { now: Date.UTC(2026, 10, 27, 9, 0, 0) }
  let app: FastifyInstance
  let adminToken: string
  let adminId: number

  // Apps close after each test: a fresh one, and a fresh administrator, for each.
  beforeEach(async () => {
    app = await suite.makeApp({ now: () => clock.now })
    const admin = await suite.loginAsNewOperator(app)
    adminToken = admin.token
    adminId = admin.operator.id
  })

  const as =
    (token: string) =>
    (options: InjectOptions): Promise<LightMyRequestResponse> =>
      app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } })
  const admin = (options: InjectOptions) => as(adminToken)(options)

  async function invite(role = 'editor', username = uniqueName('invited')) {
    const response = await admin({
      method: 'POST',
      url: '/api/operators',
      payload: { username, role },
    })
    expect(response.statusCode, response.body).toBe(201)
    const { id, inviteToken } = response.json()
    return { id: id as number, inviteToken: inviteToken as string, username }
  }
  const accept = (inviteToken: string, password = 'a good password', userAgent = 'Test browser') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/invite',
      payload: { inviteToken, password },
      headers: { 'user-agent': userAgent },
    })
  const login = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })
  const row = (id: number) =>
    suite.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const listed = async (id: number) => {
    const page = (await admin({ url: '/api/operators?pageSize=3000' })).json()
    return page.data.find((one: { id: number }) => one.id === id)
  }

  test('the list is a page of operators sorted by username, without any secret', async () => {
    const names = ['zz-team-b', 'zz-team-a', 'zz-team-c'].map((name) => `${name}-${uniqueName()}`)
    for (const username of names) await suite.createOperator({ username, role: 'viewer' })
    const response = await admin({ url: '/api/operators?pageSize=3000' })
    expect(response.statusCode, response.body).toBe(200)
    const { data, pagination } = response.json()
    expect(pagination).toMatchObject({ page: 1, pageSize: 3000, total: data.length })
    const usernames = data.map((one: { username: string }) => one.username)
    expect(usernames).toEqual([...usernames].sort())
    expect(Object.keys(data[0]).sort()).toEqual(
      ['active', 'id', 'lastSignInAt', 'role', 'twoFactor', 'username'].sort(),
    )
    expect(data.find((one: { id: number }) => one.id === adminId)).toEqual({
      id: adminId,
      username: expect.any(String),
      role: 'administrator',
      active: true,
      twoFactor: false,
      lastSignInAt: new Date(clock.now).toISOString(),
    })
    const desc = (await admin({ url: '/api/operators?sort=username&order=desc&pageSize=2' })).json()
    expect(desc.data.map((one: { username: string }) => one.username)).toEqual(
      [...usernames].reverse().slice(0, 2),
    )
    expect((await admin({ url: '/api/operators?sort=password' })).statusCode).toBe(400)
  })

  test('an invite is random, stored hashed, and lets its operator in once', async () => {
    const { id, inviteToken, username } = await invite('viewer')
    expect(inviteToken).toMatch(/^[\w-]{43}$/)
    const stored = await row(id)
    expect(stored).toMatchObject({
      role: 'viewer',
      active: 1,
      passwordHash: '',
      inviteTokenHash: hashToken(inviteToken),
      inviteExpiresAt: clock.now + 7 * DAY,
      lastSignInAt: null,
    })
    expect(await listed(id)).toEqual({
      id,
      username,
      role: 'viewer',
      active: true,
      twoFactor: false,
      lastSignInAt: null,
    })
    // No password works before the invite is accepted.
    expectDetail(await login(username, ''), 400, expect.any(String) as never)
    expect((await login(username, 'any password')).statusCode).toBe(401)

    // A password the rules refuse leaves the invite usable.
    expectDetail(await accept(inviteToken, 'short'), 400, 'Password must be at least 8 characters')
    const accepted = await accept(inviteToken)
    expect(accepted.statusCode, accepted.body).toBe(200)
    const { token } = accepted.json()
    const me = await as(token)({ url: '/api/me' })
    expect(me.json()).toEqual({ id, username, role: 'viewer', twoFactor: false })
    expect(await row(id)).toMatchObject({
      inviteTokenHash: null,
      inviteExpiresAt: null,
      lastSignInAt: clock.now,
    })
    const sessions = (await as(token)({ url: '/api/me/sessions' })).json()
    expect(sessions).toEqual([
      expect.objectContaining({ userAgent: 'Test browser', current: true }),
    ])
    expect((await login(username, 'a good password')).statusCode).toBe(200)

    expectDetail(await accept(inviteToken, 'another password'), 400, INVALID_INVITE)
    expectDetail(await accept('no-such-invite-token'), 400, INVALID_INVITE)
    expect((await accept('')).statusCode).toBe(400)
  })

  test('an invite expires after 7 days; a deactivated operator’s invite is refused', async () => {
    // All made first: the administrator's own session does not outlive a week.
    const [late, inTime, deactivated] = [await invite(), await invite(), await invite()]
    const off = await admin({
      method: 'PUT',
      url: `/api/operators/${deactivated.id}`,
      payload: { active: false },
    })
    expect(off.statusCode, off.body).toBe(200)
    expectDetail(await accept(deactivated.inviteToken), 400, INVALID_INVITE)

    const start = clock.now
    clock.now = start + 7 * DAY - 1
    expect((await accept(inTime.inviteToken)).statusCode).toBe(200)
    clock.now = start + 7 * DAY
    expectDetail(await accept(late.inviteToken), 400, INVALID_INVITE)
    clock.now = start
  })

  test('two uses of one invite at once: exactly one signs in', async () => {
    const { inviteToken } = await invite()
    const answers = await Promise.all([
      accept(inviteToken, 'first password'),
      accept(inviteToken, 'second password'),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
  })

  test('usernames are unique (409); the body is checked (400)', async () => {
    const { username } = await invite()
    expectDetail(
      await admin({ method: 'POST', url: '/api/operators', payload: { username, role: 'viewer' } }),
      409,
      `Username "${username}" is already taken`,
    )
    const bad = [
      { username: ' padded ', role: 'viewer' },
      { username: 'someone', role: 'owner' },
      { username: 'someone' },
      { role: 'viewer' },
    ]
    for (const payload of bad) {
      const response = await admin({ method: 'POST', url: '/api/operators', payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    expectDetail(
      await admin({
        method: 'POST',
        url: '/api/operators',
        payload: { username: ' padded ', role: 'viewer' },
      }),
      400,
      'Username must not start or end with spaces',
    )
  })

  test('a role change takes effect on the next request', async () => {
    const editor = await suite.createOperator({ role: 'editor' })
    const token = await suite.login(app, editor.username, editor.password)
    const write = () =>
      as(token)({
        method: 'POST',
        url: '/api/product-categories',
        payload: { name: uniqueName('Category'), description: 'x', parentCategoryId: null },
      })
    expect((await write()).statusCode).toBe(201)
    const changed = await admin({
      method: 'PUT',
      url: `/api/operators/${editor.id}`,
      payload: { role: 'viewer' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ id: editor.id, role: 'viewer', active: true })
    expect((await write()).statusCode).toBe(403)
    expect((await as(token)({ url: '/api/me' })).json().role).toBe('viewer')
    expect((await as(token)({ url: '/api/product-categories' })).statusCode).toBe(200)
  })

  test('deactivating ends every session at once and refuses login like wrong credentials', async () => {
    const viewer = await suite.createOperator({ role: 'viewer' })
    const tokens = [
      await suite.login(app, viewer.username, viewer.password),
      await suite.login(app, viewer.username, viewer.password),
    ]
    // Read once, so the session sits in the read cache.
    for (const token of tokens) expect((await as(token)({ url: '/api/me' })).statusCode).toBe(200)
    const off = await admin({
      method: 'PUT',
      url: `/api/operators/${viewer.id}`,
      payload: { active: false },
    })
    expect(off.json()).toMatchObject({ active: false })
    for (const token of tokens) expect((await as(token)({ url: '/api/me' })).statusCode).toBe(401)
    const sessions = await suite.db
      .selectFrom('sessions')
      .where('operatorId', '=', viewer.id)
      .selectAll()
      .execute()
    expect(sessions).toEqual([])
    expectDetail(await login(viewer.username, viewer.password), 401, 'Invalid username or password')

    const on = await admin({
      method: 'PUT',
      url: `/api/operators/${viewer.id}`,
      payload: { active: true },
    })
    expect(on.json()).toMatchObject({ active: true })
    expect((await login(viewer.username, viewer.password)).statusCode).toBe(200)
  })

  test('a missing operator is 404 on every route that names one', async () => {
    for (const id of ['2147483647', 'abc', '0']) {
      expectDetail(
        await admin({ method: 'PUT', url: `/api/operators/${id}`, payload: {} }),
        404,
        'Operator not found',
      )
      expectDetail(
        await admin({ method: 'POST', url: `/api/operators/${id}/reset-password` }),
        404,
        'Operator not found',
      )
      expectDetail(await admin({ url: `/api/operators/${id}/history` }), 404, 'Operator not found')
    }
    const bad = await admin({
      method: 'PUT',
      url: `/api/operators/${adminId}`,
      payload: { role: 'root' },
    })
    expect(bad.statusCode).toBe(400)
  })

  test('a reset gives a new invite, ends the sessions and stops the old password', async () => {
    const editor = await suite.createOperator({ role: 'editor' })
    const token = await suite.login(app, editor.username, editor.password)
    const reset = await admin({ method: 'POST', url: `/api/operators/${editor.id}/reset-password` })
    expect(reset.statusCode, reset.body).toBe(200)
    const { inviteToken } = reset.json()
    expect(Object.keys(reset.json())).toEqual(['inviteToken'])
    expect((await row(editor.id)).inviteTokenHash).toBe(hashToken(inviteToken))
    expect((await as(token)({ url: '/api/me' })).statusCode).toBe(401)
    expect((await login(editor.username, editor.password)).statusCode).toBe(401)
    expect((await accept(inviteToken, 'the new password')).statusCode).toBe(200)
    expect((await login(editor.username, 'the new password')).statusCode).toBe(200)
    expect((await row(editor.id)).role).toBe('editor')
  })

  test('every change is in the operator’s history, with who made it and no secret', async () => {
    const { id, inviteToken, username } = await invite('viewer')
    const accepted = await accept(inviteToken)
    await admin({ method: 'PUT', url: `/api/operators/${id}`, payload: { role: 'editor' } })
    await admin({ method: 'PUT', url: `/api/operators/${id}`, payload: { active: false } })
    await admin({
      method: 'PUT',
      url: `/api/operators/${id}`,
      payload: { active: true, role: 'editor' },
    })
    // A change to nothing records nothing.
    await admin({ method: 'PUT', url: `/api/operators/${id}`, payload: {} })
    const reset = await admin({ method: 'POST', url: `/api/operators/${id}/reset-password` })

    const response = await admin({ url: `/api/operators/${id}/history` })
    expect(response.statusCode, response.body).toBe(200)
    const { data, pagination } = response.json()
    expect(pagination.total).toBe(6)
    const by = (who: number) => ({ id: who, username: expect.any(String) })
    expect(
      data.map(({ action, operator, changes }: Record<string, unknown>) => ({
        action,
        operator,
        changes,
      })),
    ).toEqual([
      { action: 'password-reset', operator: by(adminId), changes: {} },
      {
        action: 'update',
        operator: by(adminId),
        changes: { active: { before: false, after: true } },
      },
      {
        action: 'update',
        operator: by(adminId),
        changes: { active: { before: true, after: false } },
      },
      {
        action: 'update',
        operator: by(adminId),
        changes: { role: { before: 'viewer', after: 'editor' } },
      },
      { action: 'invite-accept', operator: { id, username }, changes: {} },
      {
        action: 'invite',
        operator: by(adminId),
        changes: {
          username: { before: null, after: username },
          role: { before: null, after: 'viewer' },
          active: { before: null, after: true },
        },
      },
    ])
    const text = response.body
    for (const secret of [
      inviteToken,
      hashToken(inviteToken),
      accepted.json().token,
      reset.json().inviteToken,
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toMatch(/scrypt|passwordHash|inviteToken/)
  })

  test('the last active administrator can be neither demoted nor deactivated (409)', async () => {
    // Only this test's two administrators stay active ones.
    const other = await suite.createOperator()
    await suite.db
      .updateTable('operators')
      .set({ role: 'editor' })
      .where('role', '=', 'administrator')
      .where('id', 'not in', [adminId, other.id])
      .execute()
    const put = (id: number, payload: object) =>
      admin({ method: 'PUT', url: `/api/operators/${id}`, payload })
    expect((await put(other.id, { active: false })).statusCode).toBe(200)
    expectDetail(await put(adminId, { role: 'editor' }), 409, LAST_ADMINISTRATOR)
    expectDetail(await put(adminId, { active: false }), 409, LAST_ADMINISTRATOR)
    expectDetail(await put(adminId, { role: 'viewer', active: true }), 409, LAST_ADMINISTRATOR)
    // Nothing changed; an administrator may still "change" to administrator.
    expect(await listed(adminId)).toMatchObject({ role: 'administrator', active: true })
    expect((await put(adminId, { role: 'administrator' })).statusCode).toBe(200)
    // An inactive administrator does not count: reactivated, there are two again.
    expect((await put(other.id, { active: true })).statusCode).toBe(200)
    expect((await put(adminId, { role: 'editor' })).statusCode).toBe(200)
    // Back, through the other administrator, so the tests after this one can go on.
    const otherToken = await suite.login(app, other.username, other.password)
    const back = await as(otherToken)({
      method: 'PUT',
      url: `/api/operators/${adminId}`,
      payload: { role: 'administrator' },
    })
    expect(back.statusCode, back.body).toBe(200)
  })

  test('two administrators demoting each other at once: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = [await suite.createOperator(), await suite.createOperator()]
      await suite.db
        .updateTable('operators')
        .set({ active: 0 })
        .where('role', '=', 'administrator')
        .where('id', 'not in', [a.id, b.id])
        .execute()
      const outcomes = await Promise.allSettled([
        changeOperator(suite.db, a.id, { role: 'viewer' }, b.id),
        changeOperator(suite.db, b.id, { active: false }, a.id),
      ])
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected')
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
      const reason = (refused[0] as PromiseRejectedResult).reason
      expect(reason).toBeInstanceOf(HttpError)
      expect([reason.status, reason.message]).toEqual([409, LAST_ADMINISTRATOR])
      const left = await suite.db
        .selectFrom('operators')
        .select('id')
        .where('role', '=', 'administrator')
        .where('active', '=', 1)
        .execute()
      expect(left.length).toBe(1)
    }
    // The suite's administrator is active again for anything after this test.
    await suite.db.updateTable('operators').set({ active: 1 }).where('id', '=', adminId).execute()
  })
})
