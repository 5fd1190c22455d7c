// `npm run dev`: the live loop. The API server (restarted by Node whenever a file in schemas/ or
// the server's code changes) and Vite's dev server (hot reload; a schema edit reloads the open
// page, see scripts/form-validators-plugin.ts) in one command; Ctrl-C stops both.
// `npm run dev:server` runs the API part alone. Both keep types/schema-types.ts in step with
// schemas/ (on start and after each schema edit), beside the servers: a failure is only a warning.
//   PORT             the API server's port (default 8080)
//   WEB_PORT         Vite's port (default 5173)
//   API_PROXY_TARGET where Vite sends /api (default http://localhost:$PORT, read by vite.config.ts)
import { type ChildProcess, spawn } from 'node:child_process'
import { watch } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** What the API server is made of: a change in any of these restarts it. */
const API_WATCH = ['server', 'schemas']

function startApi(): ChildProcess {
  const watch = API_WATCH.map((dir) => `--watch-path=${dir}`)
  return spawn(process.execPath, ['--import', 'tsx', ...watch, 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
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

/** Two seconds after start and after the last schema edit: the servers' restart goes first. */
function keepSchemaTypesFresh() {
  let timer = setTimeout(() => void refreshSchemaTypes(), 2000)
  try {
    const watcher = watch(new URL('../schemas/', import.meta.url), () => {
      clearTimeout(timer)
      timer = setTimeout(() => void refreshSchemaTypes(), 2000)
    })
    watcher.on('error', () => watcher.close())
    watcher.unref()
  } catch (error) {
    console.warn(
      `schemas/ not watched for types: ${error instanceof Error ? error.message : error}`,
    )
  }
}

const api = startApi()
keepSchemaTypesFresh()
const web = process.argv.includes('--api-only') ? undefined : await startWeb()
let stopping = false
const stop = async (code: number) => {
  if (stopping) return
  stopping = true
  api.kill('SIGTERM')
  // Vite may wait for open pages to disconnect; a stop must not hang on that.
  await Promise.race([web?.close(), new Promise((resolve) => setTimeout(resolve, 3000))])
  process.exit(code)
}
// Node's watch mode keeps the API process alive across crashes: it exits only when stopped.
api.once('exit', (code) => void stop(code ?? 1))
process.once('SIGINT', () => void stop(0))
process.once('SIGTERM', () => void stop(0))
