// Roles and rights (contract: "a team"), in one place. Every protected route names the one
// right it needs (`config: { right }`); the authentication hook (./authenticate.ts) refuses a
// request whose operator's role lacks it with 403, before the body is even read, and the app
// refuses to start with an /api route that names none.

export const ROLES = ['administrator', 'editor', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/**
 * - `read`: lists, records, images, history, export (and the live changes).
 * - `write`: every catalogue change (create, update, delete, bulk, import, restore, revert).
 * - `purge`: deleting a record for good, out of the trash.
 * - `operators`: the team itself: invite, change a role, deactivate, reset a password.
 * - `account`: one's own account (password, sessions, two-factor, sign-out).
 */
export type Right = 'read' | 'write' | 'purge' | 'operators' | 'account'

export const RIGHTS: Readonly<Record<Role, readonly Right[]>> = {
  administrator: ['read', 'write', 'purge', 'operators', 'account'],
  editor: ['read', 'write', 'account'],
  viewer: ['read', 'account'],
}

export function isRole(value: unknown): value is Role {
  return ROLES.includes(value as Role)
}

export function allows(role: string, right: Right): boolean {
  return isRole(role) && RIGHTS[role].includes(right)
}

/** Route config for each right, e.g. `{ config: WRITE, schema }`. */
export const READ = { right: 'read' } as const
export const WRITE = { right: 'write' } as const
export const PURGE = { right: 'purge' } as const
export const OPERATORS = { right: 'operators' } as const
export const ACCOUNT = { right: 'account' } as const
