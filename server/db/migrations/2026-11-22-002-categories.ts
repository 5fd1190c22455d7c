import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time (see 001). Both category hierarchies: a name, a description and an optional
// parent in the same table. Deleting a parent that still has children is refused (restrict).

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const table of ['service_provider_categories', 'product_categories']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (col) =>
        postgres
          ? col.generatedByDefaultAsIdentity().primaryKey()
          : col.primaryKey().autoIncrement(),
      )
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('parent_id', 'integer', (col) =>
        col.references(`${table}.id`).onDelete('restrict'),
      )
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    // The parent filter and the "children of" lookups; the name index serves the default order.
    await db.schema.createIndex(`${table}_parent_id_idx`).on(table).column('parent_id').execute()
    await db.schema.createIndex(`${table}_name_idx`).on(table).columns(['name', 'id']).execute()
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_categories').execute()
  await db.schema.dropTable('service_provider_categories').execute()
}
