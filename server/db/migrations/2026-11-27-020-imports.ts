import type { Kysely } from 'kysely'

// Frozen in time (see 001). CSV imports (issue 29, decision 021): each import that wrote
// something is a row of `imports` (its batch id, the collection, who, when, the counts), and
// each history entry it wrote names it in `batch_id`, so one import can be undone as a whole.
// The index serves "every entry of this batch" (undo).

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('batch_id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('collection', 'varchar(80)', (col) => col.notNull())
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('created', 'integer', (col) => col.notNull())
    .addColumn('updated', 'integer', (col) => col.notNull())
    .addColumn('undone_at', 'bigint')
    .execute()
  await db.schema.alterTable('history').addColumn('batch_id', 'varchar(40)').execute()
  await db.schema.createIndex('history_batch_idx').on('history').column('batch_id').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('history_batch_idx').execute()
  await db.schema.alterTable('history').dropColumn('batch_id').execute()
  await db.schema.dropTable('imports').execute()
}
