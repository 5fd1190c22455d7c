import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

// Every server suite runs on SQLite and on PostgreSQL. Unless DATABASE_URL points at a server
// already, this starts a throwaway PostgreSQL cluster for the run and removes it afterwards.
// If PostgreSQL cannot be started the run fails: silently testing one database only would hide
// exactly the bugs this is for.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server on which suites may create their own databases. */
    pgUrl: string
  }
}

export default async function setup(project: TestProject) {
  const existing = process.env.DATABASE_URL?.trim()
  if (existing) {
    project.provide('pgUrl', existing)
    return
  }
  const cluster = await startCluster()
  project.provide('pgUrl', cluster.url)
  return cluster.stop
}

const asRoot = process.getuid?.() === 0

async function startCluster(): Promise<{ url: string; stop: () => void }> {
  const bin = findPostgresBin() ?? installPostgres()
  // PostgreSQL refuses to run as root: run it as the `postgres` OS user then.
  if (asRoot) ensurePostgresUser()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-pg-'))
  if (asRoot) chownOsUser(dir)
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  const pgCtl = path.join(bin, 'pg_ctl')
  try {
    run(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ])
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${dir}'`,
      // Durability is pointless for a throwaway cluster; these make the suite much faster.
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ')
    run(pgCtl, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      serverOptions,
      'start',
    ])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start a PostgreSQL cluster for the server tests: ${error}`)
  }
  const stop = () => {
    try {
      run(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
}

function run(command: string, args: string[]): void {
  const [file, fileArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  execFileSync(file, fileArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: os.tmpdir() })
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

function chownOsUser(dir: string): void {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  chownSync(dir, uid, gid)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
