// The real server (`node --import tsx server/main.ts`) as a child process, as `npm start` runs
// it minus the web build: benchmarks measure what a deployment would serve, and the suites that
// kill it, stop it or take its database away see what `app.inject()` cannot show.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

/** The admin the server creates at start-up from ADMIN_USERNAME/ADMIN_PASSWORD. */
export const ADMIN = { username: 'bench-admin', password: 'bench-password-1234' }

/** SQLite in a data directory, or PostgreSQL at a URL. */
export type Storage = { dataDir: string } | { databaseUrl: string }

export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null }

export interface ServerProcess {
  url: string
  port: number
  pid: number
  child: ChildProcess
  /** The last part of what the process printed (for failure messages). */
  output(): string
  /** Resolves once the process has exited. */
  exited: Promise<ProcessExit>
  alive(): boolean
  /** SIGTERM (or the given signal) and the exit it leads to; SIGKILL if it takes too long. */
  stop(signal?: NodeJS.Signals): Promise<ProcessExit>
}

/** The environment the server reads its database from (see server/config.ts). */
export function storageEnv(storage: Storage): Record<string, string> {
  return 'databaseUrl' in storage
    ? { DATABASE_URL: storage.databaseUrl, DATA_DIR: path.join(os.tmpdir(), 'bench-unused') }
    : { DATA_DIR: storage.dataDir, DATABASE_URL: '' }
}

export async function startServer(
  storage: Storage,
  {
    logLevel = 'warn',
    env = {},
    nodeArgs = [],
  }: {
    logLevel?: string
    /** More variables, e.g. WEB_DIST_DIR and SCHEMAS_DIR to serve a build made elsewhere. */
    env?: Record<string, string>
    /** Node's own options, e.g. `--cpu-prof` (which NODE_OPTIONS may not carry). */
    nodeArgs?: string[]
  } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  let log = ''
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-200_000)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const alive = () => child.exitCode === null && child.signalCode === null
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    child,
    output: () => log,
    exited,
    alive,
    async stop(signal = 'SIGTERM') {
      if (!alive()) return exited
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      try {
        return await exited
      } finally {
        clearTimeout(timer)
      }
    },
  }
  try {
    await waitForHealth(server, 120_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return server
}

/** Waits until /api/health answers 2xx; fails at once if the process exits. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  try {
    await waitUntilOk(`${server.url}/api/health`, timeoutMs, () => {
      if (!server.alive()) throw new Error('The server exited early')
    })
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${server.output()}`)
  }
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
    await sleep(100)
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
    /** A create that must answer 201; its id. */
    async create(url: string, body: unknown): Promise<number> {
      const response = await call('POST', url, body)
      if (response.status !== 201) {
        throw new Error(`POST ${url} answered ${response.status}: ${response.text}`)
      }
      return response.json().id as number
    },
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
