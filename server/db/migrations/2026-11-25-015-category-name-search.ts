import { type Kysely, sql } from 'kysely'

// Frozen in time (see 001). The pickers' category search (decision 015) orders matches by
// lower(name), then id: an index on exactly that lets it read names in order and stop after a
// page of matches, at 100,000 categories as at 3,000, on SQLite and PostgreSQL alike.

const tables = ['service_provider_categories', 'product_categories']

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await db.schema
      .createIndex(`${table}_lower_name_idx`)
      .on(table)
      .expression(sql`lower(name), id`)
      .execute()
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables) await db.schema.dropIndex(`${table}_lower_name_idx`).execute()
}
