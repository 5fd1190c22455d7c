// A product's images: the cleaned image and its thumbnail, and the one preview image per
// product. Every lookup of an image is by (product, image): an image asked for under another
// product's id is not found.
//
// The preview lives in two places that must agree: `product_images.is_preview` (a partial
// unique index allows one per product) and `products.preview_image_id` (a foreign key allows
// only an image of that product). Whatever changes the preview first locks the product row on
// PostgreSQL, so concurrent calls for one product run one after the other and each sees what
// the previous one committed; SQLite runs one write transaction at a time anyway.
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { ProductImage } from '../../types/records'
import { isPostgres } from '../db/dialect'
import type { Database, Db, ProductImagesTable } from '../db/types'
import type { CleanImage } from '../images/clean-image'
import type { ImageSize, StoredImage } from '../images/image-reply'
import { keepImage } from '../images/kept-images'
import { type AttributesWrite, saveAttributes } from '../lib/custom-fields'
import type { Audit } from '../lib/history'
import { attributeCondition, type WithAttributes } from '../lists/custom-list'
import type { PageRequest } from '../lists/list-params'
import { orderBySort, type Sort } from '../lists/sorts'
import { productExists } from './product-queries'

/** An image as GET /products/:id/images/:imageId answers it (types/records.ts, from the schema;
 * keys in the order of imageColumns). */
export type { ProductImage }

export interface ProductImageInput {
  imageName: string
  imageDescription: string | null
  enabled: boolean
}

/** Why an image was not found: its product does not exist, or it is not one of its images. */
export type Missing = 'no-product' | 'no-image'

const imageColumns = [
  'id',
  'productId',
  'imageName',
  'imageDescription',
  'enabled',
  'isPreview',
] as const

export async function findProductImage(
  db: Db,
  productId: number,
  imageId: number,
): Promise<ProductImage | Missing> {
  const row = await db
    .selectFrom('productImages')
    .select(imageColumns)
    .where('id', '=', imageId)
    .where('productId', '=', productId)
    .executeTakeFirst()
  if (row) return toImage(row)
  return missing(db, productId)
}

/** What a product's images are filtered by: their status and the custom fields the image
 * schema marks filterable (../lists/custom-list.ts). */
export type ImageFilter = WithAttributes<{ enabled?: boolean }>

/** The product's images (aliased `p`) that the filter matches. */
function matching(db: Db, productId: number, filter: ImageFilter) {
  let query = db.selectFrom('productImages as p').where('p.productId', '=', productId)
  if (filter.enabled !== undefined) query = query.where('p.enabled', '=', filter.enabled ? 1 : 0)
  const postgres = isPostgres(db)
  for (const condition of filter.attributes ?? []) {
    query = query.where(attributeCondition(postgres, condition))
  }
  return query
}

/** One page of a product's images in the sort's order (by default as added), or 'no-product'. */
export async function listProductImages(
  db: Db,
  productId: number,
  filter: ImageFilter,
  { page, pageSize }: PageRequest,
  sort: Sort,
): Promise<{ rows: ProductImage[]; total: number } | 'no-product'> {
  if (!(await productExists(db, productId))) return 'no-product'
  const query = matching(db, productId, filter)
  const [rows, count] = await Promise.all([
    orderBySort(query.select(imageColumns.map((column) => `p.${column}` as const)), sort, 'p')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(toImage), total: Number(count.total) }
}

/** The ids of the product's images the filter matches, in id order, at most `limit`. */
export async function matchingImageIds(
  db: Db,
  productId: number,
  filter: ImageFilter,
  limit: number,
): Promise<number[]> {
  const rows = await matching(db, productId, filter)
    .select('p.id')
    .orderBy('p.id')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/** The stored bytes of one size of an image. */
export async function findImageFile(
  db: Db,
  productId: number,
  imageId: number,
  size: ImageSize,
): Promise<StoredImage | Missing> {
  const query = db
    .selectFrom('productImages')
    .where('id', '=', imageId)
    .where('productId', '=', productId)
  const row =
    size === 'thumb'
      ? await query
          .select(['thumbBytes as bytes', 'thumbContentType as contentType', 'thumbEtag as etag'])
          .executeTakeFirst()
      : await query.select(['bytes', 'contentType', 'etag']).executeTakeFirst()
  return row ?? (await missing(db, productId))
}

/** Adds an image (not the preview) with its thumbnail; undefined when the product is missing. */
export async function addProductImage(
  db: Kysely<Database>,
  productId: number,
  input: ProductImageInput,
  image: CleanImage,
  thumb: CleanImage,
  attributes?: AttributesWrite,
  audit?: Audit,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await productExists(trx, productId))) return undefined
    const now = Date.now()
    const row = await trx
      .insertInto('productImages')
      .values({
        productId,
        imageName: input.imageName,
        imageDescription: input.imageDescription,
        enabled: input.enabled ? 1 : 0,
        isPreview: 0,
        contentType: image.contentType,
        bytes: image.bytes,
        etag: image.etag,
        thumbContentType: thumb.contentType,
        thumbBytes: thumb.bytes,
        thumbEtag: thumb.etag,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await saveAttributes(trx, row.id, attributes)
    await audit?.record(trx, 'image-add', row.id, undefined)
    return row.id
  })
}

