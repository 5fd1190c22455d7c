import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time (see 001). Images a version refers to (issue 30, decision 022): a product image
// deleted, or a provider's passport photo or brand logo replaced or removed, is kept here so
// that restoring an older version of its record can bring it back. `entity` and `record_id`
// name the record, as in `history`; `retired_by` is the history entry that removed or replaced
// it (the image is the one the record had right before that entry); `part_table` is the table
// it came from and `row` that row as JSON text (bytes as base64), enough to put it back with
// the same id. Rows go when the record is deleted for good: no version can be restored then.

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('kept_images')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('entity', 'varchar(40)', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('retired_by', 'integer', (col) => col.notNull())
    .addColumn('part_table', 'varchar(40)', (col) => col.notNull())
    .addColumn('row', 'text', (col) => col.notNull())
    .execute()
  // A revert reads a record's images retired after one entry; a delete for good drops them all.
  await db.schema
    .createIndex('kept_images_record_idx')
    .on('kept_images')
    .columns(['entity', 'record_id', 'retired_by'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kept_images').execute()
}
