// History (decision 011): every write records who changed what, in the write's own transaction,
// so a write and its record commit or roll back together and a refused write records nothing.
// Each entry belongs to one record's history: a product image's changes belong to its product
// (`partId` names the image), a provider's photo and logo to the provider.
//
// `changes` holds field → { before, after } under the names and in the form that GET shows the
// record (custom fields by their own names); never image bytes, never secrets.

import { isDeepStrictEqual } from 'node:util'
import type { Db } from '../db/types'
import { noteWrite } from '../events/write-events'

/** The records that have a history, named by their entity's schema id (`Entity.schemaId`). */
export type HistoryEntity = string

/** What happened. Bulk changes record one `update`, `delete` or `restore` per record. */
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
  // An operator's own two-factor sign-in (entity `operator`).
  | 'two-factor-on'
  | 'two-factor-off'
  | 'recovery-code-used'
  // The team (server/operators): who invited, promoted, deactivated or reset whom. Password
  // and invite changes record that they happened, never a hash or a token.
  | 'invite'
  | 'invite-accept'
  | 'password-reset'
  | 'password-change'
  // The trash and revert (decision 022).
  | 'restore'
  | 'purge'
  | 'revert'
  // A CSV import's write of one record, and the undo of that import (server/imports/).
  | 'import'
  | 'undo'

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
  /** The import that wrote it (server/imports/): undo finds its entries by it. */
  batchId?: string | null
}

/** Actions worth recording even without a changed field: the new image's bytes are not kept. */
const ALWAYS_RECORDED = new Set<HistoryAction>([
  'photo-upload',
  'logo-upload',
  'invite-accept',
  'password-reset',
  'password-change',
  'restore',
  'purge',
])

/**
 * Records one entry in `trx`, the write's transaction, and answers its id. A write that changed
 * no field (an update saving the same values, making the preview image the preview again)
 * records nothing (undefined): it would only be noise in the history.
 */
export async function recordHistory(trx: Db, entry: HistoryEntry): Promise<number | undefined> {
  if (!worthRecording(entry)) return undefined
  const at = Date.now()
  const row = await trx
    .insertInto('history')
    .values(historyRow(entry, at))
    .returning('id')
    .executeTakeFirstOrThrow()
  // Announced on the event streams once the request's transaction has committed.
  noteWrite({ entity: entry.entity, entityId: entry.entityId, action: entry.action, at })
  return row.id
}

/** Entries per INSERT: 8 columns each, far below either database's limit of parameters. */
const ENTRIES_PER_INSERT = 500

/** Records many entries at once, as `recordHistory` would one by one (an import's batch of
 * records): a few multi-row INSERTs instead of one per record. */
export async function recordHistories(trx: Db, entries: HistoryEntry[]): Promise<void> {
  const at = Date.now()
  const kept = entries.filter(worthRecording)
  for (let start = 0; start < kept.length; start += ENTRIES_PER_INSERT) {
    const slice = kept.slice(start, start + ENTRIES_PER_INSERT)
    await trx
      .insertInto('history')
      .values(slice.map((entry) => historyRow(entry, at)))
      .execute()
  }
  for (const entry of kept) {
    noteWrite({ entity: entry.entity, entityId: entry.entityId, action: entry.action, at })
  }
}

const worthRecording = (entry: HistoryEntry) =>
  Object.keys(entry.changes).length > 0 || ALWAYS_RECORDED.has(entry.action)

const historyRow = (entry: HistoryEntry, at: number) => ({
  entity: entry.entity,
  entityId: entry.entityId,
  action: entry.action,
  partId: entry.partId ?? null,
  operatorId: entry.operatorId,
  at,
  changes: JSON.stringify(entry.changes),
  batchId: entry.batchId ?? null,
})

/** Fields that change on every write or never: not worth a line in the history. */
const UNRECORDED = new Set(['id', 'createdAt', 'updatedAt'])

/**
 * The fields that differ between two snapshots of a record (undefined: it did not exist), with
 * their values before and after; a field missing on one side is null there. Values are compared
 * deeply (category lists, custom fields holding objects).
 */
export function changesBetween(before: Snapshot | undefined, after: Snapshot | undefined): Changes {
  const was = new Map(Object.entries(before ?? {}))
  const is = new Map(Object.entries(after ?? {}))
  const changes: Changes = {}
  for (const name of new Set([...was.keys(), ...is.keys()])) {
    if (UNRECORDED.has(name)) continue
    const from = was.get(name) ?? null
    const to = is.get(name) ?? null
    if (!isDeepStrictEqual(from, to)) changes[name] = { before: from, after: to }
  }
  return changes
}

/** A record (or a part of one, such as a product image) as GET shows it. */
export type Snapshot = object

/**
 * What a route gives the write it calls so the write records itself: who writes, and how to
 * read what the write changes (a record, or a part of one such as a product image) inside the
 * write's transaction. Scripts that seed data pass none and record nothing.
 */
export interface Audit {
  /** What the write changes, by its id, as GET shows it; undefined when it does not exist. */
  snapshot(db: Db, id: number): Promise<Snapshot | undefined>
  /** Records `action` on `id` with what changed since `before`, reading it again; answers the
   * entry's id (undefined: nothing changed, nothing recorded). */
  record(
    db: Db,
    action: HistoryAction,
    id: number,
    before: Snapshot | undefined,
  ): Promise<number | undefined>
}

/** The record whose history holds the changes of `id` (by default `id` itself). */
export type HistoryOwner = (id: number) => { entityId: number; partId?: number }

/** An import's writes record themselves as `import` (or `undo`) with its batch id, whatever the
 * write function calls them. */
export interface AuditAs {
  action: HistoryAction
  batchId: string
}

export function auditor(
  operatorId: number,
  entity: HistoryEntity,
  snapshot: Audit['snapshot'],
  owner: HistoryOwner = (id) => ({ entityId: id }),
  as?: AuditAs,
): Audit {
  return {
    snapshot,
    async record(db, action, id, before) {
      const changes = changesBetween(before, await snapshot(db, id))
      return recordHistory(db, { operatorId, entity, action, changes, ...owner(id), ...as })
    },
  }
}

/** One entry as a revert reads it (server/history/revert.ts, the entities' `restoreParts`). */
export interface RecordedEntry {
  id: number
  action: string
  partId: number | null
  changes: Changes
}

/** A record's history entries after entry `after`, oldest first. */
export async function entriesAfter(
  db: Db,
  entity: HistoryEntity,
  entityId: number,
  after: number,
): Promise<RecordedEntry[]> {
  const rows = await db
    .selectFrom('history')
    .select(['id', 'action', 'partId', 'changes'])
    .where('entity', '=', entity)
    .where('entityId', '=', entityId)
    .where('id', '>', after)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as Changes }))
}
