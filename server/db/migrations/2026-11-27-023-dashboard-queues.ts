import { type Kysely, sql } from 'kysely'

// Frozen in time (see 001). The dashboard's queue of products without a preview image
// (`GET /products?hasPreviewImage=false`): a partial index of just those products, newest id
// last, so their count and their pages read the index alone instead of every product (most
// products have a preview, so the queue is usually a small share of a large table). Both
// databases use a partial index whose condition the query's own implies.

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('products_without_preview_idx')
    .on('products')
    .column('id')
    .where(sql.ref('preview_image_id'), 'is', null)
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_without_preview_idx').execute()
}
