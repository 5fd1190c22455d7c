// Which cached reads a live change makes stale (decision 024). Query keys are API paths
// (query-client.ts `pathKey`): `['products', {query}]` is a list, `['products', '7']` a record,
// `['products', '7', 'history', {query}]` its history, `['service-providers', '3', 'products',
// {query}]` a list under a parent, `['product-categories', 'search', …]` a picker's search.
import type { QueryKey } from '@tanstack/react-query'
import type { LiveChange } from '../machines/live-changes-machine'

/** Lists that show fields of another collection's records: a provider's brand name on its
 * products, category names on the records that have them. */
const SHOWN_IN: Record<string, string[]> = {
  'service-providers': ['products'],
  'service-provider-categories': ['service-providers'],
  'product-categories': ['products'],
}

const isRecordId = (segment: unknown): segment is string =>
  typeof segment === 'string' && /^\d+$/.test(segment)

/**
 * True for a read the change may have made stale: every read of the change's collection but
 * other records' own (lists, searches, the trash, the record itself with its history and
 * images), lists of it under a parent, lists that show its fields, and reads of every
 * collection's changes.
 */
export function isStaleAfter(
  change: Pick<LiveChange, 'collection' | 'id'>,
  key: QueryKey,
): boolean {
  const [root, second, third] = key
  // The latest changes of every collection (the dashboard's, GET /history).
  if (root === 'history') return true
  if (root === change.collection) return !isRecordId(second) || second === String(change.id)
  if (third === change.collection && isRecordId(second)) return true
  return (SHOWN_IN[change.collection] ?? []).includes(root as string) && !isRecordId(second)
}

/** The stream's data line as a change; undefined for anything else. */
export function parseLiveChange(data: string): LiveChange | undefined {
  try {
    const change = JSON.parse(data) as Partial<LiveChange>
    if (typeof change.collection === 'string' && typeof change.id === 'number') {
      return change as LiveChange
    }
  } catch {
    // Not JSON: not a change this app knows.
  }
  return undefined
}
