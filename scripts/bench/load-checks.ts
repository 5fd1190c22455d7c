// What must still hold after `npm run bench:load` hammered the server: checked in the database
// and through the API, after the mixed load and after deliberate races (two operators saving
// one record, many make-preview calls on one product).
import { sql } from 'kysely'
import type { DatabaseHandle } from '../../server/db/connection'
import type { ApiClient } from '../support/server-process'
import { PREFIX } from './load-workload'

export interface Check {
  name: string
  ok: boolean
  detail: string
}

const check = (name: string, ok: boolean, detail = ''): Check => ({ name, ok, detail })

export async function rowCounts({ db }: DatabaseHandle) {
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]
        .n,
    )
  return { products: await count('products'), images: await count('product_images') }
}

/** Preview and category invariants, straight from the tables. */
export async function databaseInvariants({ db }: DatabaseHandle): Promise<Check[]> {
  const number = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(db)).rows[0].n)
  const twoPreviews = await number(sql`select count(*) as n from (select product_id
      from product_images where is_preview = 1 group by product_id having count(*) > 1) t`)
  const badPointer = await number(sql`select count(*) as n from products p
      where p.preview_image_id is not null and not exists (select 1 from product_images i
        where i.id = p.preview_image_id and i.product_id = p.id and i.is_preview = 1)`)
  const unpointed = await number(sql`select count(*) as n from product_images i
      where i.is_preview = 1 and not exists (select 1 from products p
        where p.id = i.product_id and p.preview_image_id = i.id)`)
  const lostCategories = await number(sql`select count(*) as n from product_category_links l
      where not exists (select 1 from product_categories c where c.id = l.category_id)`)
  return [
    check(
      'at most one preview image per product',
      twoPreviews === 0,
      `${twoPreviews} products with more`,
    ),
    check(
      'previewImageId names that product’s preview image, and only it',
      badPointer + unpointed === 0,
      `${badPointer} products point elsewhere, ${unpointed} previews not pointed at`,
    ),
    check(
      'every product’s categories exist',
      lostCategories === 0,
      `${lostCategories} dangling links`,
    ),
  ]
}

/**
 * Every create answered 201 left exactly one row, and every row came from a request sent: the
 * unique names of the workload make each one traceable. `unanswered` creates (cut off or timed
 * out) may or may not have been written.
 */
export async function createdRecords(
  { db }: DatabaseHandle,
  kind: 'product' | 'image',
  names: { sent: Set<string>; created: Set<string> },
  growth: number,
  unanswered: number,
): Promise<Check> {
  const prefix = PREFIX[kind]
  const rows =
    kind === 'product'
      ? await db.selectFrom('products').select('name').where('name', 'like', `${prefix}%`).execute()
      : await db
          .selectFrom('productImages')
          .select('imageName as name')
          .where('imageName', 'like', `${prefix}%`)
          .execute()
  const found = new Map<string, number>()
  for (const { name } of rows) found.set(name, (found.get(name) ?? 0) + 1)
  const answered = [...names.created].filter((name) => name.startsWith(prefix))
  const missing = answered.filter((name) => found.get(name) !== 1).length
  const unknown = [...found.keys()].filter((name) => !names.sent.has(name)).length
  const extra = rows.length - answered.length
  const ok =
    missing === 0 &&
    unknown === 0 &&
    growth === rows.length &&
    (unanswered === 0 ? extra === 0 : extra >= 0 && extra <= unanswered)
  const detail =
    `${answered.length} answered 201, ${rows.length} in the database, table grew by ${growth}` +
    (unanswered > 0
      ? ` (${unanswered} requests had no answer; ${extra} of them were written)`
      : '') +
    (missing + unknown > 0
      ? `; ${missing} 201s without exactly one row, ${unknown} unknown rows`
      : '')
  return check(`${kind}s created = 201s received`, ok, detail)
}

/** Through the API: the newest products' categories are all in the category dropdown. */
export async function apiCategoryCheck(api: ApiClient): Promise<Check> {
  const categories = (await api.get('/api/product-categories?pageSize=3000')).json()
  const known = new Set<number>(categories.data.map((c: { id: number }) => c.id))
  const products = (await api.get('/api/products?pageSize=3000')).json()
  let unknown = 0
  for (const product of products.data as Array<{ productCategories: Array<{ id: number }> }>) {
    unknown += product.productCategories.filter((c) => !known.has(c.id)).length
  }
  return check(
    'API: newest products’ categories all listed',
    unknown === 0 && products.data.length > 0,
    `${products.data.length} products read, ${unknown} unknown categories`,
  )
}

