import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time (see 001). The trash (issue 30, decision 022): a deleted record is moved here,
// out of its live tables, so every reader (lists, counts, exports, pickers, public info, text
// search, the unique email index) sees it gone without filtering anything. One row per record:
// `rows` is JSON text holding the record's row and the rows that belong to it (links, images
// with their bytes) as they were, enough to put them back with the same ids; `shown` is the
// record as GET showed it, which the trash list answers. `entity` is the entity's schema id,
// as in `history`. A record is in the trash at most once (ids are never reused).

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('trash')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('entity', 'varchar(40)', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('rows', 'text', (col) => col.notNull())
    .addColumn('shown', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint', (col) => col.notNull())
    .addColumn('deleted_by', 'integer', (col) => col.notNull())
    .execute()
  // Restore and delete for good find a record by its id; the list reads newest first by id.
  await db.schema
    .createIndex('trash_record_idx')
    .on('trash')
    .columns(['entity', 'record_id'])
    .unique()
    .execute()
  await db.schema.createIndex('trash_list_idx').on('trash').columns(['entity', 'id']).execute()
  // The sweep (TRASH_DAYS) finds what is old enough.
  await db.schema.createIndex('trash_deleted_at_idx').on('trash').column('deleted_at').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trash').execute()
}
