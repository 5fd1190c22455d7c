// The trash of a collection (decision 022) as the app uses it: its list (the trash page), restore
// of one record or many (which Undo after a delete runs too) and delete for good. Each write says
// what it did in a toast, a refused restore (409) saying why, and reloads the lists it touches.
import type { QueryClient } from '@tanstack/react-query'
import { api, errorText } from '../lib/api-client'
import { listQuery, pathKey } from '../lib/query-client'
import { BULK_TEXTS, type BulkResult, bulkResultText } from './bulk-messages'
import type { BulkTarget } from './bulk-selection'
import { notify } from './messages'
import { type Nouns, TRASH_TEXTS } from './trash-messages'
import type { TrashedRecord, TrashTarget } from './trash-target'

/** One page of the trash, most recently deleted first. */
export function trashQuery(target: TrashTarget, query: { page: number; pageSize: number }) {
  return listQuery<TrashedRecord>(`${target.path}/trash`, query, TRASH_TEXTS.listFailed)
}

/** The trash page's bulk bar: Restore, sent to `<path>/trash/bulk` like any bulk action. */
export function trashBulk(target: TrashTarget): BulkTarget {
  const { path, one, many, refreshes } = target
  return { path: `${path}/trash`, one, many, actions: ['restore'], refreshes: [path, ...refreshes] }
}

type Restorable = Pick<TrashTarget, 'path' | 'refreshes'> & Nouns

/** The collection's lists, records and trash (all under its path) and what shows its records. */
function refresh(client: QueryClient, { path, refreshes }: Restorable) {
  for (const key of new Set([path, ...refreshes])) {
    void client.invalidateQueries({ queryKey: pathKey(key) })
  }
}

/** Brings one record back and says so, or why it cannot (409: its parent is gone…). */
export async function restoreOne(
  client: QueryClient,
  target: Restorable,
  id: number,
): Promise<boolean> {
  try {
    await api.post(`${target.path}/${id}/restore`)
    notify.success(TRASH_TEXTS.restored(target))
    return true
  } catch (error) {
    notify.error(errorText(error, TRASH_TEXTS.restoreFailed(target)))
    return false
  } finally {
    refresh(client, target)
  }
}

/** Brings records back in one request; the toast counts them and groups the refused by reason. */
export async function restoreMany(
  client: QueryClient,
  target: Restorable,
  ids: readonly number[],
): Promise<void> {
  try {
    const result = await api.post<BulkResult>(`${target.path}/trash/bulk`, {
      action: 'restore',
      ids: [...ids],
    })
    const text = bulkResultText(target, 'restore', result)
    if (result.refused.length > 0) notify.warning(text)
    else notify.success(text)
  } catch (error) {
    notify.error(errorText(error, BULK_TEXTS.failed))
  } finally {
    refresh(client, target)
  }
}

/** Deletes one record for good (the `purge` right); the caller's dialog asks first. */
export async function purgeOne(client: QueryClient, target: Restorable, id: number) {
  try {
    await api.delete(`${target.path}/trash/${id}`)
  } finally {
    refresh(client, target)
  }
}

/** A delete's result toast with Undo beside Dismiss: pressing it runs `undo` (a restore). */
export function notifyUndoable(
  kind: 'success' | 'warning',
  text: string,
  undo: () => Promise<unknown>,
) {
  notify[kind](text, { action: { label: TRASH_TEXTS.undo, run: () => void undo() } })
}
