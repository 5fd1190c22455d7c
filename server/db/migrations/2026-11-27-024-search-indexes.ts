import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time (see 001). Indexes for the top bar's search (GET /api/search, decision 026),
// which finds providers by brand, email, a person's name or phone, and products by name. Three
// characters or more match anywhere through trigrams: brand, email and product name since 005,
// a person's name and the phone's key since 025 (the list filters' indexes, which the search
// shares). Two characters match the start of a name, read in order from an index on its
// lower-cased text (byte order, "C" on PostgreSQL, so a prefix is one exact range whatever the
// locale): those indexes are made here.

/** [index, table, lower-cased column] read in order by a two-character search. */
const PREFIX_INDEXES: Array<[string, string, string]> = [
  ['products_name_prefix_idx', 'products', 'name'],
  ['service_providers_brand_prefix_idx', 'service_providers', 'brand_name'],
  ['service_providers_first_name_prefix_idx', 'service_providers', 'first_name'],
  ['service_providers_last_name_prefix_idx', 'service_providers', 'last_name'],
]

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const [name, table, column] of PREFIX_INDEXES) {
    const lowered = postgres ? `(lower(${column}) collate "C")` : `lower(${column})`
    await db.schema
      .createIndex(name)
      .on(table)
      .expression(sql.raw(`${lowered}, id`))
      .execute()
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of PREFIX_INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}
