// Every product: filters (category, name, status, min and max price) applied with Apply and
// kept in the URL, product cards, and a pager.
import { useSearchParams } from 'react-router-dom'
import { ListResults } from '../../components/list-results'
import { useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { usePageParam } from '../../components/use-page-param'
import { useLoad } from '../../lib/use-load'
import { ProductGrid } from './product-card'
import { ProductFilters, readFilters, toQuery } from './product-filters'
import { PRODUCT_MESSAGES, productsApi } from './products-api'

export function ProductListPage() {
  const [params, setParams] = useSearchParams()
  const [, goToPage] = usePageParam()
  const filters = readFilters(params)
  const list = useLoad(() => productsApi.list(toQuery(filters)), params.toString())
  useErrorToast(list.status === 'failed' ? list.error : null, PRODUCT_MESSAGES.listFailed)

  return (
    <>
      <PageHeader title="Products" />
      <ProductFilters filters={filters} onApply={setParams} />
      <ListResults
        list={list}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={PRODUCT_MESSAGES.noProducts}
        onPage={goToPage}
      >
        {(products) => <ProductGrid products={products} />}
      </ListResults>
    </>
  )
}
