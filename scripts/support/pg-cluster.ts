// A PostgreSQL cluster of our own, started and stopped with initdb/pg_ctl: the server tests'
// shared cluster (tests/server/global-setup.ts), a suite's own cluster that it stops and restarts
// (tests/server/outage.test.ts) and the benchmarks' cluster (scripts/bench-*.ts). Commands run
// asynchronously so that requests can keep flowing while the cluster stops.
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './server-process'

const execFileAsync = promisify(execFile)
const asRoot = process.getuid?.() === 0

export interface PgCluster {
  /** Admin URL (database `postgres`). */
  url: string
  /** Fast shutdown: open sessions are terminated, as in a failover or a restart. */
  stop(): Promise<void>
  start(): Promise<void>
  /**
   * Ends the cluster for good: a throwaway one is stopped at once (no checkpoint) and its files
   * deleted; a kept one (`keepDir`) is shut down cleanly and its files stay.
   */
  close(): Promise<void>
}

export interface PgClusterOptions {
  /** Keep the cluster's files here between runs (a seeded million rows need not be loaded again). */
  keepDir?: string
  /** Prefix of the temporary directory of a throwaway cluster. */
  tempPrefix?: string
  /** Extra `-c name=value` server settings. */
  settings?: string[]
  /** apt-get install PostgreSQL when its binaries are missing (a fresh CI machine). */
  installIfMissing?: boolean
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const { keepDir, tempPrefix = 'backoffice-pg-', settings = [] } = options
  const bin = findPostgresBin() ?? (options.installIfMissing ? installPostgres() : null)
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found')
  if (asRoot) ensurePostgresUser()
  const dir = keepDir ?? mkdtempSync(path.join(os.tmpdir(), tempPrefix))
  mkdirSync(dir, { recursive: true })
  if (asRoot) chownToPostgres(dir)
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  const pgCtl = (...args: string[]) =>
    runPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args])
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    // Durability is pointless for a test or benchmark cluster (SQLite runs with
    // synchronous=NORMAL too); these make it much faster.
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ')
  let running = false
  const start = async () => {
    // 120 s: a kept cluster may have a large database to recover.
    await pgCtl('-l', path.join(dir, 'server.log'), '-w', '-t', '120', '-o', serverOptions, 'start')
    running = true
  }
  const stopWith = async (mode: 'fast' | 'immediate') => {
    await pgCtl('-m', mode, '-w', 'stop')
    running = false
  }
  const removeFiles = () => {
    if (!keepDir) rmSync(dir, { recursive: true, force: true })
  }

  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const initdb = ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']
      // A throwaway cluster needs no fsync at creation either.
      await runPostgres(path.join(bin, 'initdb'), keepDir ? initdb : [...initdb, '--no-sync'])
    }
    await start()
  } catch (error) {
    removeFiles()
    throw error
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => stopWith('fast'),
    start,
    async close() {
      try {
        if (running) await stopWith(keepDir ? 'fast' : 'immediate')
      } finally {
        removeFiles()
      }
    },
  }
}

/** The URL of database `name` on the cluster, created when missing. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function runPostgres(command: string, args: string[]): Promise<void> {
  // PostgreSQL refuses to run as root: run it as the `postgres` OS user then.
  const [file, fileArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  await execFileAsync(file, fileArgs, { cwd: os.tmpdir() })
}

function findPostgresBin(): string | null {
  const candidates = ['/usr/local/bin', '/usr/bin']
  const versioned = '/usr/lib/postgresql'
  if (existsSync(versioned)) {
    // Newest major version first.
    const versions = readdirSync(versioned).sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => path.join(versioned, version, 'bin')))
  }
  return (
    candidates.find((dir) =>
      ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(path.join(dir, name))),
    ) ?? null
  )
}

function installPostgres(): string {
  try {
    execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore' })
  } catch {
    throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found and apt-get install failed')
  }
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL was installed but initdb/pg_ctl are still not found')
  return bin
}

function ensurePostgresUser(): void {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/bin/false', 'postgres'])
  }
}

function chownToPostgres(dir: string): void {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  chownSync(dir, id('-u'), id('-g'))
}
