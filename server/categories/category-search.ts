// The pickers' view of a category hierarchy: a few categories found by name, or named by id,
// each with its full path from the top ("Home", "Cleaning", "Tanks"), so a picker reaches
// every category however many there are without downloading them all (decision 015).

import type { CategoryTableName, Db } from '../db/types'
import type { EntitySearch } from '../search/search'
import {
  type CategoryRow,
  KEPT_TREE_ROWS,
  type KeptTree,
  keptTree,
  matchesIn,
  namedRows,
  namesMatching,
} from './category-matches'
import { categories } from './category-queries'

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

/** `keptRows`: the largest tree searched in memory; 0 asks the database at once (tests). */
export async function searchCategories(
  db: Db,
  table: CategoryTableName,
  search: CategorySearch,
  keptRows = KEPT_TREE_ROWS,
): Promise<CategoryMatch[]> {
  const tree = keptRows > 0 ? await keptTree(db, table, keptRows) : undefined
  const lines = tree ? linesInTree(tree, search) : await linesInDatabase(db, table, search)
  return lines.map((line) => {
    const self = line[line.length - 1]
    return { id: self.id, name: self.name, path: line.map((at) => at.name) }
  })
}

const isExcluded = (line: CategoryRow[], search: CategorySearch) =>
  line.some((at) => at.id === search.exclude)

/** A small tree, searched in memory (./category-matches.ts): exactly what the database would
 * find, with no statement at all. */
function linesInTree(tree: KeptTree, search: CategorySearch): CategoryRow[][] {
  const lineOfRow = (row: CategoryRow) => lineOf(row, tree.byId)
  const skipped = (row: CategoryRow) =>
    search.exclude !== undefined && isExcluded(lineOfRow(row), search)
  const named = search.ids && new Set(search.ids)
  const rows = named
    ? tree.rows.filter((row) => named.has(row.id) && !skipped(row))
    : matchesIn(tree.rows, search.q ?? '', search.limit, skipped)
  return rows.map(lineOfRow)
}

async function linesInDatabase(db: Db, table: CategoryTableName, search: CategorySearch) {
  const rows = await matchingRows(db, table, search)
  const known = await withAncestors(db, table, rows)
  return rows
    .map((row) => lineOf(row, known))
    .filter((line) => !isExcluded(line, search))
    .slice(0, search.ids ? undefined : search.limit)
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

// The matches in order (./category-matches.ts). A category excluded with its subtree can take
// a place, so one more page is asked for.
async function matchingRows(db: Db, table: CategoryTableName, search: CategorySearch) {
  if (search.ids) return search.ids.length === 0 ? [] : namedRows(db, table, search.ids)
  const wanted = search.exclude === undefined ? search.limit : search.limit * 2
  return namesMatching(db, table, search.q ?? '', wanted)
}

/** These rows and every ancestor of theirs, by id, read in one statement that climbs the
 * parents (a recursive CTE). */
async function withAncestors(db: Db, table: CategoryTableName, rows: CategoryRow[]) {
  const known = new Map<number, CategoryRow>(rows.map((row) => [row.id, row]))
  const missing = [
    ...new Set(rows.map((row) => row.parentId).filter((id): id is number => id !== null)),
  ].filter((id) => !known.has(id))
  if (missing.length > 0) {
    const ancestors = await db
      .withRecursive('up(id, name, parentId)', (qb) =>
        categories(db, table)
          .select(['p.id', 'p.name', 'p.parentId'])
          .where('p.id', 'in', missing)
          .union(
            qb
              .selectFrom('up')
              .innerJoin(`${table} as p` as 'productCategories as p', 'p.id', 'up.parentId')
              .select(['p.id', 'p.name', 'p.parentId']),
          ),
      )
      .selectFrom('up')
      .select(['up.id', 'up.name', 'up.parentId'])
      .execute()
    for (const parent of ancestors) known.set(parent.id, parent)
  }
  return known
}

/** The row with its ancestors, from the top down to itself. */
function lineOf(row: CategoryRow, known: Map<number, CategoryRow>): CategoryRow[] {
  const line: CategoryRow[] = []
  for (let at: CategoryRow | undefined = row; at && !line.includes(at); ) {
    line.unshift(at)
    at = at.parentId === null ? undefined : known.get(at.parentId)
  }
  return line
}
