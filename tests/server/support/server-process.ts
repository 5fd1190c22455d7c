import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { expect } from 'vitest'

// Runs the real server (`node --import tsx server/main.ts`) as a child process, for the suites
// that kill it, stop it or take its database away: things `app.inject()` cannot show.

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')

export const ADMIN = { username: 'admin', password: 'reliability-password-1234' }

/** Where the server keeps its data: a DATA_DIR (SQLite) or a DATABASE_URL (PostgreSQL). */
export type Storage = { dataDir: string } | { databaseUrl: string }

export interface ServerProcess {
  url: string
  port: number
  child: ChildProcess
  /** Everything the process printed so far (for failure messages). */
  output(): string
  /** Resolves once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  alive(): boolean
}

export async function startServer(
  storage: Storage,
  options: { logLevel?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'dataDir' in storage ? storage.dataDir : path.join(os.tmpdir(), 'unused-data-dir'),
      DATABASE_URL: 'databaseUrl' in storage ? storage.databaseUrl : '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: options.logLevel ?? 'warn',
      // API only: serving the web build is not what these suites test.
      WEB_DIST_DIR: path.join(os.tmpdir(), 'backoffice-no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-200_000)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => log,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  }
  try {
    await waitForHealth(server)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return server
}

/** Waits until /api/health answers 200; fails at once if the process exits. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`Server exited early:\n${server.output()}`)
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error(`Server did not become healthy:\n${server.output()}`)
}

/** SIGTERM (or the given signal) and the exit it leads to; SIGKILL if it takes too long. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server.alive()) return server.exited
  server.child.kill(signal)
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000)
  try {
    return await server.exited
  } finally {
    clearTimeout(timer)
  }
}

/** Logs in as the admin the server created from ADMIN_USERNAME/ADMIN_PASSWORD. */
export async function login(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const text = await response.text()
  expect(response.status, text).toBe(200)
  return JSON.parse(text).token as string
}

/** A small JSON client bound to one server and token. */
export function apiClient(server: ServerProcess, token: string) {
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, text, json: () => JSON.parse(text) }
  }
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    put: (url: string, body: unknown) => call('PUT', url, body),
    /** A create that must answer 201; its id. */
    async create(url: string, body: unknown): Promise<number> {
      const response = await call('POST', url, body)
      expect(response.status, response.text).toBe(201)
      return response.json().id as number
    },
  }
}

/** A fresh, empty storage of this kind and a function that removes it. */
export async function freshStorage(
  dialect: 'sqlite' | 'postgres',
  adminUrl: string,
): Promise<{ storage: Storage; remove: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-process-'))
    return {
      storage: { dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const name = `t_${randomBytes(6).toString('hex')}`
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    storage: { databaseUrl: url.toString() },
    remove: () =>
      withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ),
  }
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}

export function freePort(): Promise<number> {
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

/** Polls until `condition()` holds; fails after the timeout. */
export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await sleep(20)
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
