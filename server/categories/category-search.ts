// The pickers' view of a category hierarchy: a few categories found by name, or named by id,
// each with its full path from the top ("Home", "Cleaning", "Tanks"), so a picker reaches
// every category however many there are without downloading them all (decision 015).

import { sql } from 'kysely'
import type { CategoryTableName, Db } from '../db/types'
import { containsPattern } from '../lists/list-params'
import type { EntitySearch } from '../search/search'

export interface CategoryMatch {
  id: number
  name: string
  /** Names from the top-level ancestor down to the category itself. */
  path: string[]
}

export interface CategorySearch {
  /** Case-insensitive substring of the name; names that start with it come first. */
  q?: string
  /** Only these categories (the pickers' current values); `limit` does not apply. */
  ids?: number[]
  /** Leaves out this category and its descendants (a parent picker's own category). */
  exclude?: number
  limit: number
}

interface Row {
  id: number
  name: string
  parentId: number | null
}

export async function searchCategories(
  db: Db,
  table: CategoryTableName,
  search: CategorySearch,
): Promise<CategoryMatch[]> {
  const rows = await matchingRows(db, table, search)
  const lineage = await lineageOf(db, table, rows)
  return rows
    .map((row) => lineage.get(row.id) ?? [row])
    .filter((line) => !line.some((at) => at.id === search.exclude))
    .slice(0, search.ids ? undefined : search.limit)
    .map((line) => {
      const self = line[line.length - 1]
      return { id: self.id, name: self.name, path: line.map((at) => at.name) }
    })
}

/** The top bar's search (../search/): the pickers' search, each category shown with the path
 * above it ("Home › Cleaning"); a top-level one with none. */
export function categoryEntitySearch(table: CategoryTableName): EntitySearch {
  return {
    find: async (db, text, limit) =>
      (await searchCategories(db, table, { q: text, limit })).map(({ id, name, path }) => ({
        id,
        name,
        detail: path.length > 1 ? path.slice(0, -1).join(' › ') : null,
      })),
  }
}

// Ordered by lower(name) so the (lower(name), id) index is read in order and the scan stops
// after `limit` matches; prefix matches are asked for first, then the other substrings. A
// category excluded with its subtree can take a place, so one more page is asked for.
async function matchingRows(db: Db, table: CategoryTableName, search: CategorySearch) {
  const base = () => db.selectFrom(table).select(['id', 'name', 'parentId'])
  if (search.ids) {
    if (search.ids.length === 0) return []
    return base().where('id', 'in', search.ids).orderBy(sql`lower(name)`).orderBy('id').execute()
  }
  const wanted = search.exclude === undefined ? search.limit : search.limit * 2
  const ordered = <T extends ReturnType<typeof base>>(query: T) =>
    query.orderBy(sql`lower(name)`).orderBy('id').limit(wanted)
  const text = search.q?.toLowerCase()
  if (!text) return ordered(base()).execute()
  const contains = containsPattern(text)
  const prefix = contains.slice(1)
  const first = await ordered(
    base().where(sql`lower(name)`, 'like', sql`${prefix} escape '\\'`),
  ).execute()
  if (first.length >= wanted) return first
  const rest = await ordered(
    base()
      .where(sql`lower(name)`, 'like', sql`${contains} escape '\\'`)
      .where(sql`lower(name)`, 'not like', sql`${prefix} escape '\\'`),
  )
    .limit(wanted - first.length)
    .execute()
  return [...first, ...rest]
}

/** Each row with its ancestors, from the top down to itself, reading one level of parents at
 * a time (hierarchies are a few levels deep). */
async function lineageOf(db: Db, table: CategoryTableName, rows: Row[]) {
  const known = new Map<number, Row>(rows.map((row) => [row.id, row]))
  let missing = parentsNotIn(rows, known)
  while (missing.length > 0) {
    const parents = await db
      .selectFrom(table)
      .select(['id', 'name', 'parentId'])
      .where('id', 'in', missing)
      .execute()
    for (const parent of parents) known.set(parent.id, parent)
    // A parent deleted between two reads ends the walk instead of looping.
    missing = parents.length === 0 ? [] : parentsNotIn(parents, known)
  }
  const lineage = new Map<number, Row[]>()
  for (const row of rows) {
    const line: Row[] = []
    for (let at: Row | undefined = row; at && !line.includes(at); ) {
      line.unshift(at)
      at = at.parentId === null ? undefined : known.get(at.parentId)
    }
    lineage.set(row.id, line)
  }
  return lineage
}

function parentsNotIn(rows: Row[], known: Map<number, Row>): number[] {
  const ids = rows.map((row) => row.parentId).filter((id): id is number => id !== null)
  return [...new Set(ids)].filter((id) => !known.has(id))
}
