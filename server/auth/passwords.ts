import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// Passwords are stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url). The string
// carries its own cost, so the default can be raised later without breaking stored hashes.

export interface ScryptCost {
  N: number
  r: number
  p: number
}

/** About 50-100 ms and 32 MiB per hash: slow enough to make guessing expensive. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 }

const KEY_LENGTH = 32
const SALT_LENGTH = 16
const PREFIX = 'scrypt'

export interface HashOptions {
  /** Tests may pass a cheaper cost; production code keeps the default. */
  cost?: ScryptCost
}

export async function hashPassword(password: string, options: HashOptions = {}): Promise<string> {
  const cost = options.cost ?? DEFAULT_SCRYPT_COST
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, KEY_LENGTH, cost)
  return [
    PREFIX,
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$')
}

/** False for a wrong password and for a stored value that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.hash.length, parsed.cost)
  return timingSafeEqual(key, parsed.hash)
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== PREFIX) return null
  const [N, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4], 'base64url')
  const hash = Buffer.from(parts[5], 'base64url')
  if (![N, r, p].every(Number.isSafeInteger) || salt.length === 0 || hash.length === 0) return null
  return { cost: { N, r, p }, salt, hash }
}

// The callback form runs on libuv's thread pool, so hashing never blocks the event loop.
// NFC normalisation makes "é" typed on different keyboards hash the same.
function derive(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r·p bytes; Node's default maxmem (32 MiB) is exactly the default cost's
  // need and is rejected, so allow twice the requirement.
  const maxmem = 256 * cost.N * cost.r * cost.p
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}
