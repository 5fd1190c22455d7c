import { type Kysely, sql } from 'kysely'

// Frozen in time (see 001). A team (issue 28): each operator has one role, may be deactivated,
// may have an invite pending (only its SHA-256 is kept) and may sign in with a second factor
// (TOTP). Operators who existed before roles could do everything, so they stay administrators.
// Sessions get a public id (the token's hash is never shown, even to its owner), the device
// that opened them and when they were last used, so an operator can see and end them.

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const operators = () => db.schema.alterTable('operators')
  await operators()
    .addColumn('role', 'varchar(20)', (col) => col.notNull().defaultTo('administrator'))
    .execute()
  await operators()
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
  await operators().addColumn('last_sign_in_at', 'bigint').execute()
  await operators().addColumn('invite_token_hash', 'text').execute()
  await operators().addColumn('invite_expires_at', 'bigint').execute()
  // Base32; set when set-up starts, trusted for sign-in once two_factor is 1.
  await operators().addColumn('totp_secret', 'text').execute()
  await operators()
    .addColumn('two_factor', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  // The 30-second step of the last code accepted, so no code is accepted twice.
  await operators().addColumn('totp_last_step', 'bigint').execute()
  await db.schema
    .createIndex('operators_invite_token_hash_idx')
    .on('operators')
    .column('invite_token_hash')
    .unique()
    .execute()

  await db.schema.alterTable('sessions').addColumn('id', 'varchar(32)').execute()
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute()
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
  // Sessions opened before get an id from their hash (new ones get a random one).
  await sql`update sessions set id = substr(token_hash, 1, 32), last_used_at = created_at`.execute(
    db,
  )
  await db.schema.createIndex('sessions_id_idx').on('sessions').column('id').unique().execute()

  await db.schema
    .createTable('recovery_codes')
    .addColumn('operator_id', 'integer', (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    // SHA-256 of the code: the codes are random, so a fast hash is enough (as for tokens).
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['operator_id', 'code_hash'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute()
  await db.schema.dropIndex('sessions_id_idx').execute()
  for (const column of ['id', 'last_used_at', 'user_agent']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute()
  }
  await db.schema.dropIndex('operators_invite_token_hash_idx').execute()
  for (const column of [
    'role',
    'active',
    'last_sign_in_at',
    'invite_token_hash',
    'invite_expires_at',
    'totp_secret',
    'two_factor',
    'totp_last_step',
  ]) {
    await db.schema.alterTable('operators').dropColumn(column).execute()
  }
}
