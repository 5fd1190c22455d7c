// Who is signed in and the team: fixtures and default MSW handlers. By default the signed-in
// operator is an administrator (every control shows, as before roles); `signedInAs('viewer')`
// makes a test's operator a viewer. The default /operators handlers keep a small team in memory
// for the test, so a write is seen by the list's reload.
import { HttpResponse, http } from 'msw'
import type { Operator } from '../../../src/features/operators/operators-api'
import type { Me, Role } from '../../../src/lib/rights'
import { apiUrl } from '../msw/handlers-support'
import { page } from './categories'

export const ME: Me = { id: 1, username: 'admin', role: 'administrator', twoFactor: false }

export function buildOperator(overrides: Partial<Operator> = {}): Operator {
  return {
    id: 1,
    username: 'admin',
    role: 'administrator',
    active: true,
    twoFactor: false,
    lastSignInAt: '2026-11-25T17:04:00.000Z',
    ...overrides,
  }
}

export const team = (): Operator[] => [
  buildOperator({ twoFactor: true }),
  buildOperator({ id: 2, username: 'tunde', role: 'editor', lastSignInAt: null }),
  buildOperator({ id: 3, username: 'ngozi', role: 'viewer', active: false }),
]

/** The signed-in operator has this role (the rest as ME). */
export function signedInAs(role: Role, overrides: Partial<Me> = {}) {
  return http.get(apiUrl('/me'), () => HttpResponse.json({ ...ME, role, ...overrides }))
}

export const INVITE_TOKEN = 'invite-token-123'

/** A team in memory: the list, invites, role and status changes, resets. */
export function operatorHandlers(operators: Operator[] = team()) {
  return [
    http.get(apiUrl('/operators'), () => HttpResponse.json(page(operators))),
    http.post(apiUrl('/operators'), async ({ request }) => {
      const body = (await request.json()) as { username: string; role: Role }
      const id = Math.max(0, ...operators.map((o) => o.id)) + 1
      operators.push(buildOperator({ id, ...body, lastSignInAt: null }))
      return HttpResponse.json({ id, inviteToken: INVITE_TOKEN }, { status: 201 })
    }),
    http.put(apiUrl('/operators/:id'), async ({ params, request }) => {
      const operator = operators.find((o) => o.id === Number(params.id))
      if (!operator) return HttpResponse.json({ detail: 'Operator not found' }, { status: 404 })
      Object.assign(operator, (await request.json()) as Partial<Operator>)
      return HttpResponse.json(operator)
    }),
    http.post(apiUrl('/operators/:id/reset-password'), () =>
      HttpResponse.json({ inviteToken: 'reset-token-456' }),
    ),
  ]
}

export const INVITED_SESSION = 'invited-session-token'
export const USED_INVITE = 'This invite link has been used or has expired'

/** Accepting an invite: INVITE_TOKEN signs in; any other token is used or expired (400). */
export const acceptInviteHandler = http.post(apiUrl('/auth/invite'), async ({ request }) => {
  const body = (await request.json()) as { inviteToken?: string; password?: string }
  if (body.inviteToken !== INVITE_TOKEN) {
    return HttpResponse.json({ detail: USED_INVITE }, { status: 400 })
  }
  return HttpResponse.json({ token: INVITED_SESSION })
})

export function meHandlers() {
  return [
    http.get(apiUrl('/me'), () => HttpResponse.json(ME)),
    ...operatorHandlers(),
    acceptInviteHandler,
  ]
}
