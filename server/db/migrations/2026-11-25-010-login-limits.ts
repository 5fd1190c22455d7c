import type { Kysely } from 'kysely'

// Failed-login counts shared by every instance on one PostgreSQL (server/auth/login-limiter.ts):
// the layout rate-limiter-flexible's PostgreSQL store reads and writes. SQLite gets the table
// too, so both databases have the same schema, but its single process counts in memory.

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_limits')
    .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_limits').execute()
}
