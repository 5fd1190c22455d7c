// The real server (`node --import tsx server/main.ts`) as a child process, as `npm start` runs
// it minus the web build: benchmarks measure what a deployment would serve.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

export const ADMIN = { username: 'bench-admin', password: 'bench-password-1234' }

/** SQLite in a data directory, or PostgreSQL at a URL. */
export type Storage = { dataDir: string } | { databaseUrl: string }

export interface ServerProcess {
  url: string
  pid: number
  child: ChildProcess
  /** The last part of what the process printed (for failure messages). */
  output(): string
  alive(): boolean
  stop(): Promise<void>
}

/** The environment the server reads its database from (see server/config.ts). */
export function storageEnv(storage: Storage): Record<string, string> {
  return 'databaseUrl' in storage
    ? { DATABASE_URL: storage.databaseUrl, DATA_DIR: path.join(os.tmpdir(), 'bench-unused') }
    : { DATA_DIR: storage.dataDir, DATABASE_URL: '' }
}

export async function startServer(
  storage: Storage,
  { logLevel = 'warn' }: { logLevel?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...storageEnv(storage),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: logLevel,
      // API only: no web build needed (and none is served).
      WEB_DIST_DIR: path.join(os.tmpdir(), 'bench-no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const alive = () => child.exitCode === null && child.signalCode === null
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    child,
    output: () => log,
    alive,
    async stop() {
      if (!alive()) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
  try {
    await waitUntilOk(`${server.url}/api/health`, 120_000, () => {
      if (!alive()) throw new Error(`The server exited early:\n${log}`)
    })
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return server
}

/** Polls `url` until it answers 2xx; `check` may throw to give up early. */
export async function waitUntilOk(url: string, timeoutMs: number, check = () => {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    check()
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

/**
 * Waits until the server has worked off the requests a run left behind (timed-out requests
 * keep running server-side), so the next run does not pay for them. One health check is not
 * enough: it queues behind the next query of each unfinished request, not behind all of them;
 * a quick answer means the queue is empty. Returns the milliseconds waited.
 */
export async function settle(url: string): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < 300_000) {
    const asked = performance.now()
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(60_000) }).catch(() => {})
    if (performance.now() - asked < 50) break
  }
  return performance.now() - started
}

export async function login(baseUrl: string, credentials = ADMIN): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  if (response.status !== 200) {
    throw new Error(`Login failed: ${response.status} ${await response.text()}`)
  }
  return ((await response.json()) as { token: string }).token
}

/** A small JSON client bound to one server and token. */
export function apiClient(baseUrl: string, token: string) {
  const call = async (method: string, url: string, body?: unknown, headers = {}) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      text,
      // biome-ignore lint/suspicious/noExplicitAny: response shapes are checked by the caller
      json: (): any => JSON.parse(text),
    }
  }
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    put: (url: string, body: unknown, headers = {}) => call('PUT', url, body, headers),
  }
}
export type ApiClient = ReturnType<typeof apiClient>

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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
