// Every product: live filters (category, name, status, min and max price), a sort, cards or a
// table, and a pager with a page size; all but the view kept in the URL.
import { useSearchParams } from 'react-router-dom'
import { useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PagedList } from '../../components/paged-list'
import { useListParams } from '../../components/use-list-params'
import { useLoad } from '../../lib/use-load'
import { ProductGrid } from './product-card'
import { ProductFilters, readFilters, toQuery } from './product-filters'
import { ProductTable, productDefaultSort, productSortFields } from './product-table'
import { PRODUCT_MESSAGES, productsApi } from './products-api'

export function ProductListPage() {
  const [params] = useSearchParams()
  const listParams = useListParams(productSortFields, productDefaultSort)
  const filters = readFilters(params)
  const list = useLoad(
    () => productsApi.list({ ...toQuery(filters), ...listParams.query }),
    params.toString(),
  )
  useErrorToast(list.status === 'failed' ? list.error : null, PRODUCT_MESSAGES.listFailed)

  return (
    <>
      <PageHeader title="Products" />
      <ProductFilters filters={filters} />
      <PagedList
        name="products"
        list={list}
        params={listParams}
        sortFields={productSortFields}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={PRODUCT_MESSAGES.noProducts}
        cards={(products) => <ProductGrid products={products} />}
        table={(products, sort) => <ProductTable products={products} {...sort} />}
      />
    </>
  )
}
