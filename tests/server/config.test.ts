import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { DEFAULT_SCHEMAS_DIR } from '../../server/schemas'

describe('config', () => {
  test('defaults', () => {
    const config = loadConfig({})
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      adminUsername: null,
      adminPassword: null,
      webDistDir: path.resolve('dist'),
      schemasDir: path.resolve(DEFAULT_SCHEMAS_DIR),
      logLevel: 'info',
      tokenTtlHours: 12,
      dbPoolSize: 10,
      dbStatementTimeoutMs: 0,
      sqliteReadWorkers: 2,
      shutdownDelaySeconds: 0,
      trashDays: 30,
    })
  })

  test('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgresql://u@h/db',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: ' spaced secret ',
      WEB_DIST_DIR: '/srv/web',
      SCHEMAS_DIR: '/srv/schemas',
      LOG_LEVEL: 'debug',
      TOKEN_TTL_HOURS: '0.5',
      DB_POOL_SIZE: '4',
      DB_STATEMENT_TIMEOUT_MS: '15000',
      SQLITE_READ_WORKERS: '0',
      SHUTDOWN_DELAY_SECONDS: '10',
      TRASH_DAYS: '7',
    })
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgresql://u@h/db',
      adminUsername: 'root',
      adminPassword: ' spaced secret ',
      webDistDir: '/srv/web',
      schemasDir: '/srv/schemas',
      logLevel: 'debug',
      tokenTtlHours: 0.5,
      dbPoolSize: 4,
      dbStatementTimeoutMs: 15000,
      sqliteReadWorkers: 0,
      shutdownDelaySeconds: 10,
      trashDays: 7,
    })
  })

  test.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ ADMIN_USERNAME: 'root' }, /ADMIN_PASSWORD/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ TOKEN_TTL_HOURS: '0' }, /TOKEN_TTL_HOURS/],
    [{ DB_POOL_SIZE: '0' }, /DB_POOL_SIZE/],
    [{ TRASH_DAYS: '0' }, /TRASH_DAYS/],
    [{ DB_STATEMENT_TIMEOUT_MS: '-1' }, /DB_STATEMENT_TIMEOUT_MS/],
    [{ SHUTDOWN_DELAY_SECONDS: 'soon' }, /SHUTDOWN_DELAY_SECONDS/],
    [{ SQLITE_READ_WORKERS: '-1' }, /SQLITE_READ_WORKERS/],
    [{ SQLITE_READ_WORKERS: '1.5' }, /SQLITE_READ_WORKERS/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})