export async function updateProductImage(
  db: Kysely<Database>,
  productId: number,
  imageId: number,
  input: ProductImageInput,
  attributes?: AttributesWrite,
  audit?: Audit,
): Promise<'updated' | Missing> {
  return db.transaction().execute(async (trx) => {
    const before = await audit?.snapshot(trx, imageId)
    const result = await trx
      .updateTable('productImages')
      .set({
        imageName: input.imageName,
        imageDescription: input.imageDescription,
        enabled: input.enabled ? 1 : 0,
        updatedAt: Date.now(),
      })
      .where('id', '=', imageId)
      .where('productId', '=', productId)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) return missing(trx, productId)
    await saveAttributes(trx, imageId, attributes)
    await audit?.record(trx, 'image-update', imageId, before)
    return 'updated'
  })
}

/**
 * Makes the image its product's only preview: unsets the previous one, sets this one and the
 * product's previewImageId, all in one transaction. Its history is the product's (`audit` reads
 * the product): the previewImageId it changed.
 */
export async function makePreviewImage(
  db: Kysely<Database>,
  productId: number,
  imageId: number,
  audit?: Audit,
): Promise<'done' | Missing> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockProduct(trx, productId))) return 'no-product'
    if (!(await isImageOf(trx, productId, imageId))) return 'no-image'
    await setPreviewIn(trx, productId, imageId, audit)
    return 'done'
  })
}

/** Makes `imageId` (one of the product's images, or null: none) the product's preview inside
 * the caller's transaction, which has locked the product. */
export async function setPreviewIn(
  trx: Transaction<Database>,
  productId: number,
  imageId: number | null,
  audit?: Audit,
): Promise<void> {
  const before = await audit?.snapshot(trx, productId)
  const now = Date.now()
  // Unset first: the partial unique index allows one preview per product at any moment.
  await trx
    .updateTable('productImages')
    .set({ isPreview: 0, updatedAt: now })
    .where('productId', '=', productId)
    .where('isPreview', '=', 1)
    .$if(imageId !== null, (query) => query.where('id', '!=', imageId as number))
    .execute()
  if (imageId !== null) {
    await trx
      .updateTable('productImages')
      .set({ isPreview: 1, updatedAt: now })
      .where('id', '=', imageId)
      .execute()
  }
  await trx
    .updateTable('products')
    .set({ previewImageId: imageId, updatedAt: now })
    .where('id', '=', productId)
    .execute()
  await audit?.record(trx, 'image-preview', productId, before)
}

/** Deletes the image; if it was the preview, the product is left without one. */
export async function deleteProductImage(
  db: Kysely<Database>,
  productId: number,
  imageId: number,
  audit?: Audit,
): Promise<'deleted' | Missing> {
  return db.transaction().execute((trx) => deleteImageIn(trx, productId, imageId, audit))
}

/** Deletes the image inside the caller's transaction (single and bulk deletes alike). */
export async function deleteImageIn(
  trx: Transaction<Database>,
  productId: number,
  imageId: number,
  audit?: Audit,
): Promise<'deleted' | Missing> {
  if (!(await lockProduct(trx, productId))) return 'no-product'
  const row = await trx
    .selectFrom('productImages')
    .selectAll()
    .where('id', '=', imageId)
    .where('productId', '=', productId)
    .executeTakeFirst()
  if (!row) return 'no-image'
  const before = await audit?.snapshot(trx, imageId)
  // Cleared before the delete: the foreign key never lets it name a missing image.
  await trx
    .updateTable('products')
    .set({ previewImageId: null, updatedAt: Date.now() })
    .where('id', '=', productId)
    .where('previewImageId', '=', imageId)
    .execute()
  await trx.deleteFrom('productImages').where('id', '=', imageId).execute()
  const retiredBy = await audit?.record(trx, 'image-delete', imageId, before)
  // Kept for the product's versions that had it (decision 022): a revert can bring it back.
  const record = { entity: 'product', id: productId }
  await keepImage(trx, record, { retiredBy, partTable: 'productImages', row })
  return 'deleted'
}

/** True when the product exists; on PostgreSQL its row stays locked until the transaction ends. */
export async function lockProduct(trx: Transaction<Database>, productId: number): Promise<boolean> {
  const postgres = isPostgres(trx)
  const row = await trx
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .$if(postgres, (query) => query.forUpdate())
    .executeTakeFirst()
  return row !== undefined
}

/** Whether `imageId` is an image of `productId`. */
export async function isImageOf(db: Db, productId: number, imageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('productImages')
    .select('id')
    .where('id', '=', imageId)
    .where('productId', '=', productId)
    .executeTakeFirst()
  return row !== undefined
}

async function missing(db: Db, productId: number): Promise<Missing> {
  return (await productExists(db, productId)) ? 'no-image' : 'no-product'
}

type ImageRow = Pick<Selectable<ProductImagesTable>, (typeof imageColumns)[number]>

function toImage(row: ImageRow): ProductImage {
  return {
    id: row.id,
    productId: row.productId,
    imageName: row.imageName,
    imageDescription: row.imageDescription,
    enabled: row.enabled === 1,
    isPreview: row.isPreview === 1,
  }
}
