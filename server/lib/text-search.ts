// Case-insensitive substring filters that use the indexes of migration 005: an FTS5 trigram
// table on SQLite, a pg_trgm GIN index on PostgreSQL. In both, % and _ match only themselves.
import { type Expression, PostgresAdapter, type SqlBool, sql } from 'kysely'
import type { Db } from './category-links'
import { containsPattern } from './list-query'

/** A searchable column: its alias-qualified SQL, the FTS5 table indexing it, its id column. */
export interface TextColumn {
  /** e.g. `lower(p.name)`: the expression PostgreSQL's index covers (and SQLite's fallback). */
  lowered: string
  fts: string
  ftsColumn: string
  id: string
}

export const productName: TextColumn = {
  lowered: 'lower(p.name)',
  fts: 'products_fts',
  ftsColumn: 'name',
  id: 'p.id',
}
export const providerBrandName: TextColumn = {
  lowered: 'lower(p.brand_name)',
  fts: 'service_providers_fts',
  ftsColumn: 'brand_name',
  id: 'p.id',
}
// email_key is the email lower-cased when written.
export const providerEmail: TextColumn = {
  lowered: 'p.email_key',
  fts: 'service_providers_fts',
  ftsColumn: 'email_key',
  id: 'p.id',
}

/** Trigrams need three characters; shorter searches match through a scan. */
const MIN_INDEXED_LENGTH = 3

export function containsText(db: Db, column: TextColumn, text: string): Expression<SqlBool> {
  const indexed = [...text].length >= MIN_INDEXED_LENGTH
  if (indexed && !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // A quoted FTS5 phrase of trigrams matches exactly the rows holding the text, any case;
    // inside the quotes only " is special (doubled).
    const phrase = `{${column.ftsColumn}}: "${text.replaceAll('"', '""')}"`
    return sql<SqlBool>`${sql.ref(column.id)} in (select rowid from ${sql.table(column.fts)}
      where ${sql.table(column.fts)} match ${phrase})`
  }
  // PostgreSQL's GIN index serves this LIKE directly (from three characters on).
  return sql<SqlBool>`${sql.raw(column.lowered)} like ${containsPattern(text)} escape '\\'`
}
