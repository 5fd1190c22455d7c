// Deleting a record, with the rules that can refuse it (issue 14): what every entity's delete
// (`Entity.remove`, in its own folder) shares. A record something still holds is kept and the
// operator is told what holds it (409).
//
// Each delete runs inside the caller's transaction, so a single DELETE and a bulk delete
// (one transaction for many ids) follow the very same rules. Counting and deleting must see the
// same state: on PostgreSQL the record's row is locked first (FOR UPDATE), which makes a
// concurrent insert that would reference it (a product added to the category, a product for the
// provider) wait for this transaction and then fail its foreign-key check instead of leaving a
// dangling link; new subcategories are held off by the hierarchy lock that category writes take.
// SQLite runs one write transaction at a time, so its count cannot go stale before the delete.
import type { SelectQueryBuilder, Transaction } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'

export type DeleteOutcome<Row = unknown> =
  /** Deleted; `record` is the row as it was (history keeps it as `before`). */
  | { outcome: 'deleted'; record: Row }
  /** No such record: nothing to do. */
  | { outcome: 'missing' }
  /** Kept, because something still holds it; `detail` says what, for the 409. */
  | { outcome: 'refused'; detail: string }

/** A number of things of one kind that hold a record, named in the singular and plural. */
export interface Holding {
  count: number
  one: string
  many: string
}

/**
 * "Category has 3 subcategories and 12 products": what holds the record, kinds with no count
 * left out, then `advice` (if any) as a sentence of its own. Undefined when nothing holds it.
 */
export function holdersDetail(subject: string, holdings: Holding[], advice?: string) {
  const parts = holdings
    .filter(({ count }) => count > 0)
    .map(({ count, one, many }) => `${count} ${count === 1 ? one : many}`)
  if (parts.length === 0) return undefined
  const listed =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
  return `${subject} has ${listed}${advice ? `. ${advice}` : ''}`
}

/** The row, locked until the transaction ends on PostgreSQL (SQLite has no FOR UPDATE). */
export function lockedRow<Row>(
  trx: Transaction<Database>,
  // biome-ignore lint/suspicious/noExplicitAny: any single-table select
  query: SelectQueryBuilder<any, any, Row>,
): Promise<Row | undefined> {
  const postgres = isPostgres(trx)
  return query.$if(postgres, (q) => q.forUpdate()).executeTakeFirst()
}

export async function count(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select
  query: SelectQueryBuilder<any, any, object>,
): Promise<number> {
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(total)
}
