// Bulk Enable and Disable: the `enabled` flag of many records set at once, as a PUT of each
// would set it, each change recorded in the record's history. A record already in the asked
// state counts as done and is neither written nor recorded again.
import type { Transaction } from 'kysely'
import type { Database } from '../db/types'
import type { EntityTable } from '../entity'
import { type HistoryEntity, recordHistory } from '../lib/history'
import { type BulkResult, refuseMissing } from './bulk'

/** A table whose records carry `enabled` (providers, products, product images). */
export type EnabledTable = EntityTable

export interface EnabledRecords {
  table: EnabledTable
  /** The single write's 404 text, for ids that name no record. */
  notFound: string
  /** Whose history a change goes to: the record's own, or (images) its product's. */
  entity: HistoryEntity
  /** Images: only those of this product count, and their changes are the product's. */
  productId?: number
}

/** Sets `enabled` on the records that exist; answers them as done (and which really changed). */
export async function setEnabled(
  trx: Transaction<Database>,
  records: EnabledRecords,
  ids: number[],
  enabled: boolean,
  operatorId: number,
): Promise<BulkResult> {
  const { table, notFound, entity, productId } = records
  const flag = enabled ? 1 : 0
  const rows =
    productId === undefined
      ? await trx
          .selectFrom(table as 'products')
          .select(['id', 'enabled'])
          .where('id', 'in', ids)
          .execute()
      : await trx
          .selectFrom('productImages')
          .select(['id', 'enabled'])
          .where('id', 'in', ids)
          .where('productId', '=', productId)
          .execute()
  const changed = rows.filter((row) => row.enabled !== flag).map((row) => row.id)
  if (changed.length > 0) {
    await trx
      .updateTable(table as 'products')
      .set({ enabled: flag, updatedAt: Date.now() })
      .where('id', 'in', changed)
      .execute()
  }
  for (const id of changed) {
    await recordHistory(trx, {
      operatorId,
      entity,
      ...(productId === undefined
        ? { entityId: id, action: 'update' }
        : { entityId: productId, partId: id, action: 'image-update' }),
      changes: { enabled: { before: !enabled, after: enabled } },
    })
  }
  const found = new Set(rows.map((row) => row.id))
  return {
    done: ids.filter((id) => found.has(id)),
    refused: refuseMissing(ids, found, notFound),
  }
}
