import { expect, test, vi } from 'vitest'
import { ensureInitialOperator } from '../../server/auth/operators'
import { verifyPassword } from '../../server/auth/passwords'
import { findOperatorByUsername } from '../../server/auth/queries'
import { describeEachDatabase, TEST_SCRYPT_COST } from './support/databases'

const noEnv = { adminUsername: null, adminPassword: null }
const quietLog = () => ({ info: vi.fn(), warn: vi.fn() })

describeEachDatabase('initial operator', (suite) => {
  test('ADMIN_USERNAME/ADMIN_PASSWORD create that operator once and never overwrite it', async () => {
    await suite.truncate()
    const env = { adminUsername: 'boss', adminPassword: 'first-password' }
    const print = vi.fn()
    await ensureInitialOperator(suite.db, env, quietLog(), { cost: TEST_SCRYPT_COST, print })
    const created = await findOperatorByUsername(suite.db, 'boss')
    expect(created).toBeDefined()

    // A later start with another password keeps the stored one.
    const changed = { ...env, adminPassword: 'second-password' }
    await ensureInitialOperator(suite.db, changed, quietLog(), { cost: TEST_SCRYPT_COST, print })
    const after = await findOperatorByUsername(suite.db, 'boss')
    expect(after?.passwordHash).toBe(created?.passwordHash)
    expect(await verifyPassword('first-password', after?.passwordHash ?? '')).toBe(true)
    expect(print).not.toHaveBeenCalled()

    const app = await suite.makeApp()
    expect(await suite.login(app, 'boss', 'first-password')).toEqual(expect.any(String))
  })

  test('with no env and no operator, admin gets a random password printed once', async () => {
    await suite.truncate()
    const print = vi.fn()
    const log = quietLog()
    await ensureInitialOperator(suite.db, noEnv, log, { cost: TEST_SCRYPT_COST, print })
    await ensureInitialOperator(suite.db, noEnv, log, { cost: TEST_SCRYPT_COST, print })
    expect(print).toHaveBeenCalledTimes(1)
    const text = String(print.mock.calls[0][0])
    const password = /Password: (\S+)/.exec(text)?.[1] ?? ''
    expect(password.length).toBeGreaterThanOrEqual(16)
    expect(text).toContain('Username: admin')
    // Never through the logger, where it would be stored with the rest of the logs.
    expect(JSON.stringify([log.info.mock.calls, log.warn.mock.calls])).not.toContain(password)

    const app = await suite.makeApp()
    expect(await suite.login(app, 'admin', password)).toEqual(expect.any(String))
  })

  test('with no env but an existing operator, nothing is created or printed', async () => {
    await suite.truncate()
    await suite.createOperator({ username: 'someone' })
    const print = vi.fn()
    await ensureInitialOperator(suite.db, noEnv, quietLog(), { cost: TEST_SCRYPT_COST, print })
    expect(print).not.toHaveBeenCalled()
    expect(await findOperatorByUsername(suite.db, 'admin')).toBeUndefined()
  })
})
