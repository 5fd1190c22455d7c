import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { cachedSession, forgetSession } from '../lib/read-cache'
import type { ScryptCost } from './passwords'
import {
  deleteExpiredSessions,
  deleteSession,
  type FoundSession,
  findSession,
  insertSession,
  renewSession,
  type SessionOperator,
} from './queries'
import { generateToken, hashToken, sessionId } from './tokens'

// Session lifecycle on top of the queries: issue on login, resolve (with sliding expiry) on
// every protected request, revoke on logout.

const HOUR_MS = 60 * 60 * 1000
const RENEWAL_SLACK_MS = 5 * 60 * 1000

export interface SessionPolicy {
  ttlHours: number
  /** Injected clock, so tests can move time without waiting. */
  now?: () => number
  /** The scrypt cost of passwords set through the API; tests lower it, the server never does. */
  passwordCost?: ScryptCost
}

export async function issueSession(
  db: Kysely<Database>,
  operatorId: number,
  policy: SessionPolicy,
  userAgent: string | null = null,
): Promise<string> {
  const now = (policy.now ?? Date.now)()
  // Expired rows are removed lazily, here and in resolveSession, instead of by a timer.
  await deleteExpiredSessions(db, now)
  const token = generateToken()
  await insertSession(db, {
    tokenHash: hashToken(token),
    id: sessionId(),
    operatorId,
    expiresAt: now + policy.ttlHours * HOUR_MS,
    createdAt: now,
    // Shown to its owner in the session list; a very long one is cut, not refused.
    userAgent: userAgent?.slice(0, 300) ?? null,
  })
  return token
}

/**
 * The operator behind a live token, or null for unknown, expired or revoked tokens.
 *
 * `cached` (read requests): the session row may come from the read cache (../lib/read-cache.ts),
 * kept a few seconds and dropped on any write through the product, here or, on PostgreSQL, on
 * another instance (a sign-out is such a write). Only a live row that needs no renewal is taken
 * from it; expiry and renewal are always decided on the database's current row, so a stale copy
 * never deletes a session another instance has just renewed. Writes never pass `cached`.
 */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  policy: SessionPolicy,
  { cached = false } = {},
): Promise<SessionOperator | null> {
  const now = (policy.now ?? Date.now)()
  const tokenHash = hashToken(token)
  if (cached) {
    const session = await cachedSession(db, tokenHash, () => findSession(db, tokenHash))
    if (session && session.expiresAt > now && !renewalDue(session.expiresAt, now, policy)) {
      return operatorOf(session)
    }
  }
  const session = await findSession(db, tokenHash)
  if (!session) return null
  if (session.expiresAt <= now) {
    await deleteSession(db, tokenHash)
    forgetSession(db, tokenHash)
    return null
  }
  if (renewalDue(session.expiresAt, now, policy)) {
    await renewSession(db, tokenHash, now, now + policy.ttlHours * HOUR_MS)
    forgetSession(db, tokenHash)
  }
  return operatorOf(session)
}

function operatorOf(session: FoundSession): SessionOperator {
  return {
    id: session.operatorId,
    username: session.username,
    role: session.role,
    sessionId: session.sessionId,
  }
}

// Sliding expiry without a write per request: renew only once the session has aged by the
// slack (5 minutes, or half the TTL for very short TTLs).
function renewalDue(expiresAt: number, now: number, policy: SessionPolicy): boolean {
  const ttl = policy.ttlHours * HOUR_MS
  const slack = Math.min(RENEWAL_SLACK_MS, ttl / 2)
  return expiresAt - now < ttl - slack
}

export async function revokeSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteSession(db, hashToken(token))
}

/**
 * Whether the session of `token` is still live, read afresh and never renewed: a long-lived
 * connection (the event stream) checks it now and then without keeping an idle session alive.
 */
export async function sessionIsLive(
  db: Kysely<Database>,
  token: string,
  policy: SessionPolicy,
): Promise<boolean> {
  const session = await findSession(db, hashToken(token))
  return session !== undefined && session.expiresAt > (policy.now ?? Date.now)()
}
