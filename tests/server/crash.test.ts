import { isDeepStrictEqual } from 'node:util'
import { type RawBuilder, sql } from 'kysely'
import { describe, expect, inject, test } from 'vitest'
import {
  apiClient,
  login,
  type ServerProcess,
  type Storage,
  startServer,
} from '../../scripts/support/server-process'
import { createDatabase } from '../../server/db/connection'
import { freshStorage, testConfig } from './support/databases'
import type { Json } from './support/requests'

// A crash (SIGKILL, power cut of the process, OOM kill) in the middle of a burst of writes must
// lose nothing the server acknowledged and leave nothing half-written: a provider or product is
// stored with all of its category links or not at all.

const CREATE_WORKERS = 24
/** Each owns one seeded provider or product and updates it over and over, one PUT at a time. */
const SEEDED_PROVIDERS = 4
const SEEDED_PRODUCTS = 4
const CREATES = 400
/** Acknowledged burst requests before the kill; well short of all, so the kill is mid-burst. */
const KILL_AFTER = 150

type Kind = 'spCategory' | 'productCategory' | 'provider' | 'product'

const URLS: Record<Kind, string> = {
  spCategory: '/api/service-provider-categories',
  productCategory: '/api/product-categories',
  provider: '/api/service-providers',
  product: '/api/products',
}

/** One request of the burst and what became of it. */
interface Sent {
  kind: Kind
  body: Json
  /** PUTs: the record updated. Creates: the id answered, if any. */
  id?: number
  /** A 2xx arrived. */
  acked?: boolean
  /** A response that was not 2xx (never expected). */
  refused?: string
}

