// The browser's copy of the roles' rights (src/lib/rights.ts) is the server's
// (server/auth/rights.ts): a right added or moved on one side fails here until the other follows.
import { describe, expect, it } from 'vitest'
import * as server from '../../../server/auth/rights'
import { can, RIGHTS, ROLES } from '../../../src/lib/rights'

describe('rights', () => {
  it('are the server’s, role by role', () => {
    expect(ROLES).toEqual(server.ROLES)
    expect(RIGHTS).toEqual(server.RIGHTS)
  })

  it('can() answers as the server’s allows()', () => {
    for (const role of ROLES) {
      for (const right of ['read', 'write', 'purge', 'operators', 'account'] as const) {
        const me = { id: 1, username: 'x', role, twoFactor: false }
        expect(can(me, right), `${role} ${right}`).toBe(server.allows(role, right))
      }
    }
  })

  it('a server without roles (no /api/me) keeps every catalogue action, but no team', () => {
    expect(can(null, 'write')).toBe(true)
    expect(can(null, 'operators')).toBe(false)
  })
})
