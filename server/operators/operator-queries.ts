// Plain queries over the team (contract: "a team"): operators as the Operators page shows them,
// never with a password hash, a TOTP secret or an invite hash. `db` first, so they run inside a
// transaction and in tests alike.

import { isPostgres } from '../db/dialect'
import type { Db } from '../db/types'
import type { PageRequest } from '../lists/list-params'
import { orderBySort, type Sort } from '../lists/sorts'

/** An operator as GET /api/operators lists it. */
export interface OperatorView {
  id: number
  username: string
  role: string
  active: boolean
  twoFactor: boolean
  /** ISO 8601, null until the first sign-in. */
  lastSignInAt: string | null
}

export const operatorSorts = {
  username: { columns: ['username'], order: 'asc' },
  role: { columns: ['role'], order: 'asc' },
  lastSignInAt: { columns: ['lastSignInAt'], order: 'desc' },
  id: { columns: [], order: 'asc' },
} as const

const SHOWN = ['id', 'username', 'role', 'active', 'twoFactor', 'lastSignInAt'] as const

type ShownRow = {
  id: number
  username: string
  role: string
  active: number
  twoFactor: number
  lastSignInAt: number | null
}

function view(row: ShownRow): OperatorView {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    active: row.active === 1,
    twoFactor: row.twoFactor === 1,
    lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString(),
  }
}

export async function listOperators(
  db: Db,
  { page, pageSize }: PageRequest,
  sort: Sort,
): Promise<{ rows: OperatorView[]; total: number }> {
  const [rows, count] = await Promise.all([
    orderBySort(db.selectFrom('operators').select(SHOWN), sort)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(view), total: Number(count.total) }
}

/** One operator as listed; undefined when there is none. `lock`: for the rest of `db`'s
 * transaction on PostgreSQL (SQLite's writer runs alone anyway). */
export async function findOperator(
  db: Db,
  id: number,
  { lock = false } = {},
): Promise<OperatorView | undefined> {
  const row = await db
    .selectFrom('operators')
    .select(SHOWN)
    .where('id', '=', id)
    .$if(lock && isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst()
  return row && view(row)
}

/**
 * The ids of the active administrators, locked on PostgreSQL until `trx` ends: of two
 * transactions demoting different administrators, the second waits for the first and then sees
 * its outcome (a row no longer matching is dropped from FOR UPDATE's answer), so they cannot
 * both leave the team without one.
 */
export async function lockActiveAdministrators(trx: Db): Promise<number[]> {
  const rows = await trx
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'administrator')
    .where('active', '=', 1)
    .orderBy('id')
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .execute()
  return rows.map((row) => row.id)
}

/** The operator whose pending invite has this hash (expired or not). */
export function findInvite(db: Db, inviteTokenHash: string) {
  return db
    .selectFrom('operators')
    .select(['id', 'active', 'inviteExpiresAt'])
    .where('inviteTokenHash', '=', inviteTokenHash)
    .executeTakeFirst()
}

export interface SessionView {
  id: string
  createdAt: string
  lastUsedAt: string
  userAgent: string | null
  current: boolean
}

/** The operator's live sessions, newest first, marking the one `currentId` names. */
export async function listSessions(
  db: Db,
  operatorId: number,
  currentId: string,
  now: number,
): Promise<SessionView[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastUsedAt', 'userAgent'])
    .where('operatorId', '=', operatorId)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.lastUsedAt).toISOString(),
    userAgent: row.userAgent,
    current: row.id === currentId,
  }))
}

/** Ends the operator's sessions, all of them or all but `keep`; returns how many ended. */
export async function deleteSessions(
  db: Db,
  operatorId: number,
  which: { only?: string; keep?: string } = {},
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('operatorId', '=', operatorId)
    .$if(which.only !== undefined, (query) => query.where('id', '=', which.only as string))
    .$if(which.keep !== undefined, (query) => query.where('id', '!=', which.keep as string))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
