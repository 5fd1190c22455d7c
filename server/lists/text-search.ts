// Case-insensitive substring filters that use the indexes of migrations 005 and 024: an FTS5
// trigram table on SQLite, a pg_trgm GIN index on PostgreSQL. In both, % and _ match only
// themselves.
import { PostgresAdapter, type SqlBool, sql } from 'kysely'
import type { Db } from '../db/types'
import type { FilteredQuery, Lookup } from './list-engine'
import { containsPattern } from './list-params'

/** A searchable column of the table aliased `p`. */
export interface TextColumn {
  /** e.g. `lower(p.name)`: the expression PostgreSQL's index covers (and SQLite's fallback). */
  lowered: string
  /** The FTS5 table indexing it (SQLite) and the column's name there. */
  fts: 'productsFts' | 'serviceProvidersFts' | 'serviceProvidersPersonFts'
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

// A person's name as one text, "first last" (migration 024 indexes exactly this).
export const providerPersonName: TextColumn = {
  lowered: "lower(p.first_name || ' ' || p.last_name)",
  fts: 'serviceProvidersPersonFts',
  ftsColumn: 'person_name',
}

// Migration 024's expression, written again (migrations are frozen): the phone's digits in the
// national form, so PostgreSQL reads the index built on exactly this.
const phoneDigits = (column: string) =>
  `replace(replace(replace(replace(replace(${column}, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`
export const providerPhone: TextColumn = {
  lowered: `(case when ${phoneDigits('p.phone_number')} like '234%' then '0' || ltrim(substr(${phoneDigits('p.phone_number')}, 4), '0') else ${phoneDigits('p.phone_number')} end)`,
  fts: 'serviceProvidersPersonFts',
  ftsColumn: 'phone',
  searched: nationalPhone,
}

/**
 * A typed phone number as the index holds phones: its digits, "+234" or "234" in front becoming
 * the national "0" ("+234 803 12" → "080312"). Undefined for text that is not (part of) a phone
 * number: letters, or fewer than three digits.
 */
export function nationalPhone(text: string): string | undefined {
  if (!/^[0-9 ()+-]+$/.test(text)) return undefined
  const digits = text.replace(/\D/g, '')
  const national = digits.startsWith('234') ? `0${digits.slice(3).replace(/^0+/, '')}` : digits
  return national.length >= MIN_INDEXED_LENGTH ? national : undefined
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
 * serves, so PostgreSQL walks the newest rows and tests each (2 ms for that page).
 */
export function filterByText<Q extends FilteredQuery>(
  db: Db,
  query: Q,
  searches: Array<[TextColumn, string | undefined]>,
  lookup: Lookup = 'index',
): { query: Q; newestFirst: string } {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const phrases: string[] = []
  let filtered = query
  for (const [column, text] of searches) {
    if (!text) continue
    if (!postgres && [...text].length >= MIN_INDEXED_LENGTH) {
      phrases.push(ftsPhrase(column, text))
    } else if (postgres && lookup === 'scan') {
      // The same match as the LIKE below: the text lower-cased alike, every character literal.
      const found = sql<SqlBool>`strpos(${sql.raw(column.lowered)}, ${text.toLowerCase()}) > 0`
      filtered = filtered.where(found) as Q
    } else {
      // PostgreSQL's GIN index serves this LIKE directly (from three characters on).
      const like = sql<SqlBool>`${sql.raw(column.lowered)} like ${containsPattern(text)} escape '\\'`
      filtered = filtered.where(like) as Q
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
  if (db.getExecutor().adapter instanceof PostgresAdapter || given.length === 0) return undefined
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
