// Case-insensitive substring filters that use the indexes of migrations 005, 025 and 026: an FTS5
// trigram table on SQLite, a pg_trgm GIN index on PostgreSQL. In both, % and _ match only
// themselves.
import { type SqlBool, sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { CategoryTableName, Db } from '../db/types'
import type { FilteredQuery, Lookup } from './list-engine'
import { containsPattern } from './list-params'

/** A searchable column of the table aliased `p`. */
export interface TextColumn {
  /** e.g. `lower(p.name)`: the expression PostgreSQL's index covers (and SQLite's fallback). */
  lowered: string
  /** The FTS5 table indexing it (SQLite) and the column's name there. */
  fts: 'productsFts' | 'serviceProvidersFts' | `${CategoryTableName}Fts`
  ftsColumn: string
  /** What is looked for in this column for a searched text (a phone: its digits), undefined
   * when the text cannot match it; by default the text itself. */
  searched?: (text: string) => string | undefined
}

export const productName: TextColumn = {
  lowered: 'lower(p.name)',
  fts: 'productsFts',
  ftsColumn: 'name',
}
export const providerBrandName: TextColumn = {
  lowered: 'lower(p.brand_name)',
  fts: 'serviceProvidersFts',
  ftsColumn: 'brand_name',
}
// email_key is the email lower-cased when written.
export const providerEmail: TextColumn = {
  lowered: 'p.email_key',
  fts: 'serviceProvidersFts',
  ftsColumn: 'email_key',
}

/** The provider's person, "First Last" (a generated column, migration 025). */
export const providerPersonName: TextColumn = {
  lowered: 'lower(p.person_name)',
  fts: 'serviceProvidersFts',
  ftsColumn: 'person_name',
}
/** The phone's key (a generated column, migration 025): search it for a text's own key
 * (../service-providers/phone-key.ts), digits only, so lowering changes nothing. */
export const providerPhone: TextColumn = {
  lowered: 'p.phone_key',
  fts: 'serviceProvidersFts',
  ftsColumn: 'phone_key',
}

/** A category's name, in either hierarchy (migration 026; the pickers' search). */
export const categoryName: Record<CategoryTableName, TextColumn> = {
  serviceProviderCategories: {
    lowered: 'lower(p.name)',
    fts: 'serviceProviderCategoriesFts',
    ftsColumn: 'name',
  },
  productCategories: { lowered: 'lower(p.name)', fts: 'productCategoriesFts', ftsColumn: 'name' },
}

/** Trigrams need three characters; shorter searches match through a scan. */
export const MIN_INDEXED_LENGTH = 3

/**
 * Adds the substring filters (column, text; blank texts are skipped) to a list query over `p`
 * and says how to order it newest first. On SQLite the FTS5 table joins in and drives the
 * query in id order, newest first: a page then costs about the same for a rare word and for one
 * in every fourth row. Its rows are the matching ids, so the order is by its rowid.
 *
 * On PostgreSQL the trigram index collects every match, which are then sorted: cheap for a few
 * hundred, not for thousands (5,000 matches: 11–18 ms). When the page fills after a short walk
 * (`lookup` 'scan', see `lookupFor`), the same test is written as `strpos`, which no index
 * serves, so PostgreSQL walks the newest rows and tests each (2 ms for that page). With
 * 'test', every row is tested on its own on both (`testEachRow`).
 */
export function filterByText<Q extends FilteredQuery>(
  db: Db,
  query: Q,
  searches: Array<[TextColumn, string | undefined]>,
  lookup: Lookup = 'index',
): { query: Q; newestFirst: string } {
  if (lookup === 'test') return { query: testEachRow(db, query, searches), newestFirst: 'p.id' }
  const postgres = isPostgres(db)
  const phrases: string[] = []
  let filtered = query
  for (const [column, text] of searches) {
    if (!text) continue
    if (!postgres && [...text].length >= MIN_INDEXED_LENGTH) {
      phrases.push(ftsPhrase(column, text))
    } else if (postgres && lookup === 'scan') {
      filtered = filtered.where(strposTest(column, text)) as Q
    } else {
      // PostgreSQL's GIN index serves this LIKE directly (from three characters on).
      filtered = filtered.where(likeTest(column, text)) as Q
    }
  }
  if (phrases.length === 0) return { query: filtered, newestFirst: 'p.id' }
  const fts = searches[0][0].fts
  // The join adds the index's columns as `f`; the caller's query type (Q) does not name them, and
  // only `f.rowid` is read, through `newestFirst`, so the query stays a Q for the caller.
  const joined = filtered
    .innerJoin(`${fts} as f`, 'f.rowid', 'p.id')
    .where(sql<SqlBool>`${sql.table(fts)} match ${phrases.join(' AND ')}`) as unknown as Q
  return { query: joined, newestFirst: 'f.rowid' }
}

/**
 * The same substring filters for a query another filter already narrows to a few rows through
 * its own index (a provider's products): each of those rows is tested on its own, rather than
 * the text index collecting its matches among all rows (a quarter of a million products for a
 * broad word). The test reads the row's own text: `strpos` on PostgreSQL, which no index serves,
 * so the planner keeps to the narrowing filter's index; LIKE on SQLite, whose case folding
 * covers ASCII letters only, as for texts under three characters above. (Looking each row up
 * in the FTS5 index by rowid and phrase costs the whole phrase's doclists per row: 20 ms a row
 * for a word in every fourth product at 50,000.)
 */
export function testEachRow<Q extends FilteredQuery>(
  db: Db,
  query: Q,
  searches: Array<[TextColumn, string | undefined]>,
): Q {
  const postgres = isPostgres(db)
  let filtered = query
  for (const [column, text] of searches) {
    if (!text) continue
    const test = postgres ? strposTest(column, text) : likeTest(column, text)
    filtered = filtered.where(test) as Q
  }
  return filtered
}

/** The substring test as LIKE: PostgreSQL's trigram index serves it, SQLite's FTS5 does not. */
export function likeTest(column: TextColumn, text: string) {
  return sql<SqlBool>`${sql.raw(column.lowered)} like ${containsPattern(text)} escape '\\'`
}

/** The same match as `likeTest` (the text lower-cased alike, every character literal) written
 * as `strpos`, which no index serves: the rows are walked and each is tested. */
export function strposTest(column: TextColumn, text: string) {
  return sql<SqlBool>`strpos(${sql.raw(column.lowered)}, ${text.toLowerCase()}) > 0`
}

/**
 * On SQLite, a query over the text index alone whose rows are exactly the matches of these
 * searches, when the index answers all of them (every indexed row is a row of its table, kept so
 * by migration 005's triggers): counting it reads no table rows (5,000 matches: 1.5 ms against
 * 24 ms joined). Undefined on PostgreSQL, whose count already reads only its index and the
 * matching rows, and for texts too short for the index.
 */
export function textIndexMatches(
  db: Db,
  searches: Array<[TextColumn, string | undefined]>,
): FilteredQuery | undefined {
  const given = searches.filter((search): search is [TextColumn, string] => Boolean(search[1]))
  if (isPostgres(db) || given.length === 0) return undefined
  if (given.some(([, text]) => [...text].length < MIN_INDEXED_LENGTH)) return undefined
  const fts = given[0][0].fts
  const phrases = given.map(([column, text]) => ftsPhrase(column, text))
  return db.selectFrom(fts).where(sql<SqlBool>`${sql.table(fts)} match ${phrases.join(' AND ')}`)
}

/** A quoted phrase of trigrams matches exactly the rows holding the text, any case; inside the
 * quotes only " is special (doubled), so the text cannot inject FTS5 syntax. */
export function ftsPhrase(column: TextColumn, text: string): string {
  return `{${column.ftsColumn}}: "${text.replaceAll('"', '""')}"`
}
