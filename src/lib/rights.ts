// What each role may do: the browser's copy of the server's table (server/auth/rights.ts), which
// tests/machines/lib/rights.test.ts keeps equal. The app only hides what a role cannot use; the server
// refuses it (403) whatever the browser shows.

export const ROLES = ['administrator', 'editor', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/**
 * - `read`: lists, records, images, history, export.
 * - `write`: every catalogue change (create, update, delete, bulk, import, restore, revert).
 * - `purge`: deleting a record for good, out of the trash.
 * - `operators`: the team itself (the Operators page).
 * - `account`: one's own account (password, sessions, two-factor).
 */
export type Right = 'read' | 'write' | 'purge' | 'operators' | 'account'

export const RIGHTS: Readonly<Record<Role, readonly Right[]>> = {
  administrator: ['read', 'write', 'purge', 'operators', 'account'],
  editor: ['read', 'write', 'account'],
  viewer: ['read', 'account'],
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  administrator: 'Administrator',
  editor: 'Editor',
  viewer: 'Viewer',
}

/** Who is signed in, as `GET /api/me` answers. */
export interface Me {
  id: number
  username: string
  role: Role
  twoFactor: boolean
}

/**
 * Whether the operator may use `right`. `null` is a server without roles (the spec's own API has
 * no /me): every catalogue action stays offered, as before roles existed, but there is no team.
 */
export function can(me: Me | null, right: Right): boolean {
  if (me === null) return right !== 'operators'
  return RIGHTS[me.role]?.includes(right) ?? false
}
