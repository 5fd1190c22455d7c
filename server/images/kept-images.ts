// Images a version refers to (issue 30, decision 022): when a product image is deleted or a
// provider's passport photo or brand logo is replaced or removed, the row that goes (bytes and
// thumbnail included) is kept, tied to the history entry that removed it, so that restoring an
// older version of the record can put it back (server/history/revert-routes.ts). Kept until no
// version can be restored: when the record is deleted for good (the trash's purge and sweep).
// A write that records no history (a script's) keeps nothing: no version names its image.
import type { Db } from '../db/types'
import type { Row } from '../entity'
import { decodeRows, encodeRows } from '../trash/trash-rows'

export interface KeptImage {
  /** The history entry that removed or replaced it: the record had it right before. */
  retiredBy: number
  /** Its table, e.g. `productImages`. */
  partTable: string
  /** The row as it was, bytes as Buffers. */
  row: Row
}

/** Keeps `row` of `partTable`, removed or replaced by entry `retiredBy` of the record's history
 * (undefined: nothing was recorded, nothing is kept). */
export async function keepImage(
  db: Db,
  record: { entity: string; id: number },
  { retiredBy, partTable, row }: Omit<KeptImage, 'retiredBy'> & { retiredBy: number | undefined },
): Promise<void> {
  if (retiredBy === undefined) return
  await db
    .insertInto('keptImages')
    .values({
      entity: record.entity,
      recordId: record.id,
      retiredBy,
      partTable,
      row: encodeRows({ [partTable]: [row] }),
    })
    .execute()
}

/** The record's images removed or replaced after history entry `after`, oldest first. */
export async function keptSince(
  db: Db,
  record: { entity: string; id: number },
  after: number,
): Promise<KeptImage[]> {
  const rows = await db
    .selectFrom('keptImages')
    .select(['retiredBy', 'partTable', 'row'])
    .where('entity', '=', record.entity)
    .where('recordId', '=', record.id)
    .where('retiredBy', '>', after)
    .orderBy('retiredBy')
    .orderBy('id')
    .execute()
  return rows.map(({ retiredBy, partTable, row }) => ({
    retiredBy,
    partTable,
    row: decodeRows(row)[partTable]?.[0] ?? {},
  }))
}

/** A record deleted for good: no version of it can come back, nor its images. */
export async function forgetKeptImages(db: Db, entity: string, recordId: number): Promise<void> {
  await db
    .deleteFrom('keptImages')
    .where('entity', '=', entity)
    .where('recordId', '=', recordId)
    .execute()
}
