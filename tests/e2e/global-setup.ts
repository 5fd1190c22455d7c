// Starts the real product (built web app + API server on a throwaway SQLite database) once for
// every browser suite, and makes sure Debian's Chromium is there to drive it.
import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

export const CHROMIUM_PATH = '/usr/bin/chromium'
const ADMIN = { username: 'admin', password: 'e2e-password-1234' }

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    admin: { username: string; password: string }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Server exited early:\n${output()}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`Server did not become healthy:\n${output()}`)
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' })
  }
  if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' })

  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'))
  const port = await freePort()
  let log = ''
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (d) => {
    log += d
  })
  server.stderr?.on('data', (d) => {
    log += d
  })
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, server, () => log)
  project.provide('baseUrl', baseUrl)
  project.provide('admin', ADMIN)

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}
