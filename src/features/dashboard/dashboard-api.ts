// What the dashboard reads (issue 31, point 3). Every count is the `pagination.total` of the very
// list it links to, asked for one row (`pageSize=1`), so a count and its list always agree. The
// query keys start with the collection (query-client.ts `pathKey`), so a live change of that
// collection refreshes them (lib/live-changes.ts `isStaleAfter`); the latest changes across
// collections (GET /history) refresh on every change.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import type { HistoryEntry } from '../../lib/history'
import { listQuery, type Page, pathKey, untilExact } from '../../lib/query-client'
import type { QueryParams } from '../../lib/query-string'
import { DASHBOARD_MESSAGES } from './dashboard-messages'

/** A count, and whether the server counted it since its latest write (decision 030). */
export interface Count {
  total: number
  exact: boolean
}

/** How many records the list at `path` holds with these filters: one row asked for, its total
 * read, and read again while it is not exact (as a list is: `listQuery`). Quiet on failure (no
 * toast): the card says so, rather than one toast per count. */
export function countQuery(path: string, filters: QueryParams = {}) {
  const query = { ...filters, pageSize: 1 }
  return queryOptions({
    queryKey: [...pathKey(path), query],
    queryFn: async (): Promise<Count> => {
      const { pagination } = await api.get<Page<unknown>>(path, query)
      return { total: pagination.total, exact: pagination.totalExact !== false }
    },
    refetchInterval: (loaded) => untilExact(loaded.state.data?.exact),
  })
}

/** A custom field a form requires, and how many records lack it (`?missing=<field>` lists them). */
export interface MissingField {
  field: string
  title: string
  missing: number
}

export function missingFieldsQuery(collection: string) {
  const path = `${collection}/missing-fields`
  return queryOptions({
    queryKey: pathKey(path),
    queryFn: () => api.get<{ data: MissingField[] }>(path).then((answer) => answer.data),
  })
}

/** A history entry of any collection, with the record it belongs to. */
export interface RecentChange extends Omit<HistoryEntry, 'changes'> {
  /** As the API path names it: `products`. */
  collection: string
  recordId: number
  /** The record's name; null once it is gone. */
  name: string | null
  /** The fields it changed. */
  fields: string[]
}

export const RECENT_PAGE_SIZE = 8

export function recentChangesQuery(page: number) {
  return listQuery<RecentChange>(
    '/history',
    { page, pageSize: RECENT_PAGE_SIZE },
    DASHBOARD_MESSAGES.recentFailed,
  )
}
