// The signed-in operator's own routes (/me, its password, sessions and two-factor sign-in),
// served from a small state each call to `accountHandlers` creates afresh: a test that changes
// it (revokes a session, turns two-factor on) installs its own with `server.use(...)`. Default:
// an administrator with two-factor off and two sessions, this one first.
import { HttpResponse, http } from 'msw'
import type { OperatorSession } from '../../../src/features/account/account-api'
import type { Me } from '../../../src/lib/rights'
import { apiUrl } from '../msw/handlers-support'

export const ACCOUNT = {
  password: 'secret',
  /** The code every authenticator app shows in these tests. */
  code: '123456',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl:
    'otpauth://totp/Marketplace%20Admin:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Marketplace%20Admin',
  recoveryCodes: Array.from({ length: 10 }, (_, i) => `rc${i}-a1b2-c3d4`),
  wrongCode: 'Invalid authentication code',
  wrongPassword: 'Current password is incorrect',
}

export const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

export function buildSession(overrides: Partial<OperatorSession> = {}): OperatorSession {
  return {
    id: 'a1',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: '2026-11-25T17:04:00.000Z',
    userAgent: CHROME_LINUX,
    current: true,
    ...overrides,
  }
}

interface AccountOptions {
  me?: Partial<Me>
  sessions?: OperatorSession[]
}

export function accountHandlers({ me: meOverrides, sessions: given }: AccountOptions = {}) {
  const me: Me = {
    id: 1,
    username: 'admin',
    role: 'administrator',
    twoFactor: false,
    ...meOverrides,
  }
  let sessions = given ?? [
    buildSession(),
    buildSession({
      id: 'b2',
      createdAt: '2026-11-18T08:00:00.000Z',
      lastUsedAt: '2026-11-24T12:30:00.000Z',
      userAgent: SAFARI_IPHONE,
      current: false,
    }),
  ]
  let pendingSecret = false
  const badCode = () => HttpResponse.json({ detail: ACCOUNT.wrongCode }, { status: 400 })

  return [
    http.get(apiUrl('/me'), () => HttpResponse.json(me)),
    http.put(apiUrl('/me/password'), async ({ request }) => {
      const body = (await request.json()) as { currentPassword: string; newPassword: string }
      if (body.currentPassword !== ACCOUNT.password) {
        return HttpResponse.json({ detail: ACCOUNT.wrongPassword }, { status: 400 })
      }
      sessions = sessions.filter((session) => session.current)
      return new HttpResponse(null, { status: 204 })
    }),
    http.get(apiUrl('/me/sessions'), () => HttpResponse.json(sessions)),
    http.delete(apiUrl('/me/sessions/:id'), ({ params }) => {
      const found = sessions.some((session) => session.id === params.id)
      if (!found) return HttpResponse.json({ detail: 'Session not found' }, { status: 404 })
      sessions = sessions.filter((session) => session.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.post(apiUrl('/me/two-factor'), () => {
      pendingSecret = true
      return HttpResponse.json({ secret: ACCOUNT.secret, otpauthUrl: ACCOUNT.otpauthUrl })
    }),
    http.post(apiUrl('/me/two-factor/confirm'), async ({ request }) => {
      const { code } = (await request.json()) as { code: string }
      if (!pendingSecret || code !== ACCOUNT.code) return badCode()
      me.twoFactor = true
      return HttpResponse.json({ recoveryCodes: ACCOUNT.recoveryCodes })
    }),
    http.delete(apiUrl('/me/two-factor'), async ({ request }) => {
      const { code } = (await request.json()) as { code: string }
      if (code !== ACCOUNT.code && !ACCOUNT.recoveryCodes.includes(code)) return badCode()
      me.twoFactor = false
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}
