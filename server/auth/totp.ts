import { randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { hashToken } from './tokens'

// The second factor's arithmetic, with no database: RFC 6238 codes through `otpauth` (SHA-1,
// 6 digits, 30 s, the defaults every authenticator app reads from the otpauth:// URL) and the
// recovery codes. Nothing here is hand-written crypto.

const ISSUER = 'Marketplace Admin'
const PERIOD_SECONDS = 30
/** A code of the step before or after the current one is accepted too (clock drift). */
const WINDOW = 1

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  })

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URL an authenticator app reads from a QR code. */
export function otpauthUrl(secret: string, username: string): string {
  return totp(secret, username).toString()
}

/** Six digits, spaces allowed ("123 456"); anything else may be a recovery code. */
export function looksLikeTotpCode(code: string): boolean {
  return /^[0-9]{6}$/.test(code.replace(/\s/g, ''))
}

/**
 * The 30-second step whose code `code` is, within the window around `now`; undefined when it
 * is no code of this secret. The caller refuses a step already used (replay).
 */
export function totpStep(secret: string, code: string, now: number): number | undefined {
  const token = code.replace(/\s/g, '')
  // Six ASCII digits only: otpauth compares bytes, and throws on a token of another byte length
  // (found by the fuzz suite: "12345é").
  if (!/^[0-9]{6}$/.test(token)) return undefined
  const delta = totp(secret).validate({ token, timestamp: now, window: WINDOW })
  if (delta === null) return undefined
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta
}

export const RECOVERY_CODE_COUNT = 10
// No 0/o, 1/l/i: the codes are read off paper. 31 symbols × 10 ≈ 49 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten fresh codes shown once, as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)])
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
}

/** What is stored: SHA-256 of the code without case, spaces or dashes (how it may be typed). */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ''))
}
