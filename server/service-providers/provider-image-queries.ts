// A provider's passport photo and brand logo: one row per provider and kind.
import type { Kysely } from 'kysely'
import type { Database, ProviderImageKind } from '../db/types'
import type { CleanImage } from '../images/clean-image'

export async function findProviderImage(
  db: Kysely<Database>,
  providerId: number,
  kind: ProviderImageKind,
) {
  return db
    .selectFrom('providerImages')
    .select(['bytes', 'contentType', 'etag'])
    .where('providerId', '=', providerId)
    .where('kind', '=', kind)
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

/** Stores the image, replacing any previous one in place; false when the provider is missing. */
export async function saveProviderImage(
  db: Kysely<Database>,
  providerId: number,
  kind: ProviderImageKind,
  image: CleanImage,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await providerExists(trx, providerId))) return false
    const fields = {
      contentType: image.contentType,
      bytes: image.bytes,
      etag: image.etag,
      updatedAt: Date.now(),
    }
    // One statement whether or not an image exists: never two rows, never none in between.
    await trx
      .insertInto('providerImages')
      .values({ providerId, kind, ...fields })
      .onConflict((conflict) => conflict.columns(['providerId', 'kind']).doUpdateSet(fields))
      .execute()
    return true
  })
}

/** 'deleted', or why nothing was: the provider or its image does not exist. */
export async function deleteProviderImage(
  db: Kysely<Database>,
  providerId: number,
  kind: ProviderImageKind,
): Promise<'deleted' | 'no-provider' | 'no-image'> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('providerImages')
      .where('providerId', '=', providerId)
      .where('kind', '=', kind)
      .executeTakeFirst()
    if (Number(result.numDeletedRows) > 0) return 'deleted'
    return (await providerExists(trx, providerId)) ? 'no-image' : 'no-provider'
  })
}
