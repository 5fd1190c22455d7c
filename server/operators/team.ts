// What an administrator does to the team, and accepting an invite: each change in one
// transaction with its history entry (entity `operator`, by whoever made it), so a refused
// change records nothing. Invite and reset tokens are 256 random bits handed out once; only their
// SHA-256 is stored, and a token works once, for 7 days (docs/decisions/021-team.md).
import type { Kysely } from 'kysely'
import { checkNewPassword, checkUsername } from '../auth/operators'
import { type HashOptions, hashPassword } from '../auth/passwords'
import { insertOperatorIfAbsent } from '../auth/queries'
import type { Role } from '../auth/rights'
import { generateToken, hashToken } from '../auth/tokens'
import type { Database, Db } from '../db/types'
import { HttpError } from '../errors'
import { type Changes, recordHistory } from '../lib/history'
import {
  deleteSessions,
  findInvite,
  findOperator,
  lockActiveAdministrators,
  type OperatorView,
} from './operator-queries'

export const OPERATOR_ENTITY = 'operator'
export const OPERATOR_NOT_FOUND = 'Operator not found'
export const INVITE_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

/** One text for an unknown, used, expired or deactivated invite: it tells a guesser nothing. */
export const INVALID_INVITE = 'This invite link is invalid, already used or expired'
export const LAST_ADMINISTRATOR =
  'The last active administrator cannot be demoted or deactivated: make another operator an administrator first'

/** A fresh invite: the token to hand out, and what is stored of it. */
function newInvite(now: number) {
  const token = generateToken()
  return { token, hash: hashToken(token), expiresAt: now + INVITE_DAYS * DAY_MS }
}

/** Adds an operator with no password yet; 409 when the username is taken. */
export async function inviteOperator(
  db: Kysely<Database>,
  { username, role }: { username: string; role: Role },
  by: number,
  now: number,
): Promise<{ id: number; inviteToken: string }> {
  const problem = checkUsername(username)
  if (problem) throw new HttpError(400, problem)
  const invite = newInvite(now)
  return db.transaction().execute(async (trx) => {
    // '' matches no password: the operator can sign in only once the invite is accepted.
    const id = await insertOperatorIfAbsent(trx, {
      username,
      passwordHash: '',
      createdAt: now,
      role,
    })
    if (id === undefined) throw new HttpError(409, `Username "${username}" is already taken`)
    await trx
      .updateTable('operators')
      .set({ inviteTokenHash: invite.hash, inviteExpiresAt: invite.expiresAt })
      .where('id', '=', id)
      .execute()
    const changes: Changes = {
      username: { before: null, after: username },
      role: { before: null, after: role },
      active: { before: null, after: true },
    }
    await recordHistory(trx, {
      operatorId: by,
      entity: OPERATOR_ENTITY,
      entityId: id,
      action: 'invite',
      changes,
    })
    return { id, inviteToken: invite.token }
  })
}

/**
 * Sets the password of the invite's operator and uses the invite up; returns the operator's id.
 * The update names the invite's hash, so of two requests with one token only one gets through.
 */
export async function acceptInvite(
  db: Kysely<Database>,
  inviteToken: string,
  password: string,
  now: number,
  options: HashOptions = {},
): Promise<number> {
  const hash = hashToken(inviteToken)
  const invite = await findInvite(db, hash)
  if (!invite?.active || (invite.inviteExpiresAt ?? 0) <= now) {
    throw new HttpError(400, INVALID_INVITE)
  }
  const problem = checkNewPassword(password)
  if (problem) throw new HttpError(400, problem)
  const passwordHash = await hashPassword(password, options)
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('operators')
      .set({ passwordHash, inviteTokenHash: null, inviteExpiresAt: null, lastSignInAt: now })
      .where('id', '=', invite.id)
      .where('inviteTokenHash', '=', hash)
      .where('active', '=', 1)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new HttpError(400, INVALID_INVITE)
    await recordHistory(trx, {
      operatorId: invite.id,
      entity: OPERATOR_ENTITY,
      entityId: invite.id,
      action: 'invite-accept',
      changes: {},
    })
    return invite.id
  })
}

/**
 * Changes an operator's role or status. Deactivating ends every session of theirs in the same
 * transaction; the other instances forget their cached copies through the write notices. The last
 * active administrator keeps both (409), checked under a lock (`lockActiveAdministrators`).
 */
export async function changeOperator(
  db: Kysely<Database>,
  id: number,
  change: { role?: Role; active?: boolean },
  by: number,
): Promise<OperatorView> {
  return db.transaction().execute(async (trx) => {
    const administrators = await lockActiveAdministrators(trx)
    const before = await findOperator(trx, id, { lock: true })
    if (!before) throw new HttpError(404, OPERATOR_NOT_FOUND)
    const role = change.role ?? before.role
    const active = change.active ?? before.active
    const leavesAdministrators = role !== 'administrator' || !active
    if (administrators.includes(id) && leavesAdministrators && administrators.length === 1) {
      throw new HttpError(409, LAST_ADMINISTRATOR)
    }
    const changes: Changes = {}
    if (role !== before.role) changes.role = { before: before.role, after: role }
    if (active !== before.active) changes.active = { before: before.active, after: active }
    // Nothing to change (an empty body, or the values it has): nothing written, no history entry.
    if (Object.keys(changes).length === 0) return before
    await trx
      .updateTable('operators')
      .set({ role, active: active ? 1 : 0 })
      .where('id', '=', id)
      .execute()
    if (!active) await deleteSessions(trx, id)
    await recordHistory(trx, {
      operatorId: by,
      entity: OPERATOR_ENTITY,
      entityId: id,
      action: 'update',
      changes,
    })
    return { ...before, role, active }
  })
}

/**
 * A new invite for an existing operator, who is signed out everywhere. The old password stops
 * working at once: a reset usually means it leaked or was forgotten, and either way the new link
 * is the way back in.
 */
export async function resetPassword(
  db: Kysely<Database>,
  id: number,
  by: number,
  now: number,
): Promise<string> {
  const invite = newInvite(now)
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('operators')
      .set({ passwordHash: '', inviteTokenHash: invite.hash, inviteExpiresAt: invite.expiresAt })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new HttpError(404, OPERATOR_NOT_FOUND)
    await deleteSessions(trx, id)
    await recordHistory(trx, {
      operatorId: by,
      entity: OPERATOR_ENTITY,
      entityId: id,
      action: 'password-reset',
      changes: {},
    })
    return invite.token
  })
}

/** Records an operator's change of their own password (the change itself is ../auth's). */
export async function recordPasswordChange(trx: Db, operatorId: number): Promise<void> {
  await recordHistory(trx, {
    operatorId,
    entity: OPERATOR_ENTITY,
    entityId: operatorId,
    action: 'password-change',
    changes: {},
  })
}
