import type { Kysely } from 'kysely'
import type { Database } from '../db/types'

// Plain queries over operators and sessions: `db` first, so they run the same inside a
// transaction, in routes, in the CLI and in tests.

export interface OperatorCredentials {
  id: number
  username: string
  passwordHash: string
  active: number
  twoFactor: number
  totpSecret: string | null
  totpLastStep: number | null
}

export interface SessionOperator {
  id: number
  username: string
  role: string
  /** The public id of the session this request came with. */
  sessionId: string
}

export function findOperatorByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<OperatorCredentials | undefined> {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'passwordHash', 'active', 'twoFactor', 'totpSecret', 'totpLastStep'])
    .where('username', '=', username)
    .executeTakeFirst()
}

export async function countOperators(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Inserts unless the username is taken; returns the new id, or undefined when it existed. */
export async function insertOperatorIfAbsent(
  db: Kysely<Database>,
  operator: { username: string; passwordHash: string; createdAt: number; role: string },
): Promise<number | undefined> {
  // ON CONFLICT DO NOTHING: two processes starting at once must not fail on the unique index.
  const row = await db
    .insertInto('operators')
    .values(operator)
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  operatorId: number,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('operators').set({ passwordHash }).where('id', '=', operatorId).execute()
}

export async function recordSignIn(
  db: Kysely<Database>,
  operatorId: number,
  at: number,
): Promise<void> {
  await db.updateTable('operators').set({ lastSignInAt: at }).where('id', '=', operatorId).execute()
}

export async function insertSession(
  db: Kysely<Database>,
  session: {
    tokenHash: string
    id: string
    operatorId: number
    expiresAt: number
    createdAt: number
    userAgent: string | null
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...session, lastUsedAt: session.createdAt })
    .execute()
}

export interface FoundSession {
  expiresAt: number
  operatorId: number
  sessionId: string
  username: string
  role: string
}

/** A session of an active operator (a deactivated one has none, but the join makes sure). */
export function findSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<FoundSession | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('operators', 'operators.id', 'sessions.operatorId')
    .select([
      'sessions.expiresAt',
      'sessions.operatorId',
      'sessions.id as sessionId',
      'operators.username',
      'operators.role',
    ])
    .where('sessions.tokenHash', '=', tokenHash)
    .where('operators.active', '=', 1)
    .executeTakeFirst()
}

/** Slides the expiry; the last use is recorded with it (so to within the renewal slack). */
export async function renewSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expiresAt, lastUsedAt: now })
    .where('tokenHash', '=', tokenHash)
    .execute()
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute()
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute()
}

export async function deleteOperatorSessions(
  db: Kysely<Database>,
  operatorId: number,
): Promise<void> {
  await db.deleteFrom('sessions').where('operatorId', '=', operatorId).execute()
}
