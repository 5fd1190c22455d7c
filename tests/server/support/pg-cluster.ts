import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-process'

// A PostgreSQL cluster of a suite's own, for a test that stops and restarts it (the run's shared
// cluster must stay up for the other suites). global-setup.ts has already made sure the binaries
// and, when running as root, the `postgres` OS user exist. Commands run asynchronously so that
// requests can keep flowing while the cluster stops.

const run = promisify(execFile)
const asRoot = process.getuid?.() === 0

export interface PgCluster {
  /** Admin URL (database `postgres`). */
  url: string
  /** Fast shutdown: open sessions are terminated, as in a failover or a restart. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops the cluster (if running) and deletes its files. */
  destroy(): Promise<void>
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBin()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-pg-own-'))
  if (asRoot) chownToPostgres(dir)
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  const pgCtl = (...args: string[]) => pg(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args])
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
  ].join(' ')
  const start = () =>
    pgCtl('-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start')
  const stop = () => pgCtl('-m', 'fast', '-w', 'stop')

  try {
    await pg(path.join(bin, 'initdb'), [
      ...['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    ])
    await start()
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function pg(command: string, args: string[]): Promise<void> {
  // PostgreSQL refuses to run as root: run it as the `postgres` OS user then.
  const [file, fileArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  await run(file, fileArgs, { cwd: os.tmpdir() })
}

function postgresBin(): string {
  const versioned = '/usr/lib/postgresql'
  const candidates = ['/usr/local/bin', '/usr/bin']
  if (existsSync(versioned)) {
    const versions = readdirSync(versioned).sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => path.join(versioned, version, 'bin')))
  }
  const found = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(path.join(dir, name))),
  )
  if (!found) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found')
  return found
}

function chownToPostgres(dir: string): void {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  chownSync(dir, id('-u'), id('-g'))
}
