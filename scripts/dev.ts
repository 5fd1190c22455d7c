// `npm run dev`: the live loop. Vite's dev server (hot reload; a schema edit reloads the open
// page, see scripts/form-validators-plugin.ts) and the API server (scripts/dev-api.ts) in one
// command; Ctrl-C stops both. `npm run dev:server` runs the API part alone.
//   PORT             the API server's port (default 8080)
//   WEB_PORT         Vite's port (default 5173)
//   API_PROXY_TARGET where Vite sends /api (default http://localhost:$PORT, read by vite.config.ts)
//
// This process is the only watcher of the API's files (issue 27: `node --watch-path` nested one
// watcher in another, since Node 20 drops only every other `--watch-path=` flag when it starts
// the child, and their restarts raced each other for the port, so the API stopped following
// edits). A schema edit asks the running API to reload its schemas, about a second; restarting
// it costs 8–13 s on a busy machine (every module loaded again), too slow for an analyst's loop.
// An edit of the server's code restarts it: the old process has exited before the next starts.
// Changes are gathered for a moment (an editor may write several files) and handled one batch
// at a time, so a save during a reload or restart is picked up right after it.
// It also keeps types/schema-types.ts in step with schemas/ (two seconds after start and after
// the last schema edit, so the API's reload goes first): a failure there is only a warning.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, type FSWatcher, statSync, watch } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** What the API server is made of: a change in schemas/ reloads it, in the others restarts it. */
const SCHEMAS = 'schemas'
const API_CODE = ['server', 'scripts/dev-api.ts']
/** How long changes are gathered into one batch. */
const SETTLE_MS = 100
/** A reload not answered in this long (a stuck API) becomes a restart. */
const RELOAD_TIMEOUT_MS = 60_000

class ApiProcess {
  private child: ChildProcess | undefined
  private exited: Promise<void> = Promise.resolve()

  get running() {
    return this.child !== undefined
  }

  start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-api.ts'], {
      cwd: ROOT,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    })
    this.child = child
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (this.child === child) {
          this.child = undefined
          console.error(
            `The API server stopped (${signal ?? `exit code ${code}`}); it starts again at the next save.`,
          )
        }
        resolve()
      }),
    )
  }

  /** SIGTERM, and waits until the process has exited (SIGKILL after 10 s). */
  async stop() {
    const child = this.child
    if (!child) return this.exited
    this.child = undefined
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await this.exited
    clearTimeout(timer)
  }

  async restart() {
    await this.stop()
    this.start()
  }

  /** Asks the API to reload its schemas; resolves when it has (or has exited). */
  async reloadSchemas() {
    const child = this.child
    if (!child?.connected) return this.restart()
    const answered = await new Promise<boolean>((resolve) => {
      const done = (answer: boolean) => {
        clearTimeout(timer)
        child.off('message', onMessage)
        child.off('exit', onExit)
        resolve(answer)
      }
      const onMessage = (message: unknown) => {
        if (message === 'schemas-reloaded') done(true)
      }
      const onExit = () => done(true)
      const timer = setTimeout(() => done(false), RELOAD_TIMEOUT_MS)
      child.on('message', onMessage)
      child.once('exit', onExit)
      child.send('reload-schemas')
    })
    if (!answered) {
      console.error('The API server did not reload its schemas in time: restarting it.')
      await this.restart()
    }
  }
}

/** Calls `onChange` with 'schemas' or 'code' for every change of the API's files. */
function watchApiFiles(onChange: (kind: 'schemas' | 'code') => void): FSWatcher[] {
  const watchers: FSWatcher[] = []
  const ignored = (name: string) => /(^|[/\\])(\.|#)|~$|\.sw[a-px]$|^\d+$/.test(name)
  for (const input of [SCHEMAS, ...API_CODE]) {
    const full = path.join(ROOT, input)
    if (!existsSync(full)) continue
    const kind = input === SCHEMAS ? 'schemas' : 'code'
    if (statSync(full).isDirectory()) {
      watchers.push(
        watch(full, { recursive: true }, (_event, name) => {
          if (name && !ignored(name)) onChange(kind)
        }),
      )
    } else {
      // The folder, not the file: an editor that saves by renaming replaces the file watched.
      const base = path.basename(full)
      watchers.push(watch(path.dirname(full), (_event, name) => name === base && onChange(kind)))
    }
  }
  return watchers
}

async function startWeb() {
  process.env.API_PROXY_TARGET ??= `http://localhost:${process.env.PORT ?? 8080}`
  // A note about Vite's next major version, not for the person running the loop.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'
  const { createServer } = await import('vite')
  const server = await createServer({
    root: ROOT,
    server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  })
  await server.listen()
  server.printUrls()
  return server
}

/** Regenerates types/schema-types.ts (the editor's types); never stops or delays the servers. */
async function refreshSchemaTypes() {
  try {
    const { SCHEMA_TYPES_FILE, writeSchemaTypes } = await import('./schema-types/generate')
    if (await writeSchemaTypes(ROOT)) console.log(`${SCHEMA_TYPES_FILE} regenerated from schemas/.`)
  } catch (error) {
    console.warn(`Schema types not regenerated: ${error instanceof Error ? error.message : error}`)
  }
}
let typesTimer: NodeJS.Timeout | undefined
const scheduleSchemaTypes = () => {
  clearTimeout(typesTimer)
  typesTimer = setTimeout(() => void refreshSchemaTypes(), 2000)
}

const api = new ApiProcess()
api.start()
scheduleSchemaTypes()
let stopping = false
let pending: 'schemas' | 'code' | undefined
let busy = false
let timer: NodeJS.Timeout | undefined
const watchers = watchApiFiles((kind) => {
  pending = pending === 'code' || kind === 'code' ? 'code' : 'schemas'
  if (kind === 'schemas') scheduleSchemaTypes()
  clearTimeout(timer)
  timer = setTimeout(() => void follow(), SETTLE_MS)
})
/** Handles the gathered changes, one batch at a time, until none is left. */
async function follow() {
  if (busy) return // the batch under way looks again when it is done
  busy = true
  try {
    while (pending && !stopping) {
      const kind = pending
      pending = undefined
      if (kind === 'code' || !api.running) await api.restart()
      else await api.reloadSchemas()
    }
  } finally {
    busy = false
  }
}

const web = process.argv.includes('--api-only') ? undefined : await startWeb()
const stop = async (code: number) => {
  if (stopping) return
  stopping = true
  clearTimeout(typesTimer)
  for (const watcher of watchers) watcher.close()
  // Vite may wait for open pages to disconnect; a stop must not hang on that.
  await Promise.race([
    Promise.all([api.stop(), web?.close()]),
    new Promise((resolve) => setTimeout(resolve, 5000)),
  ])
  process.exit(code)
}
process.once('SIGINT', () => void stop(0))
process.once('SIGTERM', () => void stop(0))
