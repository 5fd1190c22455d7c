// The API server of `npm run dev`, started by scripts/dev.ts (the one process that watches the
// files): server/main.ts's start-up (config, database, migrations, first operator), but a schema
// edit is applied inside the running process instead of by a restart. Fastify compiles a route's
// validator when the route is registered, so a reload builds a whole new app over the same
// database (about a second on a busy machine: compiled validators of unchanged schemas are
// reused, see server/validation.ts) and then swaps it in; a restart pays for loading every
// module again (8–13 s on a busy 2-core machine). One HTTP server hands each request to the
// current app, so nothing is refused while the next one is built, and requests under way finish
// on the app that took them.
// Messages from dev.ts (IPC): 'reload-schemas'; the answer, 'schemas-reloaded', comes once the
// new rules are served (or the mistakes printed).
// A schema file with mistakes leaves the last good rules in force (the report is printed, and
// the browser shows it); with no good rules yet, every request answers 503 until a fix is saved.
import { createServer } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app'
import { ensureInitialOperator } from '../server/auth/operators'
import { ConfigError, loadConfig } from '../server/config'
import { createDatabase } from '../server/db/connection'
import { migrateToLatest } from '../server/db/migrate'
import { indexMarkedFieldsLive } from '../server/lib/custom-field-indexes'
import { missingFieldsReport } from '../server/lib/missing-fields'
import { READ_WORKER_PAGES } from '../server/read-worker-pages'
// The server's own check: a mistake in a ui schema stops only the page (the server reads a ui
// schema for its titles alone, and names fields by the data schema while it is broken).
import { checkSchemas, formatReport } from '../server/schema-check'
import { loadSchemas as loadSchemaFiles } from '../server/schemas'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Configuration error: ${error.message}`)
  process.exit(1)
}
const database = createDatabase(config, {
  readWorkers: config.sqliteReadWorkers,
  workerPages: READ_WORKER_PAGES,
  onConnectionError: (error) => console.warn('database connection failed:', error.message),
})
await database.exclusively(async () => {
  const applied = await migrateToLatest(database.db)
  if (applied.length > 0) console.log(`database migrated: ${applied.join(', ')}`)
  await ensureInitialOperator(database.db, config, { info: console.log, warn: console.warn })
})

let current: FastifyInstance | undefined

/** Checks the schema files and, if they are sound, serves a new app built from them. */
async function loadSchemas(): Promise<void> {
  const started = performance.now()
  const { problems } = checkSchemas(config.schemasDir)
  if (problems.length > 0) {
    console.error(formatReport(problems))
    console.error(
      current
        ? 'The API keeps the rules of the last good save until they are fixed.'
        : 'The API answers 503 until they are fixed.',
    )
    return
  }
  let next: FastifyInstance | undefined
  try {
    next = await buildApp({ db: database.db, config })
    await next.ready()
  } catch (error) {
    console.error('The API could not load the schemas:', error)
    await next?.close().catch(() => {})
    return
  }
  const previous = current
  current = next
  // Closing leaves the database open (the caller owns it) and lets requests under way finish.
  await previous?.close()
  if (serving) {
    const seconds = ((performance.now() - started) / 1000).toFixed(2)
    console.log(`API: schemas ${previous ? 'reloaded' : 'loaded'} in ${seconds} s`)
  }
  reportMissingFields()
  indexMarkedFields()
}

// PostgreSQL: a custom field newly marked sortable or filterable gets its index now, not at the
// next start (issue 27). Built concurrently after the reload has answered (a big table takes a
// while, and writes go on meanwhile); one build at a time; logged, and never fails the reload.
let indexing = Promise.resolve()
function indexMarkedFields(): void {
  indexing = indexing.then(async () => {
    try {
      await indexMarkedFieldsLive(database.db, loadSchemaFiles(config.schemasDir), {
        info: (message) => console.log(`API: ${message}`),
        warn: (message) => console.warn(`API: ${message}`),
      })
    } catch (error) {
      console.warn('API: could not index the marked custom fields:', error)
    }
  })
}

// A field made required that existing records lack (issue 27): counted after each good load,
// without holding the reload's answer up (a count scans the table), and printed when the
// report changes, so an edit of a label does not repeat it.
let reports = 0
let lastReport: string[] = []
function reportMissingFields(): void {
  const report = ++reports
  missingFieldsReport(database.db, config.schemasDir).then(
    (lines) => {
      if (report !== reports || lines.join('\n') === lastReport.join('\n')) return
      if (lines.length > 0) console.warn(lines.map((line) => `API: ${line}`).join('\n'))
      else console.log('API: every record now has the fields the schemas require')
      lastReport = lines
    },
    (error: unknown) =>
      console.warn('API: could not count the records that lack a required field:', error),
  )
}

let serving = false
await loadSchemas()
serving = true
const server = createServer((request, response) => {
  if (current) return current.routing(request, response)
  response.writeHead(503, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ detail: 'The schema files have mistakes: see `npm run dev`.' }))
})
server.listen(config.port, config.host, () => {
  const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host
  console.log(`API ready at http://${shownHost}:${config.port}/ (database: ${database.dialect})`)
})

// One reload at a time, in the order asked (dev.ts also waits for each answer).
let reloads = Promise.resolve()
process.on('message', (message) => {
  if (message !== 'reload-schemas') return
  reloads = reloads
    .then(loadSchemas)
    .catch((error: unknown) => console.error('The API could not reload the schemas:', error))
    .then(() => void process.send?.('schemas-reloaded'))
})

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  server.close()
  server.closeAllConnections()
  await current?.close()
  await database.destroy()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
// dev.ts is gone (killed, crashed): the API must not outlive it and hold the port.
process.once('disconnect', () => void stop())
