import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time (see 001). Custom fields: a property an analyst adds to an entity's form
// schema with no column of its own is stored in the entity's `attributes`, a JSON object (jsonb
// on PostgreSQL, JSON text on SQLite), empty by default. See server/db/entity-columns.ts.

const tables = [
  'service_provider_categories',
  'product_categories',
  'service_providers',
  'products',
  'product_images',
]

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const table of tables) {
    await db.schema
      .alterTable(table)
      .addColumn('attributes', postgres ? 'jsonb' : 'text', (col) =>
        col.notNull().defaultTo(postgres ? sql`'{}'::jsonb` : '{}'),
      )
      .execute()
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...tables].reverse()) {
    await db.schema.alterTable(table).dropColumn('attributes').execute()
  }
}
