import type { Kysely } from 'kysely'

// Frozen in time (see 001). Who has which record's edit page open (issue 31, decision 025): one
// row per operator and record, `seen_at` renewed by each of the page's heartbeats, `since` when
// they opened it. Several instances on one PostgreSQL share it, so each sees the same editors.
// SQLite gets the table too, so both databases have the same schema, but its single process
// keeps presence in memory (as the login limits of 010).

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('presence')
    .addColumn('collection', 'varchar(60)', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    .addColumn('since', 'bigint', (col) => col.notNull())
    .addColumn('seen_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('presence_pkey', ['collection', 'record_id', 'operator_id'])
    .execute()
  // Rows whose heartbeats stopped (a closed laptop) are swept by age.
  await db.schema.createIndex('presence_seen_at_idx').on('presence').column('seen_at').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('presence').execute()
}
