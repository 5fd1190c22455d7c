// Queries shared by both category hierarchies (service-provider and product categories): the
// same columns, the same rules, different tables. Plain functions taking `db` first.

import { sql, type Transaction } from 'kysely'
import { isPostgres } from '../db/dialect'
import { inTransaction } from '../db/transaction'
import type { CategoryTableName, Database, Db } from '../db/types'
import { type AttributesWrite, saveAttributes } from '../lib/custom-fields'
import type { Audit } from '../lib/history'
import type { FilteredQuery, ListSource } from '../lists/list-engine'
import { containsPattern } from '../lists/list-params'
import { orderBySort, type Sort } from '../lists/sorts'
import { type CategoryJson, type CategoryKind, categoryJson } from './category-kinds'

export interface CategoryInput {
  name: string
  description: string
  parentId: number | null
}

export interface CategoryRow extends CategoryInput {
  id: number
}

export interface CategoryFilter {
  name?: string
  description?: string
  /** null: top-level categories only; undefined: any parent. */
  parentId?: number | null
}

/**
 * The new parent does not exist, or is the category itself or one of its descendants. The
 * routes turn it into a 400 naming their own parent field (`parentId`, `parentCategoryId`).
 */
export class InvalidParentError extends Error {
  constructor(
    readonly reason: 'missing' | 'cycle',
    readonly parentId: number,
  ) {
    super(reason === 'missing' ? `parent ${parentId} does not exist` : 'parent would close a cycle')
    this.name = 'InvalidParentError'
  }
}

export async function findCategory(db: Db, table: CategoryTableName, id: number) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'description', 'parentId'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A category as GET shows it (before custom fields); undefined when it does not exist. */
export async function findCategoryJson(
  db: Db,
  kind: CategoryKind,
  id: number,
): Promise<CategoryJson | undefined> {
  const row = await findCategory(db, kind.table, id)
  return row && categoryJson(kind, row)
}

/** A category hierarchy's list (../lists/list-engine.ts plans its pages), rows as GET shows them. */
export function categoryList(kind: CategoryKind): ListSource<CategoryFilter, CategoryJson> {
  return {
    name: kind.table,
    table: kind.table,
    filter: (db, filter) => ({
      query: matchingCategories(db, kind.table, filter),
      newestFirst: 'p.id',
    }),
    read: async (db, ids, sort) =>
      (await categoryRows(db, kind.table, ids, sort)).map((row) => categoryJson(kind, row)),
  }
}

/** A category as the export writes it: with its parent's name. */
export type ExportedCategory = CategoryRow & { parentName: string | null }

/** The list of a category hierarchy as its CSV export reads it: with parents' names. */
export function exportedCategoryList(
  kind: CategoryKind,
): ListSource<CategoryFilter, ExportedCategory> {
  const { table } = kind
  return {
    ...categoryList(kind),
    read: async (db, ids, sort) => {
      const rows = await categoryRows(db, table, ids, sort)
      const parentIds = [...new Set(rows.flatMap((row) => row.parentId ?? []))]
      const parents = parentIds.length
        ? await db.selectFrom(table).select(['id', 'name']).where('id', 'in', parentIds).execute()
        : []
      const names = new Map(parents.map((parent) => [parent.id, parent.name]))
      return rows.map((row) => ({
        ...row,
        parentName: row.parentId === null ? null : (names.get(row.parentId) ?? null),
      }))
    },
  }
}

function categoryRows(
  db: Db,
  table: CategoryTableName,
  ids: number[] | FilteredQuery,
  sort: Sort,
): Promise<CategoryRow[]> {
  return orderBySort(
    categories(db, table).select(categoryColumns).where('p.id', 'in', ids),
    sort,
    'p',
  ).execute()
}

const categoryColumns = ['p.id', 'p.name', 'p.description', 'p.parentId'] as const

/** Both hierarchies have the same columns: one type serves them. Aliased `p`. */
export function categories(db: Db, table: CategoryTableName) {
  return db.selectFrom(`${table} as p` as 'productCategories as p')
}

function matchingCategories(db: Db, table: CategoryTableName, filter: CategoryFilter) {
  let query = categories(db, table)
  if (filter.name) {
    query = query.where(sql`lower(name)`, 'like', sql`${containsPattern(filter.name)} escape '\\'`)
  }
  if (filter.description) {
    query = query.where(
      sql`lower(description)`,
      'like',
      sql`${containsPattern(filter.description)} escape '\\'`,
    )
  }
  if (filter.parentId === null) query = query.where('parentId', 'is', null)
  else if (filter.parentId !== undefined) query = query.where('parentId', '=', filter.parentId)
  return query
}

export async function createCategory(
  db: Db,
  table: CategoryTableName,
  input: CategoryInput,
  attributes?: AttributesWrite,
  audit?: Audit,
) {
  return inTransaction(db, async (trx) => {
    await lockHierarchy(trx, table)
    if (input.parentId !== null) await assertExists(trx, table, input.parentId)
    const now = Date.now()
    const row = await trx
      .insertInto(table)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await saveAttributes(trx, row.id, attributes)
    await audit?.record(trx, 'create', row.id, undefined)
    return row.id
  })
}

/** Returns false when the category does not exist. */
export async function updateCategory(
  db: Db,
  table: CategoryTableName,
  id: number,
  input: CategoryInput,
  attributes?: AttributesWrite,
  audit?: Audit,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await lockHierarchy(trx, table)
    if (!(await findCategory(trx, table, id))) return false
    const before = await audit?.snapshot(trx, id)
    await assertValidParent(trx, table, id, input.parentId)
    await trx
      .updateTable(table)
      .set({ ...input, updatedAt: Date.now() })
      .where('id', '=', id)
      .execute()
    await saveAttributes(trx, id, attributes)
    await audit?.record(trx, 'update', id, before)
    return true
  })
}

/** The parent exists and is neither the category (`id`, when it exists) nor a descendant of
 * it: else an InvalidParentError. */
export async function assertValidParent(
  db: Db,
  table: CategoryTableName,
  id: number | undefined,
  parentId: number | null,
): Promise<void> {
  if (parentId === null) return
  await assertExists(db, table, parentId)
  if (id !== undefined) await assertNotDescendant(db, table, id, parentId)
}

async function assertExists(db: Db, table: CategoryTableName, parentId: number) {
  if (!(await findCategory(db, table, parentId))) throw new InvalidParentError('missing', parentId)
}

/** Walks up from the new parent: meeting the category itself would close a cycle. */
async function assertNotDescendant(db: Db, table: CategoryTableName, id: number, parentId: number) {
  const seen = new Set<number>()
  let current: number | null = parentId
  while (current !== null && !seen.has(current)) {
    if (current === id) throw new InvalidParentError('cycle', parentId)
    seen.add(current)
    const row = await findCategory(db, table, current)
    current = row?.parentId ?? null
  }
}

// Two operators re-parenting at once could each pass the cycle check and together close a
// loop. SQLite runs one write transaction at a time; PostgreSQL takes a lock on the table.
export async function lockHierarchy(trx: Transaction<Database>, table: CategoryTableName) {
  if (isPostgres(trx))
    await sql`lock table ${sql.table(snake(table))} in share row exclusive mode`.execute(trx)
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}
