import { createHash, randomBytes } from 'node:crypto'

// Bearer tokens: 256 random bits, handed to the client once. The database keeps only their
// SHA-256, so a leaked database or backup cannot be replayed as live sessions. A fast hash is
// enough here (unlike passwords): the input is random, not guessable.

export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A session's public id: random, unrelated to its token. */
export function sessionId(): string {
  return randomBytes(12).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The token from `Authorization: Bearer <token>`, or null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*) *$/i.exec(header ?? '')
  return match ? match[1] : null
}
