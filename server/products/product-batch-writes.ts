// Creating and updating many products at once (a CSV import's batch, ../imports/): the rows,
// category links and custom fields ./product-writes.ts writes for one product, in a few
// multi-row statements for the whole batch. The import records their history.
import { type ColumnKind, changedValues, idsInRowOrder, updateRows } from '../db/multi-row'
import type { Db } from '../db/types'
import {
  linkOwners,
  ownersWithOtherLinks,
  productLinks,
  replaceOwnersLinks,
} from '../lib/category-links'
import { type AttributesWrite, mergedAttributes, newAttributes } from '../lib/custom-fields'
import {
  assertCategoriesExist,
  type NewProduct,
  type ProductUpdate,
  productValues,
  UnknownProviderError,
} from './product-writes'

export interface ProductCreate {
  input: NewProduct
  attributes: AttributesWrite
}

export interface ProductChange {
  id: number
  input: ProductUpdate
  attributes: AttributesWrite
}

/** New products, as `createProduct` makes each; their ids in the order given. */
export async function createProducts(db: Db, products: ProductCreate[]): Promise<number[]> {
  if (products.length === 0) return []
  await assertReferences(
    db,
    products.map(({ input }) => input),
  )
  const now = Date.now()
  const returned = await db
    .insertInto('products')
    .values(
      products.map(({ input, attributes }) => ({
        ...productValues(input),
        serviceProviderId: input.serviceProviderId,
        rating: 0,
        noOfRatings: 0,
        previewImageId: null,
        createdAt: now,
        updatedAt: now,
        ...newAttributes(attributes),
      })),
    )
    .returning('id')
    .execute()
  const ids = idsInRowOrder(returned)
  await linkOwners(
    db,
    productLinks,
    ids.map((ownerId, index) => ({ ownerId, categoryIds: products[index].input.categoryIds })),
  )
  return ids
}

const COLUMNS: Record<string, ColumnKind> = {
  name: 'text',
  description: 'text',
  pricing: 'text',
  priceKobo: 'bigint',
  minPriceKobo: 'bigint',
  maxPriceKobo: 'bigint',
  estimatedDeliveryDays: 'integer',
  enabled: 'integer',
  rating: 'double',
  noOfRatings: 'integer',
  updatedAt: 'bigint',
  attributes: 'json',
}

/** Existing products changed as `updateProduct` changes each (the provider never changes); only
 * the columns and links that differ are written. */
export async function updateProducts(db: Db, changes: ProductChange[]): Promise<void> {
  if (changes.length === 0) return
  await assertCategoriesExist(db, [...new Set(changes.flatMap(({ input }) => input.categoryIds))])
  const ids = changes.map((change) => change.id)
  const stored = new Map(
    (await db.selectFrom('products').selectAll().where('id', 'in', ids).execute()).map((row) => [
      row.id,
      row as Record<string, unknown>,
    ]),
  )
  const attributes = await mergedAttributes(db, changes)
  const updatedAt = Date.now()
  const rows = changes.map(({ id, input }) => {
    const wanted: Record<string, unknown> = { ...productValues(input) }
    // The rating and its count only where the row gives them, as PUT.
    if (input.rating !== undefined) wanted.rating = input.rating
    if (input.noOfRatings !== undefined) wanted.noOfRatings = input.noOfRatings
    if (attributes.has(id)) wanted.attributes = attributes.get(id)
    return { id, set: { ...changedValues(stored.get(id) ?? {}, wanted), updatedAt } }
  })
  await updateRows(db, 'products', COLUMNS, rows)
  const owners = changes.map(({ id, input }) => ({ ownerId: id, categoryIds: input.categoryIds }))
  await replaceOwnersLinks(db, productLinks, await ownersWithOtherLinks(db, productLinks, owners))
}

/** The providers and categories the new products name exist: else the single write's error. */
async function assertReferences(db: Db, products: NewProduct[]) {
  const providerIds = [...new Set(products.map((product) => product.serviceProviderId))]
  const found = await db
    .selectFrom('serviceProviders')
    .select('id')
    .where('id', 'in', providerIds)
    .execute()
  const known = new Set(found.map((row) => row.id))
  const missing = providerIds.find((id) => !known.has(id))
  if (missing !== undefined) throw new UnknownProviderError(missing)
  await assertCategoriesExist(db, [...new Set(products.flatMap((product) => product.categoryIds))])
}
