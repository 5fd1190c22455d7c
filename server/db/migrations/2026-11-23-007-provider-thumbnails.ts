import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time (see 001). A small WebP copy of each provider image (at most 160 px wide,
// made once at upload), for the avatars of the provider list: thirty full passport photos
// weighed about 80 MB. Nullable: rows stored before this migration have no thumbnail and are
// served in full until their next upload; no backfill. The three columns are set together.

const columns = ['thumb_content_type', 'thumb_bytes', 'thumb_etag'] as const

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob'
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of columns) {
    const type = column === 'thumb_bytes' ? blob : 'text'
    await db.schema.alterTable('provider_images').addColumn(column, type).execute()
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...columns].reverse()) {
    await db.schema.alterTable('provider_images').dropColumn(column).execute()
  }
}
