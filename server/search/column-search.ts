// Searching a table by its text columns, fast at a million rows on both databases (decision 026):
//
// - Three characters or more match anywhere in any searched column, newest first. On SQLite the
//   FTS5 trigram tables answer in rowid order, so `order by rowid desc limit n` stops after n
//   matches. On PostgreSQL the trigram (GIN) index collects every match before they are sorted,
//   which is cheap for a rare text and not for one in every fourth row; so the newest
//   WALK_ROWS rows are tested first, which finds a common text's hits at once, and the index is
//   asked only for older ones, which are then rare (fewer than `limit` in WALK_ROWS rows).
// - Two characters match the start of a name, in alphabetical order, read as one range of an
//   index on the lower-cased column (migration 024: byte order, so the range is exact).
import { PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { Db } from '../db/types'
import type { EntityTable } from '../entity'
import { containsPattern } from '../lists/list-params'
import { ftsPhrase, MIN_INDEXED_LENGTH, type TextColumn } from '../lists/text-search'
import type { EntitySearch, SearchHit } from './search'

export interface SearchedColumns {
  /** The table searched, aliased `p` in the columns' expressions. */
  table: EntityTable
  /** Matched anywhere by three characters or more, through their trigram indexes. */
  anywhere: TextColumn[]
  /** Columns (camelCase, as Kysely names them) matched at their start by two characters, each
   * with an index on its lower-cased text. */
  start: string[]
  /** The hits for these ids, in any order. */
  show: (db: Db, ids: number[]) => Promise<SearchHit[]>
}

/** The newest rows PostgreSQL tests one by one before it asks the trigram indexes. */
const WALK_ROWS = 5000

export function columnSearch(columns: SearchedColumns): EntitySearch {
  return {
    find: async (db, text, limit) => {
      const short = [...text].length < MIN_INDEXED_LENGTH
      const ids = short
        ? await startMatches(db, columns, text, limit)
        : await anywhereMatches(db, columns, text, limit)
      if (ids.length === 0) return []
      const hits = new Map((await columns.show(db, ids)).map((hit) => [hit.id, hit]))
      return ids.flatMap((id) => hits.get(id) ?? [])
    },
  }
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter
const fromTable = (db: Db, table: EntityTable) =>
  db.selectFrom(`${table} as p` as 'products as p').select('p.id')

/** Each column with the text it looks for (a phone: its digits); columns it cannot match left out. */
function searchedTexts(columns: TextColumn[], text: string): Array<[TextColumn, string]> {
  return columns.flatMap((column) => {
    const searched = column.searched ? column.searched(text) : text
    return searched && [...searched].length >= MIN_INDEXED_LENGTH ? [[column, searched]] : []
  })
}

async function anywhereMatches(
  db: Db,
  { table, anywhere }: SearchedColumns,
  text: string,
  limit: number,
): Promise<number[]> {
  const searches = searchedTexts(anywhere, text)
  if (searches.length === 0) return []
  return isPostgres(db)
    ? walkThenCollect(db, table, searches, limit)
    : newestInTextIndexes(db, searches, limit)
}

/** SQLite: the newest matches of each FTS5 table (one query each, its columns OR'd), merged. */
async function newestInTextIndexes(
  db: Db,
  searches: Array<[TextColumn, string]>,
  limit: number,
): Promise<number[]> {
  const phrasesByTable = new Map<TextColumn['fts'], string[]>()
  for (const [column, searched] of searches) {
    const phrases = phrasesByTable.get(column.fts) ?? []
    phrasesByTable.set(column.fts, [...phrases, ftsPhrase(column, searched)])
  }
  const found = new Set<number>()
  for (const [fts, phrases] of phrasesByTable) {
    const rows = await db
      .selectFrom(fts)
      .select('rowid')
      .where(sql<SqlBool>`${sql.table(fts)} match ${phrases.join(' OR ')}`)
      .orderBy('rowid', 'desc')
      .limit(limit)
      .execute()
    for (const row of rows) found.add(Number(row.rowid))
  }
  return [...found].sort((a, b) => b - a).slice(0, limit)
}

/** PostgreSQL: the newest rows tested one by one, then the trigram indexes for older matches. */
async function walkThenCollect(
  db: Db,
  table: EntityTable,
  searches: Array<[TextColumn, string]>,
  limit: number,
): Promise<number[]> {
  const anyOf = (test: (column: TextColumn, searched: string) => RawBuilder<unknown>) =>
    sql<SqlBool>`(${sql.join(
      searches.map(([column, searched]) => test(column, searched)),
      sql` or `,
    )})`
  // The id below which the walk does not go; none when the table is no longer than the walk.
  const floor = await fromTable(db, table)
    .orderBy('p.id', 'desc')
    .offset(WALK_ROWS - 1)
    .limit(1)
    .executeTakeFirst()
  let walked = fromTable(db, table).where(
    anyOf(
      (column, searched) => sql`strpos(${sql.raw(column.lowered)}, ${searched.toLowerCase()}) > 0`,
    ),
  )
  if (floor) walked = walked.where('p.id', '>=', floor.id)
  const newest = (await walked.orderBy('p.id', 'desc').limit(limit).execute()).map((r) => r.id)
  if (!floor || newest.length === limit) return newest
  // Collected apart (a materialized CTE) and then sorted: asked for in id order with a limit,
  // PostgreSQL might walk the primary key hoping to meet matches soon, and they are rare here.
  const older = await db
    .with(
      (name) => name('older').materialized(),
      () =>
        fromTable(db, table)
          .where(
            anyOf(
              (column, searched) =>
                sql`${sql.raw(column.lowered)} like ${containsPattern(searched)} escape '\\'`,
            ),
          )
          .where('p.id', '<', floor.id),
    )
    .selectFrom('older')
    .select('older.id')
    .orderBy('older.id', 'desc')
    .limit(limit - newest.length)
    .execute()
  return [...newest, ...older.map((row) => row.id)]
}

/** Names starting with a short text, alphabetically: one index range per column, merged. */
async function startMatches(
  db: Db,
  { table, start }: SearchedColumns,
  text: string,
  limit: number,
): Promise<number[]> {
  const from = text.toLowerCase()
  const to = nextPrefix(from)
  const postgres = isPostgres(db)
  const found = new Map<number, string>()
  for (const column of start) {
    // As migration 024 indexes it: byte order ("C") on PostgreSQL, SQLite's own everywhere.
    const key = postgres
      ? sql<string>`(lower(${sql.ref(`p.${column}`)}) collate "C")`
      : sql<string>`lower(${sql.ref(`p.${column}`)})`
    let starting = fromTable(db, table).select(key.as('key')).where(key, '>=', from)
    if (to !== undefined) starting = starting.where(key, '<', to)
    const rows = await starting.orderBy(key).orderBy('p.id').limit(limit).execute()
    for (const row of rows) {
      const known = found.get(row.id)
      if (known === undefined || row.key < known) found.set(row.id, row.key)
    }
  }
  return [...found]
    .sort(([a, keyA], [b, keyB]) => (keyA < keyB ? -1 : keyA > keyB ? 1 : a - b))
    .slice(0, limit)
    .map(([id]) => id)
}

/** The first text after every text starting with `prefix`, in code point order; undefined when
 * none follows them (a prefix of U+10FFFF only). */
export function nextPrefix(prefix: string): string | undefined {
  const chars = [...prefix]
  const last = chars.pop()?.codePointAt(0) ?? 0
  // No character follows the last one: what follows the shorter prefix follows these too.
  if (last === 0x10ffff) return chars.length > 0 ? nextPrefix(chars.join('')) : undefined
  // Past the surrogates, which are not characters of their own.
  const next = last === 0xd7ff ? 0xe000 : last + 1
  return chars.join('') + String.fromCodePoint(next)
}
