// Backs up and restores the database the server uses, whichever it is (see docs/deploy.md):
//
//   npm run backup -- FILE    SQLite: an online copy of DATA_DIR/backoffice.sqlite, consistent
//                             even while the server writes; PostgreSQL: `pg_dump -Fc` of
//                             DATABASE_URL (needs PostgreSQL's client tools, same major version
//                             or newer than the server)
//   npm run restore -- FILE   puts such a backup back, replacing what is there. Stop every
//                             instance first; start them again afterwards (they migrate a backup
//                             taken before an upgrade on start).
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import SqliteDatabase from 'better-sqlite3'
import { ConfigError, loadConfig } from '../server/config'
import { SQLITE_FILE_NAME } from '../server/db/connection'

const run = promisify(execFile)

async function main(): Promise<void> {
  const [mode, file] = process.argv.slice(2)
  if ((mode !== 'backup' && mode !== 'restore') || !file) {
    throw new UsageError('Usage: npm run backup -- FILE   or   npm run restore -- FILE')
  }
  const config = loadConfig()
  const target = path.resolve(file)
  if (mode === 'restore' && !existsSync(target)) throw new UsageError(`No such file: ${target}`)
  if (config.databaseUrl) {
    if (mode === 'backup') {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${target}`,
        config.databaseUrl,
      ])
    } else {
      // --clean drops each object before re-creating it, so the restore replaces what is there.
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        `--dbname=${config.databaseUrl}`,
        target,
      ])
    }
  } else {
    const live = path.join(config.dataDir, SQLITE_FILE_NAME)
    if (mode === 'backup') {
      if (!existsSync(live)) throw new UsageError(`No database at ${live}`)
      const db = new SqliteDatabase(live, { readonly: true, fileMustExist: true })
      try {
        await db.backup(target)
      } finally {
        db.close()
      }
    } else {
      mkdirSync(config.dataDir, { recursive: true })
      // The write-ahead log of the replaced database would otherwise be replayed over the copy.
      for (const suffix of ['-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true })
      copyFileSync(target, live)
    }
  }
  const database = config.databaseUrl ? redacted(config.databaseUrl) : config.dataDir
  console.log(
    mode === 'backup'
      ? `Backed up ${database} to ${target}`
      : `Restored ${target} into ${database}`,
  )
}

class UsageError extends Error {}

function redacted(url: string): string {
  const shown = new URL(url)
  if (shown.password) shown.password = '***'
  return shown.toString()
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message)
  else console.error('Failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
