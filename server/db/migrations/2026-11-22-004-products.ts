import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time (see 001). Products, the product categories they belong to (a link table) and
// their images.
//
// - Money is stored exactly, as whole kobo in bigint columns (₦0.30 is 30): never a binary
//   float. A Fixed product has `price_kobo` and no min/max; a Range product has min ≤ max and
//   no price. The check constraint holds every row to that.
// - `rating` is a double precision (REAL on SQLite): an average, not money. The number a PUT
//   sends comes back bit for bit, and the rating filters compare the same doubles.
// - `enabled` and `is_preview` are integers 0/1, as in 003.
// - At most one preview image per product, enforced by a partial unique index
//   `(product_id) where is_preview = 1`. `products.preview_image_id` names the same image: its
//   composite foreign key `(preview_image_id, id)` → `product_images (id, product_id)` means it
//   can only name an existing image of that same product. The application changes both in one
//   transaction.
// - The two tables refer to each other. SQLite accepts a reference to a table it has not yet
//   created (it resolves it at use) but cannot add a constraint later; PostgreSQL needs the
//   table first, so there the constraint is added afterwards.
// - Image bytes, their thumbnail (at most 480 px wide, made once at upload) and the ETags live
//   in `product_images`; lists never select the bytes.

// The preview's foreign key, added in one of two places (see above).
const previewKey = 'products_preview_image_fk'
const previewColumns: Array<'preview_image_id' | 'id'> = ['preview_image_id', 'id']
const imageColumns = ['id', 'product_id']

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()
  const required = (col: ColumnDefinitionBuilder) => col.notNull()
  let products = db.schema
    .createTable('products')
    .addColumn('id', 'integer', id)
    .addColumn('service_provider_id', 'integer', (col) =>
      col.notNull().references('service_providers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', required)
    .addColumn('description', 'text', required)
    .addColumn('pricing', 'text', (col) => col.notNull().check(sql`pricing in ('Fixed', 'Range')`))
    .addColumn('price_kobo', 'bigint', (col) => col.check(sql`price_kobo >= 0`))
    .addColumn('min_price_kobo', 'bigint', (col) => col.check(sql`min_price_kobo >= 0`))
    .addColumn('max_price_kobo', 'bigint', (col) => col.check(sql`max_price_kobo >= 0`))
    .addColumn('estimated_delivery_days', 'integer', (col) =>
      col.notNull().check(sql`estimated_delivery_days >= 1`),
    )
    .addColumn('enabled', 'integer', (col) => col.notNull().check(sql`enabled in (0, 1)`))
    .addColumn('rating', 'double precision', (col) =>
      col.notNull().check(sql`rating >= 0 and rating <= 5`),
    )
    .addColumn('no_of_ratings', 'integer', (col) => col.notNull().check(sql`no_of_ratings >= 0`))
    .addColumn('preview_image_id', 'integer')
    .addColumn('created_at', 'bigint', required)
    .addColumn('updated_at', 'bigint', required)
    .addCheckConstraint(
      'products_prices_match_pricing',
      sql`(pricing = 'Fixed' and price_kobo is not null
            and min_price_kobo is null and max_price_kobo is null)
       or (pricing = 'Range' and price_kobo is null
            and min_price_kobo is not null and max_price_kobo is not null
            and min_price_kobo <= max_price_kobo)`,
    )
  if (!postgres) {
    products = products.addForeignKeyConstraint(
      previewKey,
      previewColumns,
      'product_images',
      imageColumns,
    )
  }
  await products.execute()

  // A provider's products, newest first; the enabled filter; the price and rating bounds (a
  // Fixed product is found through price_kobo, a Range one through min/max).
  const productIndexes: Array<[string, string[]]> = [
    ['products_provider_idx', ['service_provider_id', 'id']],
    ['products_enabled_idx', ['enabled', 'id']],
    ['products_price_idx', ['price_kobo']],
    ['products_min_price_idx', ['min_price_kobo']],
    ['products_max_price_idx', ['max_price_kobo']],
    ['products_rating_idx', ['rating']],
  ]
  for (const [name, columns] of productIndexes) {
    await db.schema.createIndex(name).on('products').columns(columns).execute()
  }

  await db.schema
    .createTable('product_category_links')
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('product_categories.id').onDelete('restrict'),
    )
    .addPrimaryKeyConstraint('product_category_links_pk', ['product_id', 'category_id'])
    .execute()
  // The category filter; the primary key already serves "categories of these products".
  await db.schema
    .createIndex('product_category_links_category_idx')
    .on('product_category_links')
    .columns(['category_id', 'product_id'])
    .execute()

  const blob = postgres ? 'bytea' : 'blob'
  await db.schema
    .createTable('product_images')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('image_name', 'text', required)
    .addColumn('image_description', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull().check(sql`enabled in (0, 1)`))
    .addColumn('is_preview', 'integer', (col) => col.notNull().check(sql`is_preview in (0, 1)`))
    .addColumn('content_type', 'text', required)
    .addColumn('bytes', blob, required)
    .addColumn('etag', 'text', required)
    .addColumn('thumb_content_type', 'text', required)
    .addColumn('thumb_bytes', blob, required)
    .addColumn('thumb_etag', 'text', required)
    .addColumn('created_at', 'bigint', required)
    .addColumn('updated_at', 'bigint', required)
    // The target of products_preview_image_fk: (image, its product).
    .addUniqueConstraint('product_images_id_product_key', ['id', 'product_id'])
    .execute()
  // A product's images in the list's order.
  await db.schema
    .createIndex('product_images_product_idx')
    .on('product_images')
    .columns(['product_id', 'id'])
    .execute()
  // At most one preview per product, whatever runs concurrently.
  await db.schema
    .createIndex('product_images_one_preview_idx')
    .on('product_images')
    .column('product_id')
    .unique()
    .where(sql<boolean>`is_preview = 1`)
    .execute()

  if (postgres) {
    await db.schema
      .alterTable('products')
      .addForeignKeyConstraint(previewKey, previewColumns, 'product_images', imageColumns)
      .execute()
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (postgres) {
    await db.schema.alterTable('products').dropConstraint(previewKey).execute()
  }
  await db.schema.dropTable('product_images').execute()
  await db.schema.dropTable('product_category_links').execute()
  await db.schema.dropTable('products').execute()
}
