// `npm run dev` (scripts/dev.ts) in a folder, as a child process: the analyst-loop benchmark and
// its browser test run it on a copy of the repository and edit that copy's schemas/.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ADMIN, freePort, type ProcessExit, waitUntilOk } from './server-process'

export interface DevProcess {
  /** The process of scripts/dev.ts (the API server is its child). */
  pid: number
  /** Vite's address; /api is proxied to the API server. */
  webUrl: string
  apiUrl: string
  output(): string
  stop(): Promise<ProcessExit>
}

export async function startDev(dir: string): Promise<DevProcess> {
  const [port, webPort] = [await freePort(), await freePort()]
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      WEB_PORT: String(webPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      API_PROXY_TARGET: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-100_000)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const dev: DevProcess = {
    pid: child.pid ?? 0,
    webUrl: `http://localhost:${webPort}`,
    apiUrl: `http://127.0.0.1:${port}`,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      try {
        return await exited
      } finally {
        clearTimeout(timer)
      }
    },
  }
  try {
    // Through Vite's proxy: both servers are up once this answers.
    await waitUntilOk(`${dev.webUrl}/api/health`, 120_000, () => {
      if (child.exitCode !== null) throw new Error('npm run dev exited early')
    })
  } catch (error) {
    await dev.stop()
    throw new Error(`${(error as Error).message}:\n${log}`)
  }
  return dev
}
