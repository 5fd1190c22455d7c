// Deleting a category (decision 012): one that still has subcategories or is still assigned is
// kept, and the 409 says what holds it. Runs inside the caller's transaction (single and bulk).
// A category goes to the trash alone (nothing it holds may remain), and comes back only under
// its parent (decision 022).
import type { Selectable, Transaction } from 'kysely'
import type { CategoriesTable, CategoryTableName, Database } from '../db/types'
import type { TrashParts } from '../entity'
import { count, type DeleteOutcome, holdersDetail, lockedRow } from '../lib/delete-rules'
import { goneDetail } from '../trash/trash'
import { lockHierarchy } from './category-queries'

export type CategoryRecord = Selectable<CategoriesTable>

const CATEGORY_HOLDERS = {
  serviceProviderCategories: {
    links: 'serviceProviderCategoryLinks',
    one: 'service provider',
    many: 'service providers',
  },
  productCategories: { links: 'productCategoryLinks', one: 'product', many: 'products' },
} as const

/** Deletes a category that has no subcategories and is assigned to nothing. */
export async function deleteCategory(
  trx: Transaction<Database>,
  table: CategoryTableName,
  id: number,
): Promise<DeleteOutcome<CategoryRecord>> {
  // Holds off a concurrent create or re-parent under this category (see category-queries.ts).
  await lockHierarchy(trx, table)
  const record = await lockedRow(trx, trx.selectFrom(table).selectAll().where('id', '=', id))
  if (!record) return { outcome: 'missing' }
  const holders = CATEGORY_HOLDERS[table]
  const [children, assigned] = await Promise.all([
    count(trx.selectFrom(table).where('parentId', '=', id)),
    count(trx.selectFrom(holders.links).where('categoryId', '=', id)),
  ])
  const detail = holdersDetail('Category', [
    { count: children, one: 'subcategory', many: 'subcategories' },
    { count: assigned, one: holders.one, many: holders.many },
  ])
  if (detail) return { outcome: 'refused', detail }
  await trx.deleteFrom(table).where('id', '=', id).execute()
  return { outcome: 'deleted', record }
}

/** A category whose parent is gone cannot come back (restore the parent first). */
export function categoryTrash(table: CategoryTableName, schemaId: string): TrashParts {
  return {
    parts: [],
    check: async (trx, rows) => {
      const parentId = rows[table][0].parentId
      if (parentId === null || parentId === undefined) return rows
      // The same lock a create under the parent takes: its delete cannot count us out meanwhile.
      await lockHierarchy(trx, table)
      const parent = await trx
        .selectFrom(table)
        .select('id')
        .where('id', '=', Number(parentId))
        .executeTakeFirst()
      return parent ? rows : goneDetail(trx, schemaId, Number(parentId), 'parent category')
    },
  }
}