describe.each(['sqlite', 'postgres'] as const)('SIGKILL mid-burst [%s]', (dialect) => {
  // Two server starts: slow on a busy machine, hence the generous timeout.
  test('every acknowledged write reads back whole after a restart, nothing is half-written', {
    timeout: 120_000,
  }, async () => {
    const { storage, remove } = await freshStorage(dialect, inject('pgUrl'))
    let server: ServerProcess | undefined
    try {
      server = await startServer(storage)
      const api = apiClient(server.url, await login(server.url))

      // Seed: categories to link to, and the providers and products the burst keeps updating.
      const seedCreates: Sent[] = []
      const seed = async (kind: Kind, body: Json) => {
        const id = await api.create(URLS[kind], body)
        seedCreates.push({ kind, body, id, acked: true })
        return id
      }
      const spCategoryIds: number[] = []
      const productCategoryIds: number[] = []
      for (let n = 0; n < 6; n++) {
        spCategoryIds.push(await seed('spCategory', categoryBody('spCategory', `seed${n}`, null)))
        productCategoryIds.push(
          await seed('productCategory', categoryBody('productCategory', `seed${n}`, null)),
        )
      }
      const seeded: Array<{ kind: Kind; id: number; original: Json; puts: Sent[] }> = []
      for (let n = 0; n < SEEDED_PROVIDERS; n++) {
        const body = providerBody(`seed${n}`, n, pick(spCategoryIds, n))
        seeded.push({
          kind: 'provider',
          id: await seed('provider', body),
          original: body,
          puts: [],
        })
      }
      const seededProviderIds = seeded.map((entry) => entry.id)
      for (let n = 0; n < SEEDED_PRODUCTS; n++) {
        const body = productBody(`seed${n}`, n, seededProviderIds[n], pick(productCategoryIds, n))
        seeded.push({ kind: 'product', id: await seed('product', body), original: body, puts: [] })
      }

      // The burst: creates of every kind from a queue, and a chain of PUTs per seeded record.
      const creates: Sent[] = Array.from({ length: CREATES }, (_, n) => {
        const kind = (['spCategory', 'productCategory', 'provider', 'product'] as const)[n % 4]
        const categories = kind === 'provider' ? spCategoryIds : productCategoryIds
        const parent = n % 3 === 0 ? null : categories[n % categories.length]
        const tag = `burst${n}`
        const body =
          kind === 'provider'
            ? providerBody(tag, n, pick(spCategoryIds, n))
            : kind === 'product'
              ? productBody(tag, n, seededProviderIds[n % SEEDED_PROVIDERS], pick(categories, n))
              : categoryBody(kind, tag, parent)
        return { kind, body }
      })

      const running = server
      let acked = 0
      let inFlight = 0
      let inFlightAtKill = 0
      let killed = false
      const unexpected: string[] = []
      const send = async (sent: Sent) => {
        inFlight += 1
        try {
          const response =
            sent.id === undefined
              ? await api.post(URLS[sent.kind], sent.body)
              : await api.put(`${URLS[sent.kind]}/${sent.id}`, sent.body)
          if (response.status >= 200 && response.status < 300) {
            sent.acked = true
            if (sent.id === undefined) sent.id = response.json().id
            acked += 1
          } else {
            sent.refused = `${response.status} ${response.text}`
          }
        } catch (error) {
          // Only the kill may cut a request off.
          if (!killed) unexpected.push(String(error))
          killed = true
        } finally {
          inFlight -= 1
        }
        if (!killed && acked >= KILL_AFTER) {
          killed = true
          inFlightAtKill = inFlight
          running.child.kill('SIGKILL')
        }
      }
      const queue = [...creates]
      const createWorker = async () => {
        while (!killed && queue.length > 0) await send(queue.shift() as Sent)
      }
      const updateWorker = async (entry: (typeof seeded)[number]) => {
        while (!killed) {
          // Consecutive PUTs of one record differ in every field and in their number of links.
          const n = entry.puts.length + 1
          const tag = `${entry.kind}${entry.id}-put${n}`
          const body =
            entry.kind === 'provider'
              ? providerUpdate(tag, n, pick(spCategoryIds, n))
              : productUpdate(tag, n, pick(productCategoryIds, n))
          const put: Sent = { kind: entry.kind, id: entry.id, body }
          entry.puts.push(put)
          await send(put)
        }
      }
      await Promise.all([
        ...Array.from({ length: CREATE_WORKERS }, createWorker),
        ...seeded.map(updateWorker),
      ])
      const exit = await server.exited
      expect(unexpected, server.output()).toEqual([])
      expect(exit.signal).toBe('SIGKILL')
      // The kill really hit a burst: other requests were on their way.
      expect(inFlightAtKill).toBeGreaterThan(0)
      expect(
        [...creates, ...seeded.flatMap((entry) => entry.puts)].filter((s) => s.refused),
      ).toEqual([])

      // Restart on the same database and read everything back.
      server = await startServer(storage)
      const after = apiClient(server.url, await login(server.url))
      const stored = new Map<Kind, Map<number, Json>>()
      for (const kind of Object.keys(URLS) as Kind[]) {
        const response = await after.get(`${URLS[kind]}?pageSize=3000`)
        expect(response.status, response.text).toBe(200)
        const rows = response.json().data as Json[]
        stored.set(kind, new Map(rows.map((row) => [row.id as number, row])))
      }
      const row = (kind: Kind, id: number) => stored.get(kind)?.get(id)

      // Every acknowledged create is there, exactly as sent.
      const seededIds = new Set(seeded.map((entry) => `${entry.kind}:${entry.id}`))
      const sentCreates = [...seedCreates, ...creates]
      const ackedCreates = sentCreates.filter(
        (sent) => sent.acked && !seededIds.has(`${sent.kind}:${sent.id}`),
      )
      expect(creates.some((sent) => sent.acked)).toBe(true)
      for (const sent of ackedCreates) {
        const found = row(sent.kind, sent.id as number)
        expect(found && view(sent.kind, found, sent.body), `${sent.kind} ${sent.id}`).toEqual(
          expected(sent.kind, sent.body),
        )
      }

      // Every stored record is one that was sent, whole: a create whose answer was lost may be
      // there or not, never with only part of its links.
      for (const [kind, rows] of stored) {
        for (const found of rows.values()) {
          if (seededIds.has(`${kind}:${found.id}`)) continue
          const sent = sentCreates.find((s) => s.kind === kind && sameIdentity(kind, s.body, found))
          expect(sent, `unknown ${kind} ${JSON.stringify(found)}`).toBeDefined()
          expect(view(kind, found, sent?.body ?? {})).toEqual(expected(kind, sent?.body ?? {}))
        }
      }

      // Each updated record shows its last acknowledged PUT, or the one after it that was cut
      // off (committed or not), and never a mix of two.
      for (const entry of seeded) {
        const lastAcked = entry.puts.findLastIndex((put) => put.acked)
        const candidates = [lastAcked === -1 ? entry.original : entry.puts[lastAcked].body]
        const next = entry.puts[lastAcked + 1]
        if (next) candidates.push(next.body)
        const found = row(entry.kind, entry.id)
        expect(found, `${entry.kind} ${entry.id}`).toBeDefined()
        const views = candidates.map((body) => ({
          stored: view(entry.kind, found as Json, body),
          sent: expected(entry.kind, body),
        }))
        const whole = views.some((pair) => isDeepStrictEqual(pair.stored, pair.sent))
        expect(whole, JSON.stringify(views, null, 1)).toBe(true)
      }

      await server.stop()
      expect(await orphanLinks(storage)).toEqual({
        providerLinks: 0,
        productLinks: 0,
        integrity: 'ok',
      })
    } finally {
      if (server) await server.stop('SIGKILL')
      await remove()
    }
  })
})

