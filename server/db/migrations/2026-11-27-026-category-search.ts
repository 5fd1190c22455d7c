import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time (see 001). The pickers' and the top bar's category search at a million
// categories (issue 32, decision 029), on both hierarchies:
//
// - Names containing a text (three characters or more) through trigrams, as 005 does for
//   products: on SQLite an FTS5 trigram table over the table's own name column (external
//   content, kept in step by triggers, filled here from the rows that exist); on PostgreSQL a
//   pg_trgm GIN index on lower(name), where 005 could create pg_trgm.
// - Names starting with a text, and every name in order, read as one range of an index on the
//   lower-cased name in byte order: SQLite's index of 015 already is; PostgreSQL gets one
//   collated "C", as 024 made for products and providers (015's index, in the database's
//   collation, cannot serve a prefix). 015's index stays, so that the previous release still
//   finds its index during a rolling upgrade (migrations only add).

const TABLES = ['service_provider_categories', 'product_categories']

const fts = (table: string) => `${table}_fts`

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES) {
      // The name and parent ride along, so a walk or a range reads this index alone (an index-only
      // scan: PostgreSQL cannot read an indexed expression back, only the columns it is made of).
      await sql`create index ${sql.id(`${table}_name_prefix_idx`)} on ${sql.table(table)}
        ((lower(name) collate "C"), id) include (name, parent_id)`.execute(db)
    }
    const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db)
    if (rows.length === 0) return
    for (const table of TABLES) {
      await sql`create index ${sql.id(`${table}_name_trgm_idx`)} on ${sql.table(table)}
        using gin (lower(name) gin_trgm_ops)`.execute(db)
    }
    return
  }
  for (const table of TABLES) {
    const index = sql.table(fts(table))
    const remove = sql`insert into ${index}(${index}, rowid, name) values ('delete', old.id, old.name);`
    const add = sql`insert into ${index}(rowid, name) values (new.id, new.name);`
    await sql`create virtual table ${index} using fts5(name,
      content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db)
    await sql`create trigger ${sql.id(`${fts(table)}_insert`)} after insert on ${sql.table(table)}
      begin ${add} end`.execute(db)
    await sql`create trigger ${sql.id(`${fts(table)}_delete`)} after delete on ${sql.table(table)}
      begin ${remove} end`.execute(db)
    await sql`create trigger ${sql.id(`${fts(table)}_update`)} after update of name
      on ${sql.table(table)} begin ${remove} ${add} end`.execute(db)
    // Index the rows that already exist.
    await sql`insert into ${index}(${index}) values ('rebuild')`.execute(db)
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES) {
      await sql`drop index if exists ${sql.id(`${table}_name_trgm_idx`)}`.execute(db)
      await db.schema.dropIndex(`${table}_name_prefix_idx`).ifExists().execute()
    }
    return
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`${fts(table)}_${event}`)}`.execute(db)
    }
    await sql`drop table if exists ${sql.table(fts(table))}`.execute(db)
  }
}
