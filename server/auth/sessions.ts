import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { cachedSession, forgetSession } from '../lib/read-cache'
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  type SessionOperator,
  setSessionExpiry,
} from './queries'
import { generateToken, hashToken } from './tokens'

// Session lifecycle on top of the queries: issue on login, resolve (with sliding expiry) on
// every protected request, revoke on logout.

const HOUR_MS = 60 * 60 * 1000
const RENEWAL_SLACK_MS = 5 * 60 * 1000

export interface SessionPolicy {
  ttlHours: number
  /** Injected clock, so tests can move time without waiting. */
  now?: () => number
}

export async function issueSession(
  db: Kysely<Database>,
  operatorId: number,
  policy: SessionPolicy,
): Promise<string> {
  const now = (policy.now ?? Date.now)()
  // Expired rows are removed lazily, here and in resolveSession, instead of by a timer.
  await deleteExpiredSessions(db, now)
  const token = generateToken()
  await insertSession(db, {
    tokenHash: hashToken(token),
    operatorId,
    expiresAt: now + policy.ttlHours * HOUR_MS,
    createdAt: now,
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
      return { id: session.operatorId, username: session.username }
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
    await setSessionExpiry(db, tokenHash, now + policy.ttlHours * HOUR_MS)
    forgetSession(db, tokenHash)
  }
  return { id: session.operatorId, username: session.username }
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
