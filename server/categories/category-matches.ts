// The categories the pickers' search (./category-search.ts) lists for a text, in its order:
// names starting with the text, then the other names containing it, each group by lower-cased
// name in byte order, then id (decisions 015 and 029). Each step reads an index, so a page costs
// about the same at a million categories as at a thousand, on SQLite and PostgreSQL:
//
// - Names starting with the text: one range of the lower-cased name's index (migrations 015 and
//   026), read in order and stopped after the page.
// - Other names containing it, from three characters: the trigram index (migration 026) is asked
//   for at most `candidates` of them (SEARCH_BOUNDS). All of them (a rare text): those rows are
//   sorted. More (a common text): the names are walked in order, each tested, until the page is
//   full, which a common text reaches soon. The walk stops after `walkRows` names; a text whose
//   many matches all lie further on (one word, one stretch of the alphabet) then has the
//   candidates the index gave sorted after what the walk found: in order, but the first of those
//   candidates rather than of every match (sorting every match cost hundreds of milliseconds).
// - One or two characters, which trigrams cannot serve: the same range, then the first
//   `walkRows` names in order, tested. Names past them are not looked at.
//
// A tree of at most `walkRows` names (KEPT_TREE_ROWS), which every way above reads whole anyway,
// is searched in memory instead (`keptTree`, `matchesIn`): the same answers, from a copy read in
// the search's order once until the next write. A keystroke in the top bar searches both trees,
// and their statements were half of its round trips to the database (decision 031).
import { type RawBuilder, type SqlBool, sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { CategoryTableName, Db } from '../db/types'
import { cachedTree } from '../lib/read-cache'
import type { FilteredQuery } from '../lists/list-engine'
import {
  categoryName,
  filterByText,
  MIN_INDEXED_LENGTH,
  textIndexMatches,
} from '../lists/text-search'
import { nextPrefix } from '../search/column-search'
import { categories } from './category-queries'

export interface CategoryRow {
  id: number
  name: string
  parentId: number | null
}

/** How far a search goes one way before it takes another (smaller in tests, so that a few rows
 * reach every way). */
export interface SearchBounds {
  /** The most matches of a text sorted rather than walked to: a few milliseconds' work. */
  candidates: number
  /** The most names a search walks in order, testing each. */
  walkRows: number
}

const SEARCH_BOUNDS: SearchBounds = { candidates: 2000, walkRows: 10_000 }

/** The first `limit` categories whose name holds `text` (any case): starts first. */
export async function namesMatching(
  db: Db,
  table: CategoryTableName,
  text: string,
  limit: number,
  bounds = SEARCH_BOUNDS,
): Promise<CategoryRow[]> {
  const lowered = text.toLowerCase()
  if (!lowered) return inOrder(db, rows(db, table)).limit(limit).execute()
  const key = nameKey(db)
  const after = nextPrefix(lowered)
  let range = rows(db, table).where(key, '>=', lowered)
  if (after !== undefined) range = range.where(key, '<', after)
  const starting = await inOrder(db, range).limit(limit).execute()
  const wanted = limit - starting.length
  if (wanted === 0) return starting
  const later =
    [...lowered].length < MIN_INDEXED_LENGTH
      ? await walkNames(db, table, lowered, wanted, bounds)
      : await containing(db, table, lowered, wanted, bounds)
  return [...starting, ...later]
}

/** A category with its name as the search orders it (lower-cased by the database). */
export interface KeptRow extends CategoryRow {
  key: string
}

/** A whole tree in the search's order, and its rows by id (for their ancestors). */
export interface KeptTree {
  rows: KeptRow[]
  byId: Map<number, KeptRow>
}

/** The most categories a tree kept in memory holds: no more than the walk, so that the database
 * would have found every match too. */
export const KEPT_TREE_ROWS = SEARCH_BOUNDS.walkRows

/** Every category of a tree of at most `most`; undefined for a larger tree. Read once until the
 * next write (the read cache): a larger tree costs one read of `most + 1` names after each
 * write to learn it is one. */
export function keptTree(
  db: Db,
  table: CategoryTableName,
  most = KEPT_TREE_ROWS,
): Promise<KeptTree | undefined> {
  return cachedTree(db, `${table}:${most}`, async () => {
    const all = await inOrder(db, rows(db, table))
      .select(nameKey(db).as('key'))
      .limit(most + 1)
      .execute()
    if (all.length > most) return undefined
    return { rows: all, byId: new Map(all.map((row) => [row.id, row])) }
  })
}

/** `namesMatching` over a kept tree, leaving out the rows `skipped` refuses: the names starting
 * with the text, then those holding it further on, in the tree's order. */
export function matchesIn(
  rows: KeptRow[],
  text: string,
  limit: number,
  skipped: (row: KeptRow) => boolean = () => false,
): KeptRow[] {
  const lowered = text.toLowerCase()
  const found: KeptRow[] = []
  const collect = (matches: (key: string) => boolean) => {
    for (const row of rows) {
      if (found.length === limit) return
      if (matches(row.key) && !skipped(row)) found.push(row)
    }
  }
  collect((key) => key.startsWith(lowered))
  // As `laterIn`: the first occurrence past the start.
  collect((key) => key.indexOf(lowered) > 0)
  return found
}

/** These categories, in the search's order. */
export function namedRows(db: Db, table: CategoryTableName, ids: number[]) {
  return inOrder(db, rows(db, table).where('p.id', 'in', ids)).execute()
}

/** Names holding the text past their start, found through the trigram index (see above). */
async function containing(
  db: Db,
  table: CategoryTableName,
  text: string,
  limit: number,
  bounds: SearchBounds,
) {
  const column = categoryName[table]
  // SQLite: the FTS5 table alone; PostgreSQL: the table, through its GIN index.
  const lookup: FilteredQuery =
    textIndexMatches(db, [[column, text]])?.select('rowid as id') ??
    filterByText(db, categories(db, table).select('p.id'), [[column, text]]).query
  const candidates = (await lookup.limit(bounds.candidates + 1).execute()).map((row) =>
    Number(row.id),
  )
  if (candidates.length <= bounds.candidates) {
    return sortedLater(db, table, text, limit, candidates)
  }
  const walked = await walkNames(db, table, text, limit, bounds)
  if (walked.length === limit) return walked
  // The walk covered its names and every match among them; the rest lie further on. Sorting all
  // of them took 175–330 ms at a million names ("ools": 62,500 "Tools …" names), so only the
  // candidates the index gave first are, after what the walk found (decision 029).
  const walkedIds = new Set(walked.map((row) => row.id))
  const further = candidates.filter((id) => !walkedIds.has(id))
  return [...walked, ...(await sortedLater(db, table, text, limit - walked.length, further))]
}

/** The names holding the text past their start among these ids, sorted. They are collected
 * apart (a materialized CTE): asked for in order with a limit, a planner might walk the name
 * index instead, hoping to meet them soon, and they are few or far. */
async function sortedLater(
  db: Db,
  table: CategoryTableName,
  text: string,
  limit: number,
  ids: number[],
): Promise<CategoryRow[]> {
  if (ids.length === 0 || limit <= 0) return []
  const found = rows(db, table)
    .select(nameKey(db).as('key'))
    .where(laterIn(db, nameKey(db), text))
    .where('p.id', 'in', ids)
  return db
    .with(
      (name) => name('found').materialized(),
      () => found,
    )
    .selectFrom('found')
    .select(['found.id', 'found.name', 'found.parentId'])
    .orderBy('found.key')
    .orderBy('found.id')
    .limit(limit)
    .execute()
}

/** Of the first `walkRows` names in the search's order, those holding the text past their
 * start. The walk reads the name index alone (its key and id; PostgreSQL's holds the name too,
 * migration 026), and only the rows found are read from the table. */
function walkNames(
  db: Db,
  table: CategoryTableName,
  text: string,
  limit: number,
  bounds: SearchBounds,
) {
  const key = nameKey(db)
  const walked = categories(db, table)
    .select(['p.id', key.as('key')])
    .orderBy(key)
    .orderBy('p.id')
    .limit(bounds.walkRows)
  return db
    .selectFrom(walked.as('w'))
    .innerJoin(`${table} as c` as 'productCategories as c', 'c.id', 'w.id')
    .select(['c.id', 'c.name', 'c.parentId'])
    .where(laterIn(db, sql.ref('w.key'), text))
    .orderBy('w.key')
    .orderBy('w.id')
    .limit(limit)
    .execute()
}

const rows = (db: Db, table: CategoryTableName) =>
  categories(db, table).select(['p.id', 'p.name', 'p.parentId'])

/** The search's order, as the indexes hold it: byte order ("C") on PostgreSQL, SQLite's own. */
function nameKey(db: Db): RawBuilder<string> {
  return isPostgres(db) ? sql`(lower(p.name) collate "C")` : sql`lower(p.name)`
}

function inOrder(db: Db, query: ReturnType<typeof rows>) {
  return query.orderBy(nameKey(db)).orderBy('p.id')
}

/** A lower-cased name holds the (lower-cased) text, not at its start: a name found by LIKE
 * '%text%' and not by LIKE 'text%', tested row by row (`instr`/`strpos`, which no index
 * serves, so the planner keeps to the index the query is read through). */
function laterIn(db: Db, lowered: RawBuilder<unknown>, text: string) {
  const position = isPostgres(db)
    ? sql`strpos(${lowered}, ${text})`
    : sql`instr(${lowered}, ${text})`
  return sql<SqlBool>`${position} > 1`
}
