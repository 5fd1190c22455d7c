import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest'
import type { Storage } from '../../../scripts/support/server-process'
import { type BuildAppOptions, buildApp } from '../../../server/app'
import { addOperator } from '../../../server/auth/operators'
import type { ScryptCost } from '../../../server/auth/passwords'
import type { Role } from '../../../server/auth/rights'
import type { Config } from '../../../server/config'
import { createDatabase, type DatabaseHandle, type Dialect } from '../../../server/db/connection'
import { migrateToLatest } from '../../../server/db/migrate'
import type { Database } from '../../../server/db/types'
import { waitForRecounts } from '../../../server/lib/read-cache'
import { READ_WORKER_PAGES } from '../../../server/read-worker-pages'
import { DEFAULT_SCHEMAS_DIR } from '../../../server/schemas'

// Runs a suite once per database. Each file gets its own database (a temp DATA_DIR for SQLite,
// a fresh `t_<random>` database on the throwaway PostgreSQL cluster), migrated once and shared
// by the file's tests; tests use unique usernames (or `truncate()`) so they do not collide.

/** Cheap scrypt for operators made by tests; the server's default stays slow. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1024, r: 8, p: 1 }

export interface TestOperator {
  id: number
  username: string
  password: string
}

export interface AppOverrides extends Partial<Omit<BuildAppOptions, 'db' | 'config'>> {
  config?: Partial<Config>
}

export interface DatabaseSuite {
  dialect: Dialect
  /** Valid inside tests and hooks. */
  readonly db: Kysely<Database>
  /** The config this database was created with (DATA_DIR or DATABASE_URL set accordingly). */
  readonly config: Config
  /** A new app on this database with logging off; closed after the test. Not yet ready, so a
   * test may still add routes before its first inject(). */
  makeApp(overrides?: AppOverrides): Promise<FastifyInstance>
  /** An administrator unless `role` says otherwise. */
  createOperator(fields?: {
    username?: string
    password?: string
    role?: Role
  }): Promise<TestOperator>
  /** Logs in and returns the token, failing the test unless the login answers 200. */
  login(app: FastifyInstance, username: string, password: string): Promise<string>
  loginAsNewOperator(app: FastifyInstance): Promise<{ token: string; operator: TestOperator }>
  /** Empties every table (for tests that need an empty database). */
  truncate(): Promise<void>
}

export function describeEachDatabase(name: string, body: (suite: DatabaseSuite) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe(`${name} [${dialect}]`, () => body(databaseSuite(dialect)))
  }
}

/** A config suitable for tests: no admin env, no web build. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), 'unused-data-dir'),
    databaseUrl: null,
    adminUsername: null,
    adminPassword: null,
    webDistDir: path.join(os.tmpdir(), 'backoffice-no-web-build'),
    schemasDir: DEFAULT_SCHEMAS_DIR,
    logLevel: 'silent',
    tokenTtlHours: 12,
    dbPoolSize: 10,
    dbStatementTimeoutMs: 0,
    sqliteReadWorkers: 2,
    shutdownDelaySeconds: 0,
    trashDays: 30,
    ...overrides,
  }
}

let counter = 0
export function uniqueName(prefix = 'operator'): string {
  counter += 1
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}`
}

function databaseSuite(dialect: Dialect): DatabaseSuite {
  let handle: DatabaseHandle | undefined
  let config: Config | undefined
  let cleanup: () => Promise<void> = async () => {}
  const apps: FastifyInstance[] = []

  beforeAll(async () => {
    const prepared = await prepare(dialect)
    config = prepared.config
    cleanup = prepared.cleanup
    handle = createDatabase(config, {
      readWorkers: config.sqliteReadWorkers,
      workerPages: READ_WORKER_PAGES,
    })
    // A list read after a write waits for its total's recount however long it takes, so that a
    // test's totals never depend on the machine's speed; a test of totals that are not exact
    // says 0 (decision 030).
    waitForRecounts(handle.db, Number.POSITIVE_INFINITY)
    await migrateToLatest(handle.db)
  })

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()))
  })

  afterAll(async () => {
    await handle?.destroy()
    await cleanup()
  })

  const suite: DatabaseSuite = {
    dialect,
    get db() {
      if (!handle) throw new Error('The database exists only inside tests and hooks')
      return handle.db
    },
    get config() {
      if (!config) throw new Error('The config exists only inside tests and hooks')
      return config
    },
    async makeApp(overrides = {}) {
      const { config: configOverrides, ...rest } = overrides
      const app = await buildApp({
        db: suite.db,
        config: { ...suite.config, ...configOverrides },
        logger: false,
        passwordCost: TEST_SCRYPT_COST,
        ...rest,
      })
      apps.push(app)
      return app
    },
    async createOperator(fields = {}) {
      const username = fields.username ?? uniqueName()
      const password = fields.password ?? `pw-${randomBytes(8).toString('hex')}`
      const id = await addOperator(suite.db, username, password, {
        cost: TEST_SCRYPT_COST,
        role: fields.role,
      })
      return { id, username, password }
    },
    async login(app, username, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().token as string
    },
    async loginAsNewOperator(app) {
      const operator = await suite.createOperator()
      return { operator, token: await suite.login(app, operator.username, operator.password) }
    },
    async truncate() {
      await suite.db.deleteFrom('sessions').execute()
      await suite.db.deleteFrom('recoveryCodes').execute()
      await suite.db.deleteFrom('operators').execute()
    },
  }
  return suite
}

async function prepare(
  dialect: Dialect,
): Promise<{ config: Config; cleanup: () => Promise<void> }> {
  const { storage, remove } = await freshStorage(dialect, inject('pgUrl'))
  return { config: testConfig(storage), cleanup: remove }
}

/** A fresh, empty storage of this kind (on the cluster at `adminUrl`) and a function that removes it. */
export async function freshStorage(
  dialect: Dialect,
  adminUrl: string,
): Promise<{ storage: Storage; remove: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'))
    return {
      storage: { dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const name = `t_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    storage: { databaseUrl: url.toString() },
    remove: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  }
}

async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}
