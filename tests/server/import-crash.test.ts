import { describe, expect, inject, test } from 'vitest'
import { apiClient, login, startServer } from '../../scripts/support/server-process'
import { createDatabase } from '../../server/db/connection'
import { MAX_ROWS } from '../../server/imports/import-run'
import { freshStorage, testConfig } from './support/databases'
import { buildProvider } from './support/service-providers'

// A crash (SIGKILL) in the middle of an import must leave nothing of it: the import is one
// transaction, so no product, no history entry and no import record survive the kill.

/** The import's limit: writing them takes many seconds even at full speed, so the kill lands
 * among them. */
const ROWS = MAX_ROWS

describe.each(['sqlite', 'postgres'] as const)('SIGKILL mid-import [%s]', (dialect) => {
  test('nothing of the import survives, and the next import works', {
    timeout: 180_000,
  }, async () => {
    const { storage, remove } = await freshStorage(dialect, inject('pgUrl'))
    const config = testConfig(
      'databaseUrl' in storage
        ? { databaseUrl: storage.databaseUrl }
        : { dataDir: storage.dataDir },
    )
    try {
      const server = await startServer(storage)
      const token = await login(server.url)
      const providerId = await apiClient(server.url, token).create(
        '/api/service-providers',
        buildProvider(),
      )
      const rows = Array.from({ length: ROWS }, (_, i) => `Crash ${i},Cake,${providerId},${i}`)
      const csv = ['Name,Description,Service Provider ID,Price (₦)', ...rows].join('\n')
      const post = () =>
        fetch(`${server.url}/api/products/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          body: csv,
        })
      let answered = false
      const running = post().then(
        () => {
          answered = true
        },
        () => {},
      )
      // The file arrives at once; writing its rows takes seconds: the kill lands among them.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(answered, 'the import had not finished before the kill').toBe(false)
      await server.stop('SIGKILL')
      await running

      const database = createDatabase(config)
      try {
        const count = async (table: 'products' | 'history' | 'imports') =>
          Number(
            (
              await database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        expect(await count('products')).toBe(0)
        expect(await count('imports')).toBe(0)
        const imported = await database.db
          .selectFrom('history')
          .select('id')
          .where('action', '=', 'import')
          .execute()
        expect(imported).toEqual([])
      } finally {
        await database.destroy()
      }

      // The server starts again and imports the same file whole.
      const again = await startServer(storage)
      try {
        const retoken = await login(again.url)
        const response = await fetch(`${again.url}/api/products/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${retoken}`, 'content-type': 'text/csv' },
          body: csv.split('\n').slice(0, 11).join('\n'),
        })
        expect(response.status).toBe(200)
        expect(await response.json()).toMatchObject({ created: 10, errors: [] })
      } finally {
        await again.stop()
      }
    } finally {
      await remove()
    }
  })
})
