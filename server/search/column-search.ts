// Searching a table by its text columns, fast at a million rows on both databases (decision 026):
//
// - Three characters or more match anywhere in any searched column, newest first. On SQLite the
//   FTS5 trigram tables answer in rowid order, so `order by rowid desc limit n` stops after n
//   matches. On PostgreSQL the trigram (GIN) index collects every match before they are sorted,
//   which is cheap for a rare text and not for one in every fourth row: see walkThenCollect.
// - Two characters match the start of a name, in alphabetical order, read as one range of an
//   index on the lower-cased column (migration 024: byte order, so the range is exact).
import { type SqlBool, sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Db } from '../db/types'
import type { EntityTable } from '../entity'
import { cachedIds } from '../lib/read-cache'
import {
  ftsPhrase,
  likeTest,
  MIN_INDEXED_LENGTH,
  strposTest,
  type TextColumn,
} from '../lists/text-search'
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

/** PostgreSQL (walkThenCollect): how many values are tested one by one among the newest rows
 * (1,000 rows of one searched column, 250 of four: each lower-cased value costs about the same),
 * then the newest ids searched through the trigram index within their range before the rest. */
export const WALKED_VALUES = 1000
export const WINDOW_ROWS = 50_000

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

/**
 * PostgreSQL: newest matches first, from three id ranges read in turn, each only when the ones
 * before it found fewer than `limit`:
 * 1. the newest rows tested one by one (WALKED_VALUES values; strpos, which no index serves): a common
 *    text's matches are met at once, without reading the trigram index's long lists;
 * 2. the next rows down to the newest WINDOW_ROWS, through the trigram index ANDed with their id
 *    range (a bitmap), so only matches inside the window are read: a text in one row in a few
 *    hundred costs a few hundred reads, not one per match in the table;
 * 3. older rows through the trigram index alone, collected and sorted apart (a subquery with
 *    `offset 0`, which the planner keeps apart; asked in id order, PostgreSQL might walk the
 *    primary key hoping to meet matches soon): reached only by a text with fewer than `limit`
 *    matches in WINDOW_ROWS rows, so rare.
 *
 * The three are one statement: a limit over `union all` reads its branches in turn and stops
 * once it has `limit` rows, so a later branch costs nothing unless reached. As separate
 * statements they took up to three round trips per collection, and PostgreSQL's share of a
 * search under load was as much planning and protocol as work.
 */
async function walkThenCollect(
  db: Db,
  table: EntityTable,
  searches: Array<[TextColumn, string]>,
  limit: number,
): Promise<number[]> {
  const anyOf = (test: typeof likeTest) =>
    sql<SqlBool>`(${sql.join(
      searches.map(([column, searched]) => test(column, searched)),
      sql` or `,
    )})`
  const like = anyOf(likeTest)
  const rows = sql.table(table)
  // Id bounds, not row counts: deleted ids only make a range shorter. The newest id is read
  // first, so that the planner sees each range's size (given it as a subquery, it guessed the
  // window small and tested its rows one by one: providers' three columns, 45 ms), and kept
  // until the next write: rows added since by a writer outside the product are walked too, as
  // the walk has no upper bound.
  const [newestId = 0] = await cachedIds(db, `newest-id:${table}`, async () => {
    const newest = await db
      .selectFrom(`${table} as p` as 'products as p')
      .select((eb) => eb.fn.max('p.id').as('id'))
      .executeTakeFirst()
    return newest?.id ? [newest.id] : []
  })
  const walkedFrom = newestId - Math.ceil(WALKED_VALUES / searches.length) + 1
  const windowFrom = newestId - WINDOW_ROWS + 1
  const { rows: found } = await sql<{ id: number }>`
    select id from (
      (select p.id from ${rows} as p where ${anyOf(strposTest)} and p.id >= ${walkedFrom}
        order by p.id desc limit ${limit})
      union all
      (select p.id from ${rows} as p
        where ${like} and p.id < ${walkedFrom} and p.id >= ${windowFrom}
        order by p.id desc limit ${limit})
      union all
      (select older.id from (
          select p.id from ${rows} as p where ${like} and p.id < ${windowFrom} offset 0
        ) as older
        order by older.id desc limit ${limit})
    ) as found limit ${limit}`.execute(db)
  // The ranges do not overlap and come newest first; sorted anyway, should a parallel plan
  // ever interleave the branches.
  return found.map((row) => Number(row.id)).sort((a, b) => b - a)
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
