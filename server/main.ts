import { buildApp } from './app'
import { ensureInitialOperator } from './auth/operators'
import { ConfigError, loadConfig } from './config'
import { createDatabase } from './db/connection'
import { migrateToLatest } from './db/migrate'
import { indexCustomFields } from './lib/custom-field-indexes'
import { warnOfMissingFields } from './lib/missing-fields'
import { READ_WORKER_PAGES } from './read-worker-pages'
import { refuseBrokenSchemas } from './schema-check/refuse'
import { loadSchemas } from './schemas'
import { startTrashSweeps } from './trash/trash-sweep'

// The process entry point (`npm start`): config, database, migrations, first operator, listen;
// and a clean shutdown on SIGTERM/SIGINT so deploys and Ctrl-C never cut a request short:
// readiness answers 503 for SHUTDOWN_DELAY_SECONDS while requests are still served (a load
// balancer takes the instance out of rotation), then the server stops accepting, drains and
// exits 0.

async function main(): Promise<void> {
  const config = loadConfig()
  // The data schemas' part of `npm run check:schemas` (the ui schemas are the web app's),
  // however the server is started (npm start, dev, a process manager): broken schemas would
  // otherwise fail requests, or the database, later.
  refuseBrokenSchemas(config.schemasDir, 'The server does not start')
  const database = createDatabase(config, {
    readWorkers: config.sqliteReadWorkers,
    workerPages: READ_WORKER_PAGES,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection failed'),
  })
  const lifecycle = { stopping: false }
  const app = await buildApp({ db: database.db, config, lifecycle })

  // Instances started together take turns: one migrates and creates the first operator, the
  // others then find both done.
  await database.exclusively(async () => {
    const applied = await migrateToLatest(database.db)
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated')
    // PostgreSQL: the indexes of the custom fields lists sort and filter by.
    const indexes = await indexCustomFields(database.db, loadSchemas(config.schemasDir))
    if (indexes.length > 0) app.log.info({ indexes }, 'custom field indexes in place')
    await ensureInitialOperator(database.db, config, {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
    })
  })

  // Deleted records older than TRASH_DAYS go for good; one instance at a time on PostgreSQL.
  const stopSweeps = startTrashSweeps(database.db, config.trashDays, (error) =>
    app.log.error({ err: error }, 'emptying the trash failed'),
  )

  // Once stopping, every response says `Connection: close`: a kept-alive connection would
  // otherwise stay open after its last response and hold the exit up until its idle timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.stopping) reply.header('connection', 'close')
    done(null, payload)
  })
  const stop = async (signal: string) => {
    if (lifecycle.stopping) return
    lifecycle.stopping = true
    const delay = config.shutdownDelaySeconds
    app.log.info({ signal, delaySeconds: delay }, 'shutting down: readiness now answers 503')
    try {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay * 1000))
      app.log.info('no longer accepting connections; draining')
      // Stops accepting connections and waits for in-flight requests before resolving.
      stopSweeps()
      await app.close()
      await database.destroy()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host
  console.log(`Back-office ready at http://${shownHost}:${port}/ (database: ${database.dialect})`)
  // A field the schemas make required that existing records lack (issue 27): how many, as a
  // warning once serving (a count scans the table; the records stay readable meanwhile).
  await warnOfMissingFields(database.db, config.schemasDir, (line) => app.log.warn(line))
}

main().catch((error: unknown) => {
  // Configuration mistakes get a one-line message; anything else its full error.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else console.error('Failed to start the server:', error)
  process.exit(1)
})
