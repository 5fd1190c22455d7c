import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time (see 001). Service providers, the categories they offer (a link table) and
// their two images (passport photo, brand logo).
//
// - `enabled` is an integer 0/1 on both databases: SQLite has no boolean type and its driver
//   cannot bind a JS boolean, so one representation keeps the queries identical.
// - `email_key` is the trimmed, lower-cased email: its unique index makes "one provider per
//   email, whatever the case" hold under concurrent creates too.
// - Image bytes live in their own table so provider lists never read them; one row per
//   (provider, kind), replaced in place.

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter

  const required = (col: ColumnDefinitionBuilder) => col.notNull()
  await db.schema
    .createTable('service_providers')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('first_name', 'text', required)
    .addColumn('last_name', 'text', required)
    .addColumn('brand_name', 'text', required)
    .addColumn('email', 'text', required)
    .addColumn('email_key', 'text', required)
    .addColumn('phone_number', 'text', required)
    .addColumn('state', 'text', required)
    .addColumn('city', 'text', required)
    .addColumn('address_line1', 'text', required)
    .addColumn('address_line2', 'text')
    .addColumn('about', 'text', required)
    .addColumn('enabled', 'integer', (col) => col.notNull().check(sql`enabled in (0, 1)`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('service_providers_email_key_idx')
    .on('service_providers')
    .column('email_key')
    .unique()
    .execute()
  // The enabled filter (every public list uses it) in the list's order, newest first.
  await db.schema
    .createIndex('service_providers_enabled_idx')
    .on('service_providers')
    .columns(['enabled', 'id'])
    .execute()

  await db.schema
    .createTable('service_provider_category_links')
    .addColumn('provider_id', 'integer', (col) =>
      col.notNull().references('service_providers.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('service_provider_categories.id').onDelete('restrict'),
    )
    .addPrimaryKeyConstraint('service_provider_category_links_pk', ['provider_id', 'category_id'])
    .execute()
  // The category filter; the primary key already serves "categories of these providers".
  await db.schema
    .createIndex('service_provider_category_links_category_idx')
    .on('service_provider_category_links')
    .columns(['category_id', 'provider_id'])
    .execute()

  await db.schema
    .createTable('provider_images')
    .addColumn('provider_id', 'integer', (col) =>
      col.notNull().references('service_providers.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('passport-photo', 'brand-logo')`),
    )
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('provider_images_pk', ['provider_id', 'kind'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_images').execute()
  await db.schema.dropTable('service_provider_category_links').execute()
  await db.schema.dropTable('service_providers').execute()
}
