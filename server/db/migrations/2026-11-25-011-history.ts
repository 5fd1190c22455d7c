import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time (see 001). History (decision 011): one row per recorded write, written in the
// write's own transaction by server/lib/history.ts. `entity` and `entity_id` name the record
// whose history the row belongs to (a product image's changes belong to its product); no
// foreign key, so a deleted record keeps its history, and none to operators either. `changes`
// is JSON text on both databases (field → { before, after }): it is only ever read whole.
// The index serves "this record's history, newest first" (ids grow with time).

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('history')
    // AUTOINCREMENT: SQLite never reuses an id, so ids keep growing with time.
    .addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('entity', 'varchar(40)', (col) => col.notNull())
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('part_id', 'integer')
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('history_record_idx')
    .on('history')
    .columns(['entity', 'entity_id', 'id'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('history').execute()
}
