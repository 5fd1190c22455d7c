// The pickers' reads of a category hierarchy (decision 015): a few categories found by name as
// the operator types, and the chosen ones by id, each with its full path. Never the whole
// hierarchy: a form downloads a few kilobytes however many categories there are.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from './api-client'
import { pathKey } from './query-client'

/** Where a picker searches, and what it says when the search fails. */
export interface CategorySource {
  /** The hierarchy's list path: `/product-categories` or `/service-provider-categories`. */
  apiPath: string
  errorText: string
}

export interface CategoryMatch {
  id: number
  name: string
  /** Names from the top-level ancestor down to the category itself. */
  path: string[]
}

/** How many matches a picker shows at once. */
export const SEARCH_LIMIT = 20

const searchPath = (source: CategorySource) => `${source.apiPath}/search`

/** Matches of `text` (every category, by name, when blank), `exclude` and its subtree left out.
 * Keyed under the hierarchy's path, so a write to it refreshes every picker. */
export function categorySearchQuery(source: CategorySource, text: string, exclude?: number) {
  return queryOptions({
    queryKey: [...pathKey(source.apiPath), 'search', text, exclude ?? null],
    queryFn: async () =>
      (
        await api.get<{ data: CategoryMatch[] }>(searchPath(source), {
          q: text || undefined,
          exclude,
          limit: SEARCH_LIMIT,
        })
      ).data,
    meta: { errorText: source.errorText },
    // The previous matches stay listed while the next ones load, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

/** The categories of these ids (a form's current values, a filter in the URL). */
export function categoryPathsQuery(source: CategorySource, ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  return queryOptions({
    queryKey: [...pathKey(source.apiPath), 'paths', sorted],
    queryFn: async () =>
      (await api.get<{ data: CategoryMatch[] }>(searchPath(source), { ids: sorted.join(',') }))
        .data,
    enabled: sorted.length > 0,
    meta: { errorText: source.errorText },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

/** "Home › Cleaning › Tanks". */
export function pathText(match: CategoryMatch): string {
  return match.path.join(' › ')
}
