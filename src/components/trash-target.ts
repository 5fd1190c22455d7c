// What the trash page and Undo know of a collection (decision 022); each feature declares its
// own, as it declares its bulk target.
import type { Nouns } from './trash-messages'

/** A record in the trash: its fields as GET showed them, and when and by whom it was deleted. */
export interface TrashedRecord {
  id: number
  /** ISO 8601, UTC. */
  deletedAt: string
  /** `username` is null once that operator no longer exists. */
  deletedBy: { id: number; username: string | null }
  [field: string]: unknown
}

/** What the trash page and Undo know of a collection; each feature declares its own. */
export interface TrashTarget extends Nouns {
  /** The collection's API path, e.g. `/products`; its trash is `<path>/trash`. */
  path: string
  /** API paths whose queries reload after a restore or a delete for good (besides `path`). */
  refreshes: readonly string[]
  /** The list screen's title and route, which the trash page leads back to. */
  title: string
  list: string
  /** How a row is named: a product's name, a provider's name and brand. */
  name: (record: TrashedRecord) => string
}
