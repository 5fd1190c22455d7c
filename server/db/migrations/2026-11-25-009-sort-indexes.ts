import type { Kysely } from 'kysely'

// Frozen in time (see 001). The lists' sorts (server/lib/list-sort.ts) order by a field, then
// by id in the same direction: one index on (field, id) per sort lets a page be read in order,
// either way, instead of sorting every matching row (a million products). It replaces the plain
// rating index of 004, which the rating filter reads just as well with the id added. Categories
// had (name, id) from 002; a product's few images need none.

const indexes: Array<[name: string, table: string, columns: string[]]> = [
  ['products_name_sort_idx', 'products', ['name', 'id']],
  ['products_price_sort_idx', 'products', ['price_low_kobo', 'id']],
  ['products_rating_sort_idx', 'products', ['rating', 'id']],
  ['service_providers_name_sort_idx', 'service_providers', ['first_name', 'last_name', 'id']],
  ['service_providers_brand_sort_idx', 'service_providers', ['brand_name', 'id']],
]

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute()
  }
  await db.schema.dropIndex('products_rating_idx').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('products_rating_idx').on('products').column('rating').execute()
  for (const [name] of [...indexes].reverse()) await db.schema.dropIndex(name).execute()
}
