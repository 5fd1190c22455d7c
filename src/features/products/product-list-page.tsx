// Every product: filters (category, name, status, min and max price) applied with Apply and
// kept in the URL, product cards, and a pager.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { ListResults } from '../../components/list-results'
import { PageHeader } from '../../components/page-header'
import { usePageParam } from '../../components/use-page-param'
import { ProductGrid } from './product-card'
import { ProductFilters, readFilters, toQuery } from './product-filters'
import { PRODUCT_MESSAGES, productsApi } from './products-api'

export function ProductListPage() {
  const [params, setParams] = useSearchParams()
  const [, goToPage] = usePageParam()
  const filters = readFilters(params)
  const list = useQuery(productsApi.list(toQuery(filters)))

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
