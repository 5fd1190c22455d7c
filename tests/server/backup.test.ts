import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type Kysely, sql } from 'kysely'
import { describe, expect, inject, test } from 'vitest'
import { REPO_ROOT, storageEnv } from '../../scripts/support/server-process'
import { buildApp } from '../../server/app'
import { addOperator } from '../../server/auth/operators'
import { createDatabase } from '../../server/db/connection'
import { migrateToLatest } from '../../server/db/migrate'
import type { Database } from '../../server/db/types'
import { freshStorage, TEST_SCRYPT_COST, testConfig } from './support/databases'
import { buildProvider } from './support/service-providers'

// `npm run backup` and `npm run restore` (scripts/backup.ts), as docs/deploy.md tells operators
// to use them: back up, wipe the database, restore, and every row is back as it was.

const run = promisify(execFile)

const TABLES = [
  'operators',
  'service_provider_categories',
  'service_providers',
  'service_provider_category_links',
  'product_categories',
  'products',
]

async function contents(db: Kysely<Database>) {
  const rows: Record<string, unknown[]> = {}
  for (const table of TABLES) {
    rows[table] = (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows
  }
  return rows
}

describe.each(['sqlite', 'postgres'] as const)('backup and restore [%s]', (dialect) => {
  test('back up, wipe, restore: the same data', { timeout: 120_000 }, async () => {
    const { storage, remove } = await freshStorage(dialect, inject('pgUrl'))
    const config = testConfig(storage)
    const script = async (mode: 'backup' | 'restore', file: string) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', mode, file], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...storageEnv(storage) },
      })
    const folder = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'))
    const file = path.join(folder, 'backup.dump')
    try {
      const before = createDatabase(config)
      await migrateToLatest(before.db)
      const app = await buildApp({ db: before.db, config, logger: false })
      await addOperator(before.db, 'backup-admin', 'backup-password-1', { cost: TEST_SCRYPT_COST })
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'backup-admin', password: 'backup-password-1' },
      })
      const headers = { authorization: `Bearer ${signedIn.json().token}` }
      const category = await app.inject({
        method: 'POST',
        url: '/api/service-provider-categories',
        headers,
        payload: { name: 'Caterers', description: 'Food', parentId: null },
      })
      expect(category.statusCode, category.body).toBe(201)
      const provider = await app.inject({
        method: 'POST',
        url: '/api/service-providers',
        headers,
        payload: buildProvider({ serviceProviderCategoryIds: [category.json().id] }),
      })
      expect(provider.statusCode, provider.body).toBe(201)
      const saved = await contents(before.db)
      expect(saved.service_providers).toHaveLength(1)
      await app.close()
      await before.destroy()

      const backedUp = await script('backup', file)
      expect(backedUp.stdout).toContain('Backed up')

      // Wipe: the SQLite files go, PostgreSQL loses every table.
      if ('dataDir' in storage) {
        for (const name of readdirSync(storage.dataDir)) {
          rmSync(path.join(storage.dataDir, name), { force: true })
        }
      } else {
        const wiped = createDatabase(config)
        await sql`drop schema public cascade; create schema public`.execute(wiped.db)
        await wiped.destroy()
      }

      const restored = await script('restore', file)
      expect(restored.stdout).toContain('Restored')
      const after = createDatabase(config)
      try {
        expect(await contents(after.db)).toEqual(saved)
        // Nothing left to migrate: the restored database is at the same version.
        expect(await migrateToLatest(after.db)).toEqual([])
      } finally {
        await after.destroy()
      }
    } finally {
      rmSync(folder, { recursive: true, force: true })
      await remove()
    }
  })
})
