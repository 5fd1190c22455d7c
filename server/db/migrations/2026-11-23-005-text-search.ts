import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time (see 001). Indexes for the case-insensitive substring filters (product name,
// provider brand name and email), so a search costs what it finds rather than a table scan.
//
// SQLite: FTS5 tables with the trigram tokenizer (case-folding), over the base tables' own
// columns (external content, nothing stored twice) and kept in step by triggers.
// PostgreSQL: pg_trgm GIN indexes on exactly the expressions the queries compare.

/** [FTS table, base table, indexed columns]. Read by server/lib/text-search.ts's queries. */
const SQLITE_INDEXES: Array<[string, string, string[]]> = [
  ['products_fts', 'products', ['name']],
  ['service_providers_fts', 'service_providers', ['brand_name', 'email_key']],
]

const POSTGRES_INDEXES: Array<[string, string, string]> = [
  ['products_name_trgm_idx', 'products', 'lower(name)'],
  ['service_providers_brand_name_trgm_idx', 'service_providers', 'lower(brand_name)'],
  ['service_providers_email_key_trgm_idx', 'service_providers', 'email_key'],
]

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    if (!(await enablePgTrgm(db))) return
    for (const [name, table, expression] of POSTGRES_INDEXES) {
      await sql`create index ${sql.id(name)} on ${sql.table(table)}
        using gin (${sql.raw(expression)} gin_trgm_ops)`.execute(db)
    }
    return
  }
  for (const [fts, table, columns] of SQLITE_INDEXES) {
    const list = sql.raw(columns.join(', '))
    const values = (row: 'new' | 'old') => sql.raw(columns.map((c) => `${row}.${c}`).join(', '))
    const remove = sql`insert into ${sql.table(fts)}(${sql.table(fts)}, rowid, ${list})
      values ('delete', old.id, ${values('old')});`
    const add = sql`insert into ${sql.table(fts)}(rowid, ${list}) values (new.id, ${values('new')});`
    await sql`create virtual table ${sql.table(fts)} using fts5(${list},
      content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db)
    await sql`create trigger ${sql.id(`${fts}_insert`)} after insert on ${sql.table(table)}
      begin ${add} end`.execute(db)
    await sql`create trigger ${sql.id(`${fts}_delete`)} after delete on ${sql.table(table)}
      begin ${remove} end`.execute(db)
    await sql`create trigger ${sql.id(`${fts}_update`)} after update of ${list}
      on ${sql.table(table)} begin ${remove} ${add} end`.execute(db)
    // Index the rows that already exist.
    await sql`insert into ${sql.table(fts)}(${sql.table(fts)}) values ('rebuild')`.execute(db)
  }
}

/**
 * pg_trgm ships with PostgreSQL's contrib package and is a trusted extension (a database owner
 * may create it). Where it is missing or refused, the filters still work, only unindexed, so
 * the migration goes on without the indexes rather than leaving the server unable to start.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function enablePgTrgm(db: Kysely<any>): Promise<boolean> {
  await sql`savepoint pg_trgm`.execute(db)
  try {
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql`release savepoint pg_trgm`.execute(db)
    return true
  } catch (error) {
    await sql`rollback to savepoint pg_trgm`.execute(db)
    console.warn(`pg_trgm unavailable, substring filters stay unindexed: ${String(error)}`)
    return false
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name] of POSTGRES_INDEXES)
      await sql`drop index if exists ${sql.id(name)}`.execute(db)
    return
  }
  for (const [fts] of SQLITE_INDEXES) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`${fts}_${event}`)}`.execute(db)
    }
    await sql`drop table if exists ${sql.table(fts)}`.execute(db)
  }
}
