// A provider's passport photo and brand logo, each with its thumbnail: one row per provider
// and kind.
import type { Kysely } from 'kysely'
import type { Database, ProviderImageKind } from '../db/types'
import type { CleanImage } from '../images/clean-image'
import type { ImageSize, StoredImage } from '../images/image-reply'
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

/**
 * Stores the image and its thumbnail, replacing any previous ones in place; false when the
 * provider is missing.
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
    const before = await audit?.snapshot(trx, providerId)
    const fields = {
      contentType: image.contentType,
      bytes: image.bytes,
      etag: image.etag,
      thumbContentType: thumb.contentType,
      thumbBytes: thumb.bytes,
      thumbEtag: thumb.etag,
      updatedAt: Date.now(),
    }
    // One statement whether or not an image exists: never two rows, never none in between.
    await trx
      .insertInto('providerImages')
      .values({ providerId, kind, ...fields })
      .onConflict((conflict) => conflict.columns(['providerId', 'kind']).doUpdateSet(fields))
      .execute()
    await audit?.record(trx, ACTIONS[kind].upload, providerId, before)
    return true
  })
}

/** 'deleted', or why nothing was: the provider or its image does not exist. */
export async function deleteProviderImage(
  db: Kysely<Database>,
  providerId: number,
  kind: ProviderImageKind,
  audit?: Audit,
): Promise<'deleted' | 'no-provider' | 'no-image'> {
  return db.transaction().execute(async (trx) => {
    const before = await audit?.snapshot(trx, providerId)
    const result = await trx
      .deleteFrom('providerImages')
      .where('providerId', '=', providerId)
      .where('kind', '=', kind)
      .executeTakeFirst()
    if (Number(result.numDeletedRows) > 0) {
      await audit?.record(trx, ACTIONS[kind].remove, providerId, before)
      return 'deleted'
    }
    return (await providerExists(trx, providerId)) ? 'no-image' : 'no-provider'
  })
}
