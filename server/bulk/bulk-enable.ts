// Bulk Enable and Disable: the `enabled` flag of many records set at once, as a PUT of each
// would set it, each change recorded in the record's history. A record already in the asked
// state counts as done and is neither written nor recorded again. A record that would change but
// lacks a custom field the update form requires is refused with the PUT's 400 text ("Condition
// is required", by the field's title): its next edit, single or bulk, asks for the field (issue 27).
import type { Transaction } from 'kysely'
import type { Database } from '../db/types'
import type { EntityTable } from '../entity'
import { requiredDetail } from '../errors'
import { type HistoryEntity, recordHistory } from '../lib/history'
import type { BulkResult, Refusal } from './bulk'

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
  /** The custom fields the update form requires, in its order (lib/custom-fields.ts). */
  required?: readonly string[]
  /** How the PUT's message names a field (lib/field-titles.ts): its title, if it has one. */
  named?: (field: string) => string
}

/** Sets `enabled` on the records that exist; answers them as done (and which really changed). */
export async function setEnabled(
  trx: Transaction<Database>,
  records: EnabledRecords,
  ids: number[],
  enabled: boolean,
  operatorId: number,
): Promise<BulkResult> {
  const { table, notFound, entity, productId, required = [], named = (field) => field } = records
  const flag = enabled ? 1 : 0
  // Only an entity with custom fields has `attributes` (an entity may have none: README).
  const columns =
    required.length > 0 ? (['id', 'enabled', 'attributes'] as const) : (['id', 'enabled'] as const)
  const rows: Array<{ id: number; enabled: number; attributes?: unknown }> =
    productId === undefined
      ? await trx
          .selectFrom(table as 'products')
          .select(columns)
          .where('id', 'in', ids)
          .execute()
      : await trx
          .selectFrom('productImages')
          .select(columns)
          .where('id', 'in', ids)
          .where('productId', '=', productId)
          .execute()
  const refusals = new Map<number, string>()
  for (const row of rows) {
    if (row.enabled === flag || required.length === 0) continue
    const lacking = firstLacking(row.attributes, required)
    if (lacking !== undefined) refusals.set(row.id, requiredDetail(named(lacking)))
  }
  const changed = rows
    .filter((row) => row.enabled !== flag && !refusals.has(row.id))
    .map((row) => row.id)
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
  const refused: Refusal[] = []
  for (const id of ids) {
    if (!found.has(id)) refused.push({ id, detail: notFound })
    else if (refusals.has(id)) refused.push({ id, detail: refusals.get(id) as string })
  }
  return { done: ids.filter((id) => found.has(id) && !refusals.has(id)), refused }
}

/** The first of `required` the stored attributes lack (absent or null), as a PUT names it. */
function firstLacking(raw: unknown, required: readonly string[]): string | undefined {
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw
  const stored = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >
  return required.find((name) => !Object.hasOwn(stored, name) || stored[name] === null)
}
