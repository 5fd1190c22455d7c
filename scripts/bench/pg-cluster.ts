// A PostgreSQL 15 cluster that the benchmark starts and stops itself (as
// tests/server/global-setup.ts does). Given a directory, the cluster's files are kept there
// between runs so a seeded million rows need not be loaded again; without one it is thrown away.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './server-process'

export interface Cluster {
  /** Admin URL (database `postgres`). */
  url: string
  stop(): void
}

const asRoot = process.getuid?.() === 0

export async function startCluster(keepDir?: string): Promise<Cluster> {
  const bin = findPostgresBin()
  if (asRoot) ensurePostgresUser()
  const dir = keepDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'))
  mkdirSync(dir, { recursive: true })
  if (asRoot) chownPostgres(dir)
  const dataDir = path.join(dir, 'data')
  const pgCtl = path.join(bin, 'pg_ctl')
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
  }
  const port = await freePort()
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    // A benchmark cluster needs no crash safety; SQLite runs with synchronous=NORMAL too.
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    // Room for a million products' pages; the default 128MB would measure the disk cache.
    '-c shared_buffers=512MB -c max_connections=200',
  ].join(' ')
  const log = path.join(dir, 'server.log')
  run(pgCtl, ['-D', dataDir, '-l', log, '-w', '-t', '120', '-o', serverOptions, 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        // A kept cluster shuts down cleanly; a throwaway one needs no checkpoint.
        run(pgCtl, ['-D', dataDir, '-m', keepDir ? 'fast' : 'immediate', 'stop'])
      } finally {
        if (!keepDir) rmSync(dir, { recursive: true, force: true })
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

function run(command: string, args: string[]): void {
  const [file, fileArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  execFileSync(file, fileArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: os.tmpdir() })
}

function findPostgresBin(): string {
  const versioned = '/usr/lib/postgresql'
  const candidates = existsSync(versioned)
    ? readdirSync(versioned)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(versioned, version, 'bin'))
    : []
  candidates.push('/usr/local/bin', '/usr/bin')
  const bin = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(path.join(dir, name))),
  )
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found')
  return bin
}

// PostgreSQL refuses to run as root: it runs as the `postgres` OS user then.
function ensurePostgresUser(): void {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/bin/false', 'postgres'])
  }
}

function chownPostgres(dir: string): void {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  chownSync(dir, uid, gid)
}
