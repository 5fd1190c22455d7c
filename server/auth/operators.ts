import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Config } from '../config'
import type { Database } from '../db/types'
import { type HashOptions, hashPassword } from './passwords'
import {
  countOperators,
  deleteOperatorSessions,
  findOperatorByUsername,
  insertOperatorIfAbsent,
  updatePasswordHash,
} from './queries'
import type { Role } from './rights'

// Managing operator accounts: the first operator at start-up, and `npm run operator`.

export const MIN_PASSWORD_LENGTH = 8
const GENERATED_ADMIN = 'admin'

export interface Log {
  info(message: string): void
  warn(message: string): void
}

export class OperatorError extends Error {}

export function checkUsername(username: string): string | null {
  if (username.trim() === '') return 'Username must not be blank'
  if (username !== username.trim()) return 'Username must not start or end with spaces'
  if (username.length > 100) return 'Username must be at most 100 characters'
  return null
}

export function checkNewPassword(password: string): string | null {
  // The login route refuses blank passwords, so one made only of spaces could never be used.
  if (password.trim() === '') return 'Password must not be blank'
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
  }
  return null
}

export interface AddOptions extends HashOptions {
  /** An operator added from a shell is an administrator unless told otherwise. */
  role?: Role
}

export async function addOperator(
  db: Kysely<Database>,
  username: string,
  password: string,
  options: AddOptions = {},
): Promise<number> {
  const problem = checkUsername(username) ?? checkNewPassword(password)
  if (problem) throw new OperatorError(problem)
  const id = await insertOperatorIfAbsent(db, {
    username,
    passwordHash: await hashPassword(password, options),
    createdAt: Date.now(),
    role: options.role ?? 'administrator',
  })
  if (id === undefined) throw new OperatorError(`Operator "${username}" already exists`)
  return id
}

/** Sets a new password and signs the operator out everywhere (a reset usually means a leak). */
export async function resetOperatorPassword(
  db: Kysely<Database>,
  username: string,
  password: string,
  options: HashOptions = {},
): Promise<void> {
  const problem = checkNewPassword(password)
  if (problem) throw new OperatorError(problem)
  const operator = await findOperatorByUsername(db, username)
  if (!operator) throw new OperatorError(`No operator named "${username}"`)
  const passwordHash = await hashPassword(password, options)
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, operator.id, passwordHash)
    await deleteOperatorSessions(trx, operator.id)
  })
}

export interface EnsureOptions extends HashOptions {
  /** Where the generated password is shown; stdout by default. */
  print?: (text: string) => void
}

/**
 * Makes sure someone can log in after the first start. With ADMIN_USERNAME/ADMIN_PASSWORD the
 * operator is created if missing (an existing one keeps its password: the env var is a
 * bootstrap, not a way to reset). With neither and an empty operators table, `admin` gets a
 * random password that is printed once; it is never logged and never stored in clear.
 */
export async function ensureInitialOperator(
  db: Kysely<Database>,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  log: Log,
  options: EnsureOptions = {},
): Promise<void> {
  const { adminUsername, adminPassword } = config
  if (adminUsername && adminPassword) {
    if (await findOperatorByUsername(db, adminUsername)) return
    if (adminPassword.length < MIN_PASSWORD_LENGTH) {
      log.warn(`ADMIN_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH} characters`)
    }
    const id = await insertOperatorIfAbsent(db, {
      username: adminUsername,
      passwordHash: await hashPassword(adminPassword, options),
      createdAt: Date.now(),
      role: 'administrator',
    })
    if (id !== undefined) log.info(`Created operator "${adminUsername}" from ADMIN_USERNAME`)
    return
  }
  if ((await countOperators(db)) > 0) return

  const password = randomBytes(12).toString('base64url')
  const id = await insertOperatorIfAbsent(db, {
    username: GENERATED_ADMIN,
    passwordHash: await hashPassword(password, options),
    createdAt: Date.now(),
    role: 'administrator',
  })
  // Another process may have won the race; then it printed the password, not us.
  if (id === undefined) return
  const print = options.print ?? ((text: string) => process.stdout.write(text))
  print(passwordBox(GENERATED_ADMIN, password))
}

function passwordBox(username: string, password: string): string {
  const lines = [
    'First start: an operator account was created.',
    '',
    `  Username: ${username}`,
    `  Password: ${password}`,
    '',
    'This password is shown only once. Change it with:',
    `  npm run operator -- reset-password ${username}`,
  ]
  const width = Math.max(...lines.map((line) => line.length))
  const border = `+${'-'.repeat(width + 2)}+`
  const body = lines.map((line) => `| ${line.padEnd(width)} |`)
  return `\n${[border, ...body, border].join('\n')}\n\n`
}
