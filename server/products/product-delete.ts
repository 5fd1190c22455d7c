// Deleting a product (decision 012): with its images and category links; nothing holds a
// product. Runs inside the caller's transaction (single and bulk).
import type { Selectable, Transaction } from 'kysely'
import type { Database, ProductsTable } from '../db/types'
import { type DeleteOutcome, lockedRow } from '../lib/delete-rules'

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