/** Two operators save one record at the same moment. */
export async function concurrentSaves(
  a: ApiClient,
  b: ApiClient,
  rounds: number,
  ids: { products: number[]; providers: number[] },
): Promise<Check[]> {
  const records = [
    { kind: 'product', path: '/api/products', ids: ids.products, body: productBody, field: 'name' },
    {
      kind: 'provider',
      path: '/api/service-providers',
      ids: ids.providers,
      body: providerBody,
      field: 'brandName',
    },
  ] as const
  const checks: Check[] = []
  for (const record of records) {
    let guardedBad = 0
    let plainBad = 0
    const seen: string[] = []
    for (let round = 0; round < rounds; round += 1) {
      const url = `${record.path}/${record.ids[round % record.ids.length]}`
      // With If-Match: exactly one save wins, the other gets 412, and the record is the winner's.
      const [readA, readB] = await Promise.all([a.get(url), b.get(url)])
      const names = [`Race A ${round}`, `Race B ${round}`]
      const saves = await Promise.all([
        a.put(url, record.body(readA.json(), names[0]), { 'if-match': readA.etag }),
        b.put(url, record.body(readB.json(), names[1]), { 'if-match': readB.etag }),
      ])
      const statuses = saves.map((save) => save.status)
      const winner = statuses.indexOf(200)
      const after = (await a.get(url)).json()
      const ok =
        statuses.includes(200) && statuses.includes(412) && after[record.field] === names[winner]
      if (!ok) {
        guardedBad += 1
        seen.push(statuses.join('/'))
      }
      // Without If-Match both saves succeed; the record is one of them whole, never a mix.
      const plain = await Promise.all([
        a.put(url, record.body(after, `Plain A ${round}`, 'A')),
        b.put(url, record.body(after, `Plain B ${round}`, 'B')),
      ])
      const final = (await a.get(url)).json()
      const whole = ['A', 'B'].some(
        (who) => final[record.field] === `Plain ${who} ${round}` && mark(final) === who,
      )
      if (!plain.every((save) => save.status === 200) || !whole) plainBad += 1
    }
    checks.push(
      check(
        `two operators, one ${record.kind}, If-Match: one 200 and one 412, the winner kept`,
        guardedBad === 0,
        `${rounds - guardedBad}/${rounds} rounds right${seen.length ? `; statuses ${seen.join(', ')}` : ''}`,
      ),
      check(
        `two operators, one ${record.kind}, no If-Match: both 200, one whole version kept`,
        plainBad === 0,
        `${rounds - plainBad}/${rounds} rounds right`,
      ),
    )
  }
  return checks
}

/** Twenty make-preview calls on one product at once (and then mixed with deletes). */
export async function previewRace(
  api: ApiClient,
  productId: number,
  png: Buffer,
): Promise<Check[]> {
  const base = `/api/products/${productId}/images`
  const imageIds: number[] = []
  for (let i = 0; i < 20; i += 1) {
    const body = { image: png.toString('base64'), imageName: `race-${i}` }
    const created = await api.post(base, body)
    if (created.status !== 201) return [check('preview race: upload', false, created.text)]
    imageIds.push(created.json().id)
  }
  const makePreview = (imageId: number) => api.post(`${base}/${imageId}/make-preview-image`, {})

  const distinct = await Promise.all(imageIds.map(makePreview))
  const same = await Promise.all(imageIds.map(() => makePreview(imageIds[7])))
  const first = await previewState(api, productId)
  const sameOk = first.previewImageId === imageIds[7] && first.previews.length === 1

  // Ten make-preview and ten deletes at once: a deleted image may answer 404, nothing else.
  const mixed = await Promise.all(
    imageIds.map((imageId, i) =>
      i % 2 === 0 ? makePreview(imageId) : api.call('DELETE', `${base}/${imageId}`),
    ),
  )
  const last = await previewState(api, productId)
  const lastOk = last.previews.length <= 1 && (last.previews[0]?.id ?? null) === last.previewImageId

  const statuses = (answers: Array<{ status: number }>) =>
    [...new Set(answers.map((answer) => answer.status))].join('/')
  return [
    check(
      '20 concurrent make-preview on one product: all 200, one preview, the product points at it',
      distinct.every((r) => r.status === 200) && same.every((r) => r.status === 200) && sameOk,
      `statuses ${statuses(distinct)} then ${statuses(same)}; previews ${first.previews.length}, previewImageId ${first.previewImageId}`,
    ),
    check(
      '10 make-preview + 10 deletes at once: ≤ 1 preview, previewImageId consistent',
      lastOk && mixed.every((r) => r.status === 200 || r.status === 404),
      `statuses ${statuses(mixed)}; previews ${last.previews.length}, previewImageId ${last.previewImageId}`,
    ),
  ]
}

async function previewState(api: ApiClient, productId: number) {
  const product = (await api.get(`/api/products/${productId}`)).json()
  const images = (await api.get(`/api/products/${productId}/images?pageSize=3000`)).json()
  const previews = (images.data as Array<{ id: number; isPreview: boolean }>).filter(
    (image) => image.isPreview,
  )
  return { previewImageId: product.previewImageId as number | null, previews }
}

// PUT bodies made from what GET answered, with a new name (and a mark in the text, to tell a
// whole version from a mix of two).
// biome-ignore lint/suspicious/noExplicitAny: GET's JSON, read field by field
type Json = Record<string, any>

function productBody(product: Json, name: string, who = ''): Json {
  const prices =
    product.pricing === 'Fixed'
      ? { price: product.price }
      : { minPrice: product.minPrice, maxPrice: product.maxPrice }
  return {
    name,
    description: `Saved by operator ${who || '?'}.`,
    pricing: product.pricing,
    ...prices,
    estimatedDeliveryDays: product.estimatedDeliveryDays,
    enabled: product.enabled,
    productCategoryIds: product.productCategories.map((c: { id: number }) => c.id),
    rating: product.rating,
    noOfRatings: product.noOfRatings,
  }
}

function providerBody(provider: Json, brandName: string, who = ''): Json {
  return {
    firstName: provider.firstName,
    lastName: provider.lastName,
    brandName,
    phoneNumber: provider.phoneNumber,
    state: provider.state,
    city: provider.city,
    addressLine1: provider.addressLine1,
    ...(provider.addressLine2 ? { addressLine2: provider.addressLine2 } : {}),
    about: `Saved by operator ${who || '?'}.`,
    enabled: provider.enabled,
    serviceProviderCategoryIds: provider.serviceProviderCategories.map((c: { id: number }) => c.id),
  }
}

/** Which operator's version a record holds, from the mark productBody/providerBody leave. */
function mark(record: Json): string {
  const text = String(record.description ?? record.about ?? '')
  return /Saved by operator (\w)\./.exec(text)?.[1] ?? ''
}