function categoryBody(kind: Kind, tag: string, parent: number | null): Json {
  const parentField = kind === 'spCategory' ? 'parentId' : 'parentCategoryId'
  return { name: `Category ${tag}`, description: `Description ${tag}`, [parentField]: parent }
}

function providerUpdate(tag: string, n: number, categoryIds: number[]): Json {
  return {
    firstName: `First ${tag}`,
    lastName: `Last ${tag}`,
    brandName: `Brand ${tag}`,
    phoneNumber: `+234 803 ${String(n).padStart(6, '0')}`,
    state: `State ${tag}`,
    city: `City ${tag}`,
    addressLine1: `${n} Allen Avenue`,
    addressLine2: n % 2 ? null : `Suite ${tag}`,
    about: `About ${tag}`,
    enabled: n % 3 !== 0,
    serviceProviderCategoryIds: categoryIds,
  }
}

function providerBody(tag: string, n: number, categoryIds: number[]): Json {
  return { ...providerUpdate(tag, n, categoryIds), email: `${tag}@example.com` }
}

function productUpdate(tag: string, n: number, categoryIds: number[]): Json {
  const price =
    n % 2 === 0
      ? { pricing: 'Fixed', price: 1000 + n + 0.25 }
      : { pricing: 'Range', minPrice: 500 + n, maxPrice: 5000 + n + 0.5 }
  return {
    name: `Product ${tag}`,
    description: `Description ${tag}`,
    ...price,
    estimatedDeliveryDays: 1 + (n % 9),
    enabled: n % 3 !== 0,
    productCategoryIds: categoryIds,
    rating: (n % 50) / 10,
    noOfRatings: n,
  }
}

function productBody(tag: string, n: number, serviceProviderId: number, categoryIds: number[]) {
  // New products start unrated: rating and noOfRatings are PUT-only.
  const { rating: _, noOfRatings: __, ...body } = productUpdate(tag, n, categoryIds)
  return { ...body, serviceProviderId }
}

/** Up to three distinct ids, varying with n (and sometimes none). */
function pick(ids: number[], n: number): number[] {
  const count = n % 4
  return [...new Set(Array.from({ length: count }, (_, i) => ids[(n + i * 2) % ids.length]))]
}

/** What a record must read back as, given the body that made it (links as sorted ids). */
function expected(kind: Kind, body: Json): Json {
  const result: Json = { ...body }
  for (const key of ['serviceProviderCategoryIds', 'productCategoryIds']) {
    if (Array.isArray(result[key]))
      result[key] = [...(result[key] as number[])].sort((a, b) => a - b)
  }
  if (kind === 'product') {
    // The fields the other pricing leaves empty are part of a whole record too.
    for (const key of ['price', 'minPrice', 'maxPrice']) result[key] ??= null
    result.rating ??= 0
    result.noOfRatings ??= 0
  }
  return result
}

/** The stored record seen through the fields `body` sets (plus the pricing fields). */
function view(kind: Kind, found: Json, body: Json): Json {
  const keys = Object.keys(expected(kind, body))
  const links = (list: unknown) =>
    (list as Array<{ id: number }>).map((category) => category.id).sort((a, b) => a - b)
  return Object.fromEntries(
    keys.map((key) => {
      if (key === 'serviceProviderCategoryIds') return [key, links(found.serviceProviderCategories)]
      if (key === 'productCategoryIds') return [key, links(found.productCategories)]
      return [key, found[key]]
    }),
  )
}

function sameIdentity(kind: Kind, body: Json, found: Json): boolean {
  return kind === 'provider' ? body.email === found.email : body.name === found.name
}

/** Link rows pointing at nothing, read straight from the database (and SQLite's own check). */
async function orphanLinks(storage: Storage) {
  const database = createDatabase(
    testConfig(
      'databaseUrl' in storage
        ? { databaseUrl: storage.databaseUrl }
        : { dataDir: storage.dataDir },
    ),
  )
  try {
    const count = async (query: RawBuilder<{ n: number }>) =>
      Number((await query.execute(database.db)).rows[0].n)
    const providerLinks = await count(sql<{ n: number }>`
      select count(*) as n from service_provider_category_links l
      where not exists (select 1 from service_providers p where p.id = l.provider_id)
         or not exists (select 1 from service_provider_categories c where c.id = l.category_id)`)
    const productLinks = await count(sql<{ n: number }>`
      select count(*) as n from product_category_links l
      where not exists (select 1 from products p where p.id = l.product_id)
         or not exists (select 1 from product_categories c where c.id = l.category_id)`)
    const integrity =
      database.dialect === 'sqlite'
        ? Object.values((await sql`pragma integrity_check`.execute(database.db)).rows[0] as Json)[0]
        : 'ok'
    return { providerLinks, productLinks, integrity }
  } finally {
    await database.destroy()
  }
}
