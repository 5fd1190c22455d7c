// History (decision 011): every write records who changed what, in the write's own transaction,
// so a write and its record commit or roll back together and a refused write records nothing.
// Each entry belongs to one record's history: a product image's changes belong to its product
// (`partId` names the image), a provider's photo and logo to the provider.
//
// `changes` holds field → { before, after } under the names and in the form that GET shows the
// record (custom fields by their own names); never image bytes, never secrets.
import { isDeepStrictEqual } from 'node:util'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/types'

/** The records that have a history, named as in their schema files. */
export type HistoryEntity =
  | 'service-provider-category'
  | 'product-category'
  | 'service-provider'
  | 'product'

/** What happened. Bulk changes record one `update` or `delete` per record. */
export type HistoryAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'image-add'
  | 'image-update'
  | 'image-delete'
  | 'image-preview'
  | 'photo-upload'
  | 'photo-delete'
  | 'logo-upload'
  | 'logo-delete'

export interface Change {
  /** null when the field did not exist before (a create, a new custom field). */
  before: unknown
  /** null when the field no longer exists (a delete). */
  after: unknown
}

export type Changes = Record<string, Change>

export interface HistoryEntry {
  operatorId: number
  entity: HistoryEntity
  entityId: number
  action: HistoryAction
  changes: Changes
  /** The part of the record the action concerns: a product image's id. */
  partId?: number | null
}

type Db = Kysely<Database> | Transaction<Database>

/**
 * Records one entry in `trx`, the write's transaction. An update that changed nothing records
 * nothing: it would only be noise in the history.
 */
export async function recordHistory(trx: Db, entry: HistoryEntry): Promise<void> {
  if (entry.action === 'update' && Object.keys(entry.changes).length === 0) return
  await trx
    .insertInto('history')
    .values({
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      partId: entry.partId ?? null,
      operatorId: entry.operatorId,
      at: Date.now(),
      changes: JSON.stringify(entry.changes),
    })
    .execute()
}

/** Fields that change on every write or never: not worth a line in the history. */
const UNRECORDED = new Set(['id', 'createdAt', 'updatedAt'])

/**
 * The fields that differ between two snapshots of a record (undefined: it did not exist), with
 * their values before and after; a field missing on one side is null there. Values are compared
 * deeply (category lists, custom fields holding objects).
 */
export function changesBetween(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Changes {
  const changes: Changes = {}
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const name of names) {
    if (UNRECORDED.has(name)) continue
    const was = before?.[name] ?? null
    const is = after?.[name] ?? null
    if (!isDeepStrictEqual(was, is)) changes[name] = { before: was, after: is }
  }
  return changes
}
