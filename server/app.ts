import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import type { Kysely } from 'kysely'
import { registerAuthentication } from './auth/authenticate'
import { createLoginLimiter, type LoginLimiter } from './auth/login-limiter'
import { registerMeRoutes } from './auth/me-routes'
import type { ScryptCost } from './auth/passwords'
import { registerAuthRoutes } from './auth/routes'
import type { SessionPolicy } from './auth/sessions'
import { registerTwoFactorRoutes } from './auth/two-factor-routes'
import { registerBulkRoutes } from './bulk/bulk-routes'
import type { Config } from './config'
import type { Database } from './db/types'
import { ENTITIES } from './entities'
import { capabilityPlugin, type Entity, entityPlugin } from './entity'
import { frameworkErrors, HttpError, registerErrorHandlers } from './errors'
import { createEventHub } from './events/event-hub'
import { registerEventRoutes } from './events/event-routes'
import { registerWriteEvents } from './events/write-events'
import { type Lifecycle, registerHealth } from './health'
import { registerHistoryRoutes } from './history/history-routes'
import { registerRecentChangesRoute } from './history/recent-changes-routes'
import { registerRevertRoutes } from './history/revert-routes'
import { registerImportRoutes } from './imports/import-routes'
import { registerDeleteRoutes } from './lib/delete-routes'
import { registerFieldTitles } from './lib/field-titles'
import { parseQueryString } from './lib/query-schema'
import { registerReadCacheInvalidation } from './lib/read-cache'
import { registerResponseSchemas } from './lib/responses'
import { registerStorageGuard } from './lib/storage-guard'
import { listenForWrites } from './lib/write-notices'
import { registerListRoutes } from './lists/list-routes'
import { registerMissingFieldRoutes } from './lists/missing-field-routes'
import { type LoggerConfig, loggerOptions } from './logging'
import { registerOpenApi, registerOpenApiRoutes } from './openapi'
import { registerOperatorRoutes } from './operators/operator-routes'
import { registerPresenceRoutes } from './presence/presence-routes'
import { memoryPresence, tablePresence } from './presence/presence-store'
import { registerSchemas } from './schemas'
import { registerSearchRoutes } from './search/search-routes'
import { registerSecurityHeaders } from './security-headers'
import { registerTrashRoutes } from './trash/trash-routes'
import { schemaController } from './validation'
import { registerWeb } from './web'

/** Default request body limit; image upload routes raise their own. */
export const BODY_LIMIT = 1024 * 1024

export interface BuildAppOptions {
  db: Kysely<Database>
  config: Config
  /** false silences logging (tests); an object is merged over the default pino options
   * (e.g. `{ stream }` to capture the output). */
  logger?: false | LoggerConfig
  /** Tests inject a clock to age sessions without waiting. */
  now?: () => number
  /** Tests lower the scrypt cost of passwords set through the API (the default is slow). */
  passwordCost?: ScryptCost
  /** Tests may inject a limiter; by default PostgreSQL's shared one, or one in memory (SQLite). */
  loginLimiter?: LoginLimiter
  /** main.ts sets `stopping` on SIGTERM so readiness answers 503 while requests drain. */
  lifecycle?: Lifecycle
  /** Folder of JSON Schemas; defaults to the config's (SCHEMAS_DIR, else the repository's). */
  schemasDir?: string
  /** Sees every route as it is registered, so tests can check each one is protected. */
  onRoute?: (route: RouteOptions) => void
  /** The entities served (./entities.ts by default); a test may add its own. */
  entities?: readonly Entity[]
  /** How often event streams send their keep-alive comment (tests shorten it). */
  eventsHeartbeatMs?: number
}

