// One search for everything (GET /api/search, decision 026): what an entity's descriptor says
// about being searched (`Entity.search`), and the answer's shape. Each entity finds its own hits
// (./column-search.ts for records found through their text indexes, the pickers' category
// search for categories); ./search-routes.ts asks every entity that has a `search` and groups
// the hits by collection. Nothing here knows the descriptors (server/entity.ts imports this).
import type { Db } from '../db/types'

/** One record found, as the top bar's search shows it. */
export interface SearchHit {
  id: number
  /** The name to show (a provider: the brand). */
  name: string
  /** A second line telling it apart (a product's provider, a category's parents), or null. */
  detail: string | null
}

export interface EntitySearch {
  /** Up to `limit` records matching `text` (MIN_SEARCH_LENGTH characters or more, as typed),
   * best first. */
  find: (db: Db, text: string, limit: number) => Promise<SearchHit[]>
}

/** Shorter texts are refused: one character matches nearly everything and tells nothing. */
export const MIN_SEARCH_LENGTH = 2
/** Hits per collection unless `limit` says otherwise, and the most it may ask for. */
export const DEFAULT_SEARCH_LIMIT = 5
export const MAX_SEARCH_LIMIT = 20
