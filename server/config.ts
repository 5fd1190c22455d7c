import path from 'node:path'
import { DEFAULT_SCHEMAS_DIR } from './schemas'

// Everything the server reads from the environment, parsed once at start-up so a typo in a
// variable fails loudly here instead of surfacing as odd behaviour later.
export interface Config {
  port: number
  host: string
  /** Absolute path; holds the SQLite file when PostgreSQL is not used. */
  dataDir: string
  /** A postgres:// URL selects PostgreSQL; null means the embedded SQLite database. */
  databaseUrl: string | null
  adminUsername: string | null
  adminPassword: string | null
  /** Absolute path of the built web app (vite's outDir). */
  webDistDir: string
  /** Absolute path of the JSON Schemas the API validates with (tests point it at a copy). */
  schemasDir: string
  logLevel: string
  tokenTtlHours: number
  /** PostgreSQL connections each instance may open (the cluster's max_connections is shared). */
  dbPoolSize: number
  /** A PostgreSQL statement running longer is cancelled (0: no limit). */
  dbStatementTimeoutMs: number
  /** SQLite: worker threads answering plain reads on the other cores (0: all on the main
   * thread). PostgreSQL ignores it. */
  sqliteReadWorkers: number
  /** After SIGTERM, seconds of answering readiness 503 while still serving, so a load balancer
   * stops sending new requests before the instance stops accepting them. */
  shutdownDelaySeconds: number
  /** Days a deleted record stays in the trash before it is deleted for good (decision 022). */
  trashDays: number
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = optional(env.DATABASE_URL)
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }

  const adminUsername = optional(env.ADMIN_USERNAME)
  // Passwords are taken verbatim: trimming would change the secret the operator typed.
  const adminPassword = optional(env.ADMIN_PASSWORD) === null ? null : (env.ADMIN_PASSWORD ?? null)
  // One without the other is almost certainly a deployment mistake; refusing to start beats
  // silently generating a random admin password nobody sees.
  if ((adminUsername === null) !== (adminPassword === null)) {
    throw new ConfigError('Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither')
  }

  const logLevel = optional(env.LOG_LEVEL) ?? 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  }

  return {
    port: integerInRange(env.PORT, 'PORT', 8080, 0, 65535),
    host: optional(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(optional(env.DATA_DIR) ?? './data'),
    databaseUrl,
    adminUsername,
    adminPassword,
    webDistDir: path.resolve(optional(env.WEB_DIST_DIR) ?? './dist'),
    schemasDir: path.resolve(optional(env.SCHEMAS_DIR) ?? DEFAULT_SCHEMAS_DIR),
    logLevel,
    tokenTtlHours: positiveNumber(env.TOKEN_TTL_HOURS, 'TOKEN_TTL_HOURS', 12),
    dbPoolSize: integerInRange(env.DB_POOL_SIZE, 'DB_POOL_SIZE', 10, 1, 1000),
    dbStatementTimeoutMs: integerInRange(
      env.DB_STATEMENT_TIMEOUT_MS,
      'DB_STATEMENT_TIMEOUT_MS',
      0,
      0,
      3_600_000,
    ),
    sqliteReadWorkers: integerInRange(env.SQLITE_READ_WORKERS, 'SQLITE_READ_WORKERS', 2, 0, 64),
    shutdownDelaySeconds: integerInRange(
      env.SHUTDOWN_DELAY_SECONDS,
      'SHUTDOWN_DELAY_SECONDS',
      0,
      0,
      600,
    ),
    trashDays: integerInRange(env.TRASH_DAYS, 'TRASH_DAYS', 30, 1, 36_500),
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url)
}

// An empty variable (`PORT=`) means "not set", as in most shells' `${VAR:-default}`.
function optional(value: string | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

function integerInRange(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = optional(raw)
  if (value === null) return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}`)
  }
  return parsed
}

function positiveNumber(raw: string | undefined, name: string, fallback: number): number {
  const value = optional(raw)
  if (value === null) return fallback
  const parsed = Number(value)
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new ConfigError(`${name} must be a positive number`)
  }
  return parsed
}