/**
 * Builds the whole HTTP application without listening, so tests drive it with `app.inject()`
 * and main.ts decides how to serve it. The caller owns `db` (closing the app leaves it open).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options
  const logging = loggerOptions(config)
  const app = Fastify({
    logger: options.logger === false ? false : { ...logging.logger, ...options.logger },
    logController: logging.logController,
    bodyLimit: BODY_LIMIT,
    schemaController,
    // One clean string per parameter for the routes' querystring schemas.
    routerOptions: { querystringParser: parseQueryString },
    // The router's own 400/414 (a malformed escape, an overlong id) answer `{detail}` too.
    frameworkErrors,
    // A request already on an open connection when SIGTERM arrives is served, not refused with
    // Fastify's own 503 body: the database stays open until the server has drained.
    return503OnClosing: false,
  })
  // Before anything else, so the hook also sees routes added by plugins (static files).
  if (options.onRoute) app.addHook('onRoute', options.onRoute)

  acceptEmptyJsonBodies(app)
  // Before any route, so it sees each one as it is registered.
  await registerOpenApi(app)
  const schemasDir = options.schemasDir ?? config.schemasDir
  registerSchemas(app, schemasDir)
  // Error messages and CSV headers name a field by the title an analyst gave it.
  registerFieldTitles(app, schemasDir)
  registerResponseSchemas(app)
  // Order matters: hooks and handlers registered first apply to every route added later.
  registerSecurityHeaders(app)
  const policy: SessionPolicy = {
    ttlHours: config.tokenTtlHours,
    now: options.now,
    passwordCost: options.passwordCost,
  }
  registerAuthentication(app, db, policy)
  const entities = options.entities ?? ENTITIES
  // Instances on one PostgreSQL tell each other about writes, so their caches agree and every
  // instance's event streams hear every write; on SQLite the streams hear them straight away.
  const hub = createEventHub()
  const notices = config.databaseUrl
    ? await listenForWrites(
        config.databaseUrl,
        db,
        app.log,
        hub.deliver,
        hub.deliverPresence,
        // The streams missed what other instances wrote meanwhile: ended, each client connects
        // again and refreshes what it shows, as after any drop (decision 024).
        () => hub.closeAll(),
      )
    : undefined
  if (notices) app.addHook('onClose', () => notices.close())
  registerReadCacheInvalidation(app, db, notices?.announce)
  const collections = new Map(
    entities.map((entity) => [entity.schemaId, entity.collection.replace(/^\/api\//, '')]),
  )
  registerWriteEvents(app, collections, (events) => {
    if (notices) void notices.announceEvents(events)
    else hub.deliver(events)
  })
  // Open streams never end by themselves: end them, or closing would wait on them forever.
  app.addHook('preClose', (done) => {
    hub.closeAll()
    done()
  })
  const pageFallback = await registerWeb(app, config.webDistDir)
  registerErrorHandlers(app, pageFallback)
  registerStorageGuard(app)

  registerHealth(app, db, options.lifecycle ?? { stopping: false })
  registerOpenApiRoutes(app)
  const limiter =
    options.loginLimiter ?? createLoginLimiter({}, config.databaseUrl ? db : undefined)
  registerAuthRoutes(app, { db, policy, limiter })
  registerTwoFactorRoutes(app, { db, limiter, now: options.now })
  registerMeRoutes(app, { db, policy, limiter })
  registerOperatorRoutes(app, { db, policy })
  registerEventRoutes(app, { db, hub, policy, heartbeatMs: options.eventsHeartbeatMs })
  // Who has which record's edit page open: shared through the database on PostgreSQL, in this
  // one process's memory on SQLite (decision 025).
  registerPresenceRoutes(app, {
    db,
    entities,
    store: config.databaseUrl ? tablePresence(db) : memoryPresence(),
    publish: async (record) =>
      notices ? notices.announcePresence(record) : hub.deliverPresence(record),
    now: options.now,
  })
  for (const entity of entities) await app.register(entityPlugin, { db, entity })
  const capabilities = [
    registerListRoutes,
    registerDeleteRoutes,
    registerBulkRoutes,
    registerHistoryRoutes,
    registerTrashRoutes,
    registerRevertRoutes,
    registerImportRoutes,
    registerSearchRoutes,
    registerRecentChangesRoute,
    registerMissingFieldRoutes,
  ]
  for (const register of capabilities) {
    await app.register(capabilityPlugin(register), { db, entities })
  }
  return app
}

// Clients that send `Content-Type: application/json` on a POST without a body (logout,
// make-preview-image) would otherwise get a 400. An empty body now parses as "no body", and a
// route that needs one still answers 400 through its schema.
// A NUL character (`"\u0000"`) is valid JSON but PostgreSQL text cannot hold it: the insert
// would fail with a 500, so such a body is refused here with a 400 naming the field.
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text === '') return done(null, undefined)
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined)
      const field = text.includes('\\u0000') ? fieldWithNul(value) : undefined
      if (field === undefined) return done(null, value)
      const name = field === '' ? 'Request body' : field
      done(new HttpError(400, `${name} must not contain NUL characters`), undefined)
    })
  })
}

const MAX_CHECKED_DEPTH = 8

/** The dotted path of the first string (or key) holding a NUL character, '' for the root. */
function fieldWithNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  // Deeper than any schema allows: the body is refused by validation anyway, and a long path
  // would make a useless message.
  if (typeof value !== 'object' || value === null || depth > MAX_CHECKED_DEPTH) return undefined
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return path || 'Request body'
    const found = fieldWithNul(item, itemPath, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}
