import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time (see 001). Indexes for the top bar's search (GET /api/search, decision 026),
// which finds providers by brand, email, a person's name or phone, and products by name:
//
// - Three characters or more match anywhere in the text through trigrams. Brand, email and
//   product name have theirs since 005; a person's name ("first last") and the phone's digits
//   get theirs here: an FTS5 trigram table on SQLite (holding its two texts, kept by triggers),
//   pg_trgm GIN indexes on the very expressions the search compares on PostgreSQL.
// - Two characters match the start of a name, read in order from an index on its lower-cased
//   text (byte order, "C" on PostgreSQL, so a prefix is one exact range whatever the locale).
//
// A phone is compared by its digits in the national form: "+234 803 123 4567", "0803-123-4567"
// and "(0803) 1234567" are all 08031234567 (server/lists/text-search.ts writes the same in
// TypeScript for the searched text).

const digits = (column: string) =>
  `replace(replace(replace(replace(replace(${column}, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`
const national = (column: string) =>
  `(case when ${digits(column)} like '234%' then '0' || ltrim(substr(${digits(column)}, 4), '0') else ${digits(column)} end)`
const personName = (row: string) => `${row}first_name || ' ' || ${row}last_name`

/** [index, table, lower-cased column] read in order by a two-character search. */
const PREFIX_INDEXES: Array<[string, string, string]> = [
  ['products_name_prefix_idx', 'products', 'name'],
  ['service_providers_brand_prefix_idx', 'service_providers', 'brand_name'],
  ['service_providers_first_name_prefix_idx', 'service_providers', 'first_name'],
  ['service_providers_last_name_prefix_idx', 'service_providers', 'last_name'],
]

const POSTGRES_TRIGRAMS: Array<[string, string]> = [
  ['service_providers_person_name_trgm_idx', `lower(${personName('')})`],
  ['service_providers_phone_trgm_idx', national('phone_number')],
]

const FTS = 'service_providers_person_fts'

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const [name, table, column] of PREFIX_INDEXES) {
    const lowered = postgres ? `(lower(${column}) collate "C")` : `lower(${column})`
    await db.schema
      .createIndex(name)
      .on(table)
      .expression(sql.raw(`${lowered}, id`))
      .execute()
  }
  if (postgres) {
    // 005 enabled pg_trgm where it could; without it the search still works, unindexed.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_extension
      where extname = 'pg_trgm'`.execute(db)
    if (rows[0]?.n !== 1) return
    for (const [name, expression] of POSTGRES_TRIGRAMS) {
      await sql`create index ${sql.id(name)} on service_providers
        using gin ((${sql.raw(expression)}) gin_trgm_ops)`.execute(db)
    }
    return
  }
  const values = (row: 'new.' | '') =>
    sql.raw(`${personName(row)}, ${national(`${row}phone_number`)}`)
  await sql`create virtual table ${sql.table(FTS)} using fts5(person_name, phone,
    tokenize='trigram')`.execute(db)
  await sql`create trigger ${sql.id(`${FTS}_insert`)} after insert on service_providers begin
    insert into ${sql.table(FTS)}(rowid, person_name, phone) values (new.id, ${values('new.')});
    end`.execute(db)
  await sql`create trigger ${sql.id(`${FTS}_delete`)} after delete on service_providers begin
    delete from ${sql.table(FTS)} where rowid = old.id; end`.execute(db)
  await sql`create trigger ${sql.id(`${FTS}_update`)}
    after update of first_name, last_name, phone_number on service_providers begin
    delete from ${sql.table(FTS)} where rowid = old.id;
    insert into ${sql.table(FTS)}(rowid, person_name, phone) values (new.id, ${values('new.')});
    end`.execute(db)
  await sql`insert into ${sql.table(FTS)}(rowid, person_name, phone)
    select id, ${values('')} from service_providers`.execute(db)
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of PREFIX_INDEXES) await db.schema.dropIndex(name).ifExists().execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name] of POSTGRES_TRIGRAMS) await db.schema.dropIndex(name).ifExists().execute()
    return
  }
  for (const event of ['insert', 'delete', 'update']) {
    await sql`drop trigger if exists ${sql.id(`${FTS}_${event}`)}`.execute(db)
  }
  await sql`drop table if exists ${sql.table(FTS)}`.execute(db)
}
