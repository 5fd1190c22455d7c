// The top bar's search (decision 026): GET /api/search answers a few records per collection,
// grouped by collection; each hit leads to its record's page.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { paths } from '../../app/paths'
import { api } from '../../lib/api-client'

export interface SearchHit {
  id: number
  /** The name to show (a provider: its brand). */
  name: string
  /** A second line: a product's provider, a category's parents, a provider's person. */
  detail: string | null
  collection: string
}

export interface SearchGroup {
  collection: string
  hits: SearchHit[]
}

/** The server refuses shorter texts; the box says so instead of asking. */
export const MIN_SEARCH_LENGTH = 2
/** Hits per collection. */
export const SEARCH_LIMIT = 5

export const isSearchable = (text: string) => [...text].length >= MIN_SEARCH_LENGTH

export function searchQuery(text: string) {
  return queryOptions({
    queryKey: ['search', text],
    queryFn: async () =>
      (await api.get<{ groups: SearchGroup[] }>('/search', { q: text, limit: SEARCH_LIMIT }))
        .groups,
    enabled: isSearchable(text),
    // The previous hits stay while the next ones load, instead of the list flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })
}

/** Where each collection's records live in the app; a collection it does not know leads nowhere. */
const RECORD_PAGES: Record<string, (id: number) => string> = {
  'service-provider-categories': paths.serviceProviderCategories.detail,
  'product-categories': paths.productCategories.detail,
  'service-providers': paths.serviceProviders.detail,
  products: paths.products.detail,
}

export function hitPath(hit: SearchHit): string | undefined {
  return RECORD_PAGES[hit.collection]?.(hit.id)
}
