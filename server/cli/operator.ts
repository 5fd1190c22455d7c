import { parseArgs } from 'node:util'
import { addOperator, OperatorError, resetOperatorPassword } from '../auth/operators'
import { isRole, ROLES } from '../auth/rights'
import { ConfigError, loadConfig } from '../config'
import { createDatabase } from '../db/connection'
import { migrateToLatest } from '../db/migrate'
import { readPassword } from './read-password'

// `npm run operator -- add <username>` / `npm run operator -- reset-password <username>`.
// Uses the same DATA_DIR / DATABASE_URL as the server, so it works against the live database
// (SQLite's busy_timeout lets it wait while the server writes).

const USAGE = `Usage:
  npm run operator -- add <username> [--role R]   create an operator (an administrator unless
                                                  --role says ${ROLES.join(', ')})
  npm run operator -- reset-password <username>   set a new password (signs the operator out)

The password is asked twice and not shown. When stdin is not a terminal, the password is read
from its first line (and the confirmation from the second line, if any).`

const EXIT_OK = 0
const EXIT_FAILED = 1
const EXIT_USAGE = 2

async function run(args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseOperatorArgs>
  try {
    parsed = parseOperatorArgs(args)
  } catch {
    console.error(USAGE)
    return EXIT_USAGE
  }
  const { positionals, values } = parsed
  const [command, username, ...rest] = positionals
  const role = values.role ?? 'administrator'
  const usable = command === 'add' || (command === 'reset-password' && !values.role)
  if (!usable || !username || rest.length > 0 || !isRole(role)) {
    console.error(USAGE)
    return EXIT_USAGE
  }

  const password = await readPassword('Password: ', 'Repeat password: ')
  if (password === null) {
    console.error('The two passwords do not match.')
    return EXIT_FAILED
  }

  const config = loadConfig()
  const database = createDatabase(config)
  try {
    await migrateToLatest(database.db)
    if (command === 'add') {
      await addOperator(database.db, username, password, { role })
      console.log(`Operator "${username}" created (${role}). They can log in now.`)
    } else {
      await resetOperatorPassword(database.db, username, password)
      console.log(`Password of "${username}" changed; their existing sessions were signed out.`)
    }
    return EXIT_OK
  } finally {
    await database.destroy()
  }
}

function parseOperatorArgs(args: string[]) {
  return parseArgs({ args, allowPositionals: true, options: { role: { type: 'string' } } })
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof OperatorError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`)
    } else {
      console.error('Error:', error)
    }
    process.exit(EXIT_FAILED)
  },
)
