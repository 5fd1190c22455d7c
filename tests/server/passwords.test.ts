import { describe, expect, test } from 'vitest'
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from '../../server/auth/passwords'
import { bearerToken, generateToken, hashToken } from '../../server/auth/tokens'
import { TEST_SCRYPT_COST } from './support/databases'

describe('password hashing', () => {
  test('the default cost is the slow one', async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 32768, r: 8, p: 1 })
    const hash = await hashPassword('s3cret-pass')
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true)
  })

  test('salted: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same', { cost: TEST_SCRYPT_COST }),
      hashPassword('same', { cost: TEST_SCRYPT_COST }),
    ])
    expect(a).not.toBe(b)
    expect(await verifyPassword('same', a)).toBe(true)
    expect(await verifyPassword('Same', a)).toBe(false)
  })

  test('a stored value that is not our format never verifies', async () => {
    for (const stored of ['', 'plaintext', 'scrypt$x$8$1$abc$def', 'bcrypt$1$2$3$4$5']) {
      expect(await verifyPassword('plaintext', stored)).toBe(false)
    }
  })
})

describe('tokens', () => {
  test('are 256-bit, url-safe and hashed with SHA-256', () => {
    const token = generateToken()
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(generateToken()).not.toBe(token)
  })

  test('bearerToken reads only well-formed Bearer headers', () => {
    expect(bearerToken('Bearer abc-_123')).toBe('abc-_123')
    expect(bearerToken('bearer abc')).toBe('abc')
    expect(bearerToken(undefined)).toBeNull()
    expect(bearerToken('Basic abc')).toBeNull()
    expect(bearerToken('Bearer')).toBeNull()
    expect(bearerToken('Bearer a b')).toBeNull()
  })
})
