// A provider's passport photo and brand logo, each with its thumbnail: one row per provider
// and kind. One replaced or removed is kept for the versions that had it (decision 022).
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, ProviderImageKind, ProviderImagesTable } from '../db/types'
import type { CleanImage } from '../images/clean-image'
import type { ImageSize, StoredImage } from '../images/image-reply'
import { keepImage } from '../images/kept-images'
import type { Audit, HistoryAction } from '../lib/history'

/** What the history calls an upload and a removal of each kind. */
const ACTIONS: Record<ProviderImageKind, { upload: HistoryAction; remove: HistoryAction }> = {
  'passport-photo': { upload: 'photo-upload', remove: 'photo-delete' },
  'brand-logo': { upload: 'logo-upload', remove: 'logo-delete' },
}

/**
 * The stored bytes of one size of the image. A row stored before thumbnails existed (migration
 * 007, no backfill) answers `thumb` with the full image.
 */
export async function findProviderImage(
  db: Kysely<Database>,
  providerId: number,
  kind: ProviderImageKind,
  size: ImageSize,
): Promise<StoredImage | undefined> {
  const query = db
    .selectFrom('providerImages')
    .where('providerId', '=', providerId)
    .where('kind', '=', kind)
  if (size === 'full') return query.select(['bytes', 'contentType', 'etag']).executeTakeFirst()
  // The thumb columns are written together, so they are null together: never a mix.
  return query
    .select((eb) => [
      eb.fn.coalesce('thumbBytes', 'bytes').as('bytes'),
      eb.fn.coalesce('thumbContentType', 'contentType').as('contentType'),
      eb.fn.coalesce('thumbEtag', 'etag').as('etag'),
    ])
    .executeTakeFirst()
}

export async function providerExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('serviceProviders')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  return row !== undefined
}

/** The image's columns as stored (thumbnail included), without its provider and kind. */
export type ProviderImageColumns = Omit<ProviderImagesTable, 'providerId' | 'kind'>

/**
 * Stores the image and its thumbnail, replacing any previous ones in place; false when the
 * provider is missing. A replaced image is kept for the versions that had it (kept-images.ts).
 */
export async function saveProviderImage(
  db: Kysely<Database>,
  providerId: number,
  kind: ProviderImageKind,
  image: CleanImage,
  thumb: CleanImage,
  audit?: Audit,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await providerExists(trx, providerId))) return false
    const columns = {
      contentType: image.contentType,
      bytes: image.bytes,
      etag: image.etag,
      thumbContentType: thumb.contentType,
      thumbBytes: thumb.bytes,
      thumbEtag: thumb.etag,
      updatedAt: Date.now(),
    }
    await putProviderImage(trx, providerId, kind, columns, audit)
    return true
  })
}

/** Stores the image inside the caller's transaction (an upload, a version restored). */
export async function putProviderImage(
  trx: Transaction<Database>,
  providerId: number,
  kind: ProviderImageKind,
  columns: ProviderImageColumns,
  audit?: Audit,
): Promise<void> {
  const before = await audit?.snapshot(trx, providerId)
  const replaced = await storedRow(trx, providerId, kind)
  // One statement whether or not an image exists: never two rows, never none in between.
  await trx
    .insertInto('providerImages')
    .values({ providerId, kind, ...columns })
    .onConflict((conflict) => conflict.columns(['providerId', 'kind']).doUpdateSet(columns))
    .execute()
  const entry = await audit?.record(trx, ACTIONS[kind].upload, providerId, before)
  if (replaced) await keep(trx, providerId, entry, replaced)
}

/** 'deleted', or why nothing was: the provider or its image does not exist. */
export async function deleteProviderImage(
  db: Kysely<Database>,
  providerId: number,
  kind: ProviderImageKind,
  audit?: Audit,
): Promise<'deleted' | 'no-provider' | 'no-image'> {
  return db.transaction().execute(async (trx) => {
    if (await removeProviderImage(trx, providerId, kind, audit)) return 'deleted'
    return (await providerExists(trx, providerId)) ? 'no-image' : 'no-provider'
  })
}

/** Removes the image inside the caller's transaction, keeping it for the versions that had it;
 * false when there is none. */
export async function removeProviderImage(
  trx: Transaction<Database>,
  providerId: number,
  kind: ProviderImageKind,
  audit?: Audit,
): Promise<boolean> {
  const before = await audit?.snapshot(trx, providerId)
  const removed = await storedRow(trx, providerId, kind)
  if (!removed) return false
  await trx
    .deleteFrom('providerImages')
    .where('providerId', '=', providerId)
    .where('kind', '=', kind)
    .execute()
  const entry = await audit?.record(trx, ACTIONS[kind].remove, providerId, before)
  await keep(trx, providerId, entry, removed)
  return true
}

/** Which of a provider's history entries upload or remove an image of this kind. */
export const imageActions = (kind: ProviderImageKind): string[] => [
  ACTIONS[kind].upload,
  ACTIONS[kind].remove,
]

function storedRow(trx: Transaction<Database>, providerId: number, kind: ProviderImageKind) {
  return trx
    .selectFrom('providerImages')
    .selectAll()
    .where('providerId', '=', providerId)
    .where('kind', '=', kind)
    .executeTakeFirst()
}

function keep(
  trx: Transaction<Database>,
  providerId: number,
  retiredBy: number | undefined,
  row: Selectable<ProviderImagesTable>,
) {
  const record = { entity: 'service-provider', id: providerId }
  return keepImage(trx, record, { retiredBy, partTable: 'providerImages', row })
}
