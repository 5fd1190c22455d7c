// Deleting a product (decision 012): with its images and category links; nothing holds a
// product. Runs inside the caller's transaction (single and bulk). What goes to the trash with
// it, and when it can come back (decision 022).
import type { Selectable, Transaction } from 'kysely'
import type { Database, ProductsTable } from '../db/types'
import type { Row, TrashParts } from '../entity'
import { missingCategoryIds } from '../lib/category-links'
import { type DeleteOutcome, lockedRow } from '../lib/delete-rules'
import { goneDetail } from '../trash/trash'

export type ProductRecord = Selectable<ProductsTable>

/** Deletes a product with its images and category links. Nothing holds a product. */
export async function deleteProduct(
  trx: Transaction<Database>,
  id: number,
): Promise<DeleteOutcome<ProductRecord>> {
  const record = await lockedRow(trx, trx.selectFrom('products').selectAll().where('id', '=', id))
  if (!record) return { outcome: 'missing' }
  // Cleared first: the preview's foreign key never names a missing image.
  await trx.updateTable('products').set({ previewImageId: null }).where('id', '=', id).execute()
  await trx.deleteFrom('productImages').where('productId', '=', id).execute()
  await trx.deleteFrom('productCategoryLinks').where('productId', '=', id).execute()
  await trx.deleteFrom('products').where('id', '=', id).execute()
  return { outcome: 'deleted', record }
}

/** A product comes back with its images, preview and category links; not without its provider.
 * A link to a category deleted since is dropped: the product stands without it. */
export const productTrash: TrashParts = {
  parts: [
    { table: 'productImages', key: 'productId' },
    { table: 'productCategoryLinks', key: 'productId' },
  ],
  later: ['previewImageId'],
  check: async (trx, rows) => {
    const providerId = Number(rows.products[0].serviceProviderId)
    const provider = await trx
      .selectFrom('serviceProviders')
      .select('id')
      .where('id', '=', providerId)
      .executeTakeFirst()
    if (!provider) return goneDetail(trx, 'service-provider', providerId, 'service provider')
    const links = rows.productCategoryLinks ?? []
    const gone = await missingCategoryIds(trx, 'productCategories', links.map(categoryOf))
    return {
      ...rows,
      productCategoryLinks: links.filter((link) => !gone.includes(categoryOf(link))),
    }
  },
}

const categoryOf = (link: Row) => Number(link.categoryId)
