// The top bar's search (GET /api/search) under MSW: `searchApi()` answers every text with the
// same groups (or a refusal) and records the texts asked for. The hits name fixture records, so
// the page a hit leads to loads.
import { HttpResponse, http } from 'msw'
import type { SearchGroup, SearchHit } from '../../../src/features/search/search-api'
import { apiUrl } from '../msw/handlers-support'

export function buildSearchHit(overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    id: 9,
    name: 'Sparkle Cleaners',
    detail: 'Ada Obi · +234 803 123 4567 · ada@sparkle.ng',
    collection: 'service-providers',
    ...overrides,
  }
}

/** In the server's order (its entities'), which the search box does not keep. */
export const searchGroups: SearchGroup[] = [
  {
    collection: 'product-categories',
    hits: [
      buildSearchHit({
        id: 2,
        name: 'Home Cleaning',
        detail: 'Cleaning',
        collection: 'product-categories',
      }),
    ],
  },
  { collection: 'service-providers', hits: [buildSearchHit()] },
  {
    collection: 'products',
    hits: [
      buildSearchHit({
        id: 5,
        name: 'Deep Home Clean',
        detail: 'Sparkle Cleaners',
        collection: 'products',
      }),
      buildSearchHit({
        id: 6,
        name: 'Sparkling Windows',
        detail: 'Sparkle Cleaners',
        collection: 'products',
      }),
    ],
  },
]

export function searchApi(groups: SearchGroup[] = searchGroups) {
  const texts: string[] = []
  let refusal: { status: number; detail: string } | undefined
  return {
    /** The `q` of every request, in order. */
    texts,
    /** Every later request answers this error. */
    refuse(status: number, detail: string) {
      refusal = { status, detail }
    },
    handler: http.get(apiUrl('/search'), ({ request }) => {
      texts.push(new URL(request.url).searchParams.get('q') ?? '')
      if (refusal) return HttpResponse.json({ detail: refusal.detail }, { status: refusal.status })
      return HttpResponse.json({ groups })
    }),
  }
}
