// Deleting a record, with the rules that can refuse it (issue 14): a category that still has
// subcategories or is still assigned, or a provider that still has products, is kept and the
// operator is told what holds it (409). A product goes with its images and category links.
//
// Each function runs inside the caller's transaction, so a single DELETE and a bulk delete
// (one transaction for many ids) follow the very same rules. Counting and deleting must see the
// same state: on PostgreSQL the record's row is locked first (FOR UPDATE), which makes a
// concurrent insert that would reference it (a product added to the category, a product for the
// provider) wait for this transaction and then fail its foreign-key check instead of leaving a
// dangling link; new subcategories are held off by the hierarchy lock that category writes take.
// SQLite runs one write transaction at a time, so its count cannot go stale before the delete.
import { PostgresAdapter, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely'
import { lockHierarchy } from '../categories/category-queries'
import type {
  CategoriesTable,
  CategoryTableName,
  Database,
  ProductsTable,
  ServiceProvidersTable,
} from '../db/types'

export type DeleteOutcome<Row> =
  /** Deleted; `record` is the row as it was (history keeps it as `before`). */
  | { outcome: 'deleted'; record: Row }
  /** No such record: nothing to do. */
  | { outcome: 'missing' }
  /** Kept, because something still holds it; `detail` says what, for the 409. */
  | { outcome: 'refused'; detail: string }

export type CategoryRecord = Selectable<CategoriesTable>
export type ProviderRecord = Selectable<ServiceProvidersTable>
export type ProductRecord = Selectable<ProductsTable>

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

const CATEGORY_HOLDERS = {
  serviceProviderCategories: {
    links: 'serviceProviderCategoryLinks',
    one: 'service provider',
    many: 'service providers',
  },
  productCategories: { links: 'productCategoryLinks', one: 'product', many: 'products' },
} as const

/** Deletes a category that has no subcategories and is assigned to nothing. */
export async function deleteCategory(
  trx: Transaction<Database>,
  table: CategoryTableName,
  id: number,
): Promise<DeleteOutcome<CategoryRecord>> {
  // Holds off a concurrent create or re-parent under this category (see category-queries.ts).
  await lockHierarchy(trx, table)
  const record = await lockedRow(trx, trx.selectFrom(table).selectAll().where('id', '=', id))
  if (!record) return { outcome: 'missing' }
  const holders = CATEGORY_HOLDERS[table]
  const [children, assigned] = await Promise.all([
    count(trx.selectFrom(table).where('parentId', '=', id)),
    count(trx.selectFrom(holders.links).where('categoryId', '=', id)),
  ])
  const detail = holdersDetail('Category', [
    { count: children, one: 'subcategory', many: 'subcategories' },
    { count: assigned, one: holders.one, many: holders.many },
  ])
  if (detail) return { outcome: 'refused', detail }
  await trx.deleteFrom(table).where('id', '=', id).execute()
  return { outcome: 'deleted', record }
}

/** Deletes a service provider that has no products, with its category links, photo and logo. */
export async function deleteServiceProvider(
  trx: Transaction<Database>,
  id: number,
): Promise<DeleteOutcome<ProviderRecord>> {
  const record = await lockedRow(
    trx,
    trx.selectFrom('serviceProviders').selectAll().where('id', '=', id),
  )
  if (!record) return { outcome: 'missing' }
  const products = await count(trx.selectFrom('products').where('serviceProviderId', '=', id))
  const detail = holdersDetail(
    'Service provider',
    [{ count: products, one: 'product', many: 'products' }],
    'Disable it instead, or delete its products first',
  )
  if (detail) return { outcome: 'refused', detail }
  await trx.deleteFrom('serviceProviderCategoryLinks').where('providerId', '=', id).execute()
  await trx.deleteFrom('providerImages').where('providerId', '=', id).execute()
  await trx.deleteFrom('serviceProviders').where('id', '=', id).execute()
  return { outcome: 'deleted', record }
}

/** Deletes a product with its images and category links. Nothing holds a product. */
export async function deleteProduct(
  trx: Transaction<Database>,
  id: number,
): Promise<DeleteOutcome<ProductRecord>> {
  const record = await lockedRow(trx, trx.selectFrom('products').selectAll().where('id', '=', id))
  if (!record) return { outcome: 'missing' }
  // Cleared first: the preview's foreign key never names a missing image.
  await trx.updateTable('products').set({ previewImageId: null }).where('id', '=', id).execute()
  await trx.deleteFrom('productImages').where('productId', '=', id).execute()
  await trx.deleteFrom('productCategoryLinks').where('productId', '=', id).execute()
  await trx.deleteFrom('products').where('id', '=', id).execute()
  return { outcome: 'deleted', record }
}

/** The row, locked until the transaction ends on PostgreSQL (SQLite has no FOR UPDATE). */
function lockedRow<Row>(
  trx: Transaction<Database>,
  // biome-ignore lint/suspicious/noExplicitAny: any single-table select
  query: SelectQueryBuilder<any, any, Row>,
): Promise<Row | undefined> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter
  return query.$if(postgres, (q) => q.forUpdate()).executeTakeFirst()
}

async function count(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select
  query: SelectQueryBuilder<any, any, object>,
): Promise<number> {
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(total)
}
