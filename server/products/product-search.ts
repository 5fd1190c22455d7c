// How the top bar's search finds products (../search/): by name, shown with their provider's
// brand, so two products of the same name tell apart.

import { productName } from '../lists/text-search'
import { columnSearch } from '../search/column-search'

export const productSearch = columnSearch({
  table: 'products',
  anywhere: [productName],
  start: ['name'],
  show: async (db, ids) => {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('serviceProviders as s', 's.id', 'p.serviceProviderId')
      .select(['p.id', 'p.name', 's.brandName'])
      .where('p.id', 'in', ids)
      .execute()
    return rows.map((row) => ({ id: row.id, name: row.name, detail: row.brandName }))
  },
})
