// Every product: live filters (category, name, status, min and max price), a sort, cards or a
// table, and a pager with a page size; all but the view kept in the URL.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { useBulkSelection } from '../../components/bulk-selection'
import { ExportCsv } from '../../components/export-csv'
import { PageHeader } from '../../components/page-header'
import { PagedList } from '../../components/paged-list'
import { useListParams } from '../../components/use-list-params'
import { ProductGrid } from './product-card'
import { ProductFilters, readFilters, toQuery } from './product-filters'
import { ProductTable, productDefaultSort, productSortFields } from './product-table'
import { PRODUCT_MESSAGES, productBulk, productsApi } from './products-api'

export function ProductListPage() {
  const [params] = useSearchParams()
  const listParams = useListParams(productSortFields, productDefaultSort)
  const filters = readFilters(params)
  const listOptions = productsApi.list({ ...toQuery(filters), ...listParams.query })
  const list = useQuery(listOptions)
  const selection = useBulkSelection(
    productBulk,
    { ...toQuery(filters) },
    list.data?.pagination.total,
  )

  return (
    <>
      <PageHeader title="Products" />
      <ProductFilters filters={filters} />
      <PagedList
        name="products"
        list={list}
        params={listParams}
        actions={<ExportCsv list={listOptions} />}
        sortFields={productSortFields}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={PRODUCT_MESSAGES.noProducts}
        cards={(products) => <ProductGrid products={products} />}
        table={(products, sort) => (
          <ProductTable products={products} {...sort} selection={selection} />
        )}
      />
    </>
  )
}
