import { type Kysely, sql } from 'kysely'
import { describe, expect, inject, test } from 'vitest'
import {
  apiClient,
  login,
  type ServerProcess,
  startServer,
} from '../../scripts/support/server-process'
import { createDatabase } from '../../server/db/connection'
import type { Database } from '../../server/db/types'
import { freshStorage, testConfig } from './support/databases'
import { noisePng } from './support/images'
import { buildProduct } from './support/products'
import { buildProvider } from './support/service-providers'

// A crash (SIGKILL) in the middle of deleting products with many images must leave each
// product whole, with every one of its images, or gone with all of them: never a product that
// lost some images, nor images (or category links) left behind without their product.

const PRODUCTS = 8
const IMAGES_EACH = 100

describe.each(['sqlite', 'postgres'] as const)('SIGKILL mid-delete [%s]', (dialect) => {
  test('every product is afterwards whole or gone with all its images', {
    timeout: 180_000,
  }, async () => {
    const { storage, remove } = await freshStorage(dialect, inject('pgUrl'))
    const config = testConfig(
      'databaseUrl' in storage
        ? { databaseUrl: storage.databaseUrl }
        : { dataDir: storage.dataDir },
    )
    let server: ServerProcess | undefined
    try {
      server = await startServer(storage)
      const api = apiClient(server.url, await login(server.url))
      const categoryId = await api.create('/api/product-categories', {
        name: 'Cakes',
        description: 'Held by every product',
        parentCategoryId: null,
      })
      const providerId = await api.create('/api/service-providers', buildProvider())
      const image = (await noisePng(140)).toString('base64')
      const ids: number[] = []
      for (let n = 0; n < PRODUCTS; n++) {
        const id = await api.create(
          '/api/products',
          buildProduct(providerId, { productCategoryIds: [categoryId] }),
        )
        const imageId = await api.create(`/api/products/${id}/images`, {
          image,
          imageName: 'Front',
        })
        const preview = await api.post(
          `/api/products/${id}/images/${imageId}/make-preview-image`,
          {},
        )
        expect(preview.status, preview.text).toBeLessThan(300)
        ids.push(id)
      }
      // Many images each, copied in the database: uploading them one by one would take minutes.
      const database = createDatabase(config)
      try {
        await copyImages(database.db, ids)
      } finally {
        await database.destroy()
      }

      // Every delete at once; the kill comes with the first answer, the others on their way.
      const running = server
      const acked = new Set<number>()
      let killed = false
      let pendingAtKill = 0
      const pending = new Set(ids)
      const unexpected: string[] = []
      await Promise.all(
        ids.map(async (id) => {
          try {
            const response = await api.call('DELETE', `/api/products/${id}`)
            if (response.status !== 204)
              unexpected.push(`${id}: ${response.status} ${response.text}`)
            else acked.add(id)
          } catch (error) {
            if (!killed) unexpected.push(String(error))
          } finally {
            pending.delete(id)
          }
          if (!killed && acked.size > 0) {
            killed = true
            pendingAtKill = pending.size
            running.child.kill('SIGKILL')
          }
        }),
      )
      const exit = await server.exited
      expect(unexpected, server.output()).toEqual([])
      expect(exit.signal).toBe('SIGKILL')
      expect(pendingAtKill).toBeGreaterThan(0)

      // Restart and look at each product through the API and in the tables.
      server = await startServer(storage)
      const after = apiClient(server.url, await login(server.url))
      const check = createDatabase(config)
      try {
        for (const id of ids) {
          const product = await after.get(`/api/products/${id}`)
          const images = await imageCount(check.db, id)
          const links = await check.db
            .selectFrom('productCategoryLinks')
            .select('categoryId')
            .where('productId', '=', id)
            .execute()
          if (acked.has(id)) expect(product.status, `acknowledged ${id}`).toBe(404)
          if (product.status === 404) {
            expect({ id, images, links: links.length }).toEqual({ id, images: 0, links: 0 })
          } else {
            expect(product.status).toBe(200)
            expect(product.json().previewImageId).not.toBeNull()
            expect({ id, images, links: links.length }).toEqual({
              id,
              images: IMAGES_EACH,
              links: 1,
            })
            const listed = await after.get(`/api/products/${id}/images?pageSize=1`)
            expect(listed.json().pagination.total).toBe(IMAGES_EACH)
          }
        }
        if (check.dialect === 'sqlite') {
          const { rows } = await sql`pragma integrity_check`.execute(check.db)
          expect(Object.values(rows[0] as object)[0]).toBe('ok')
        }
      } finally {
        await check.destroy()
      }
    } finally {
      if (server) await server.stop('SIGKILL')
      await remove()
    }
  })
})

/** Brings each product to IMAGES_EACH images by copying its first one (not as the preview). */
async function copyImages(db: Kysely<Database>, productIds: number[]) {
  for (const productId of productIds) {
    const {
      id: _,
      attributes: __,
      ...first
    } = await db
      .selectFrom('productImages')
      .selectAll()
      .where('productId', '=', productId)
      .executeTakeFirstOrThrow()
    const copies = Array.from({ length: 20 }, (_, n) => ({
      ...first,
      imageName: `Copy ${n}`,
      isPreview: 0,
    }))
    for (let added = 1; added < IMAGES_EACH; added += copies.length) {
      await db
        .insertInto('productImages')
        .values(copies.slice(0, IMAGES_EACH - added))
        .execute()
    }
  }
}

async function imageCount(db: Kysely<Database>, productId: number): Promise<number> {
  const { n } = await db
    .selectFrom('productImages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('productId', '=', productId)
    .executeTakeFirstOrThrow()
  return Number(n)
}
