import { refuseBrokenSchemas } from '../scripts/schema-check/refuse'
import { buildApp } from './app'
import { ensureInitialOperator } from './auth/operators'
import { ConfigError, loadConfig } from './config'
import { createDatabase } from './db/connection'
import { migrateToLatest } from './db/migrate'

// The process entry point (`npm start`): config, database, migrations, first operator, listen;
// and a clean shutdown on SIGTERM/SIGINT so deploys and Ctrl-C never cut a request short.

async function main(): Promise<void> {
  const config = loadConfig()
  // The same check as `npm run check:schemas`, however the server is started (npm start, dev,
  // a process manager): broken schemas would otherwise fail requests, or the database, later.
  refuseBrokenSchemas(config.schemasDir, 'The server does not start')
  const database = createDatabase(config, {
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection failed'),
  })
  const app = await buildApp({ db: database.db, config })

  const applied = await migrateToLatest(database.db)
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated')
  await ensureInitialOperator(database.db, config, {
    info: (message) => app.log.info(message),
    warn: (message) => app.log.warn(message),
  })

  let stopping = false
  // Once stopping, every response says `Connection: close`: a kept-alive connection would
  // otherwise stay open after its last response and hold the exit up until its idle timeout.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close')
    return payload
  })
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    try {
      // Stops accepting connections and waits for in-flight requests before resolving.
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
}

main().catch((error: unknown) => {
  // Configuration mistakes get a one-line message; anything else its full error.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else console.error('Failed to start the server:', error)
  process.exit(1)
})
