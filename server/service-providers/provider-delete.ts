// Deleting a service provider (decision 012): one that still has products is kept, and the 409
// says so and offers to disable it. Runs inside the caller's transaction (single and bulk).
import type { Selectable, Transaction } from 'kysely'
import type { Database, ServiceProvidersTable } from '../db/types'
import { count, type DeleteOutcome, holdersDetail, lockedRow } from '../lib/delete-rules'

export type ProviderRecord = Selectable<ServiceProvidersTable>

/** Deletes a service provider that has no products, with its category links, photo and logo. */
export async function deleteServiceProvider(
  trx: Transaction<Database>,
  id: number,
): Promise<DeleteOutcome<ProviderRecord>> {
  const record = await lockedRow(
    trx,
    trx.selectFrom('serviceProviders').selectAll().where('id', '=', id),
  )
  if (!record) return { outcome: 'missing' }
  const products = await count(trx.selectFrom('products').where('serviceProviderId', '=', id))
  const detail = holdersDetail(
    'Service provider',
    [{ count: products, one: 'product', many: 'products' }],
    'Disable it instead, or delete its products first',
  )
  if (detail) return { outcome: 'refused', detail }
  await trx.deleteFrom('serviceProviderCategoryLinks').where('providerId', '=', id).execute()
  await trx.deleteFrom('providerImages').where('providerId', '=', id).execute()
  await trx.deleteFrom('serviceProviders').where('id', '=', id).execute()
  return { outcome: 'deleted', record }
}
