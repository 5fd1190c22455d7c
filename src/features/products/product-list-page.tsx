// Every product: filters (category, name, status, min and max price) applied with Apply and
// kept in the URL, product cards, and a pager.
import { Text } from '@chakra-ui/react'
import { useSearchParams } from 'react-router-dom'
import { errorText, useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { Pager } from '../../components/pager'
import { useLoad } from '../../lib/use-load'
import { ProductGrid } from './product-card'
import { ProductFilters, readFilters, toQuery } from './product-filters'
import { PRODUCT_MESSAGES, productsApi } from './products-api'
import { usePageParam } from './use-page-param'

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
      {list.status === 'loading' && <PageSpinner />}
      {list.status === 'failed' && (
        <Text color="fg.error" textAlign="center" py="12">
          {errorText(list.error, PRODUCT_MESSAGES.listFailed)}
        </Text>
      )}
      {list.status === 'ready' && list.data.data.length === 0 && (
        <Text color="fg.muted" textAlign="center" py="12">
          {PRODUCT_MESSAGES.noProducts}
        </Text>
      )}
      {list.status === 'ready' && list.data.data.length > 0 && (
        <>
          <ProductGrid products={list.data.data} />
          <Pager pagination={list.data.pagination} onPage={goToPage} />
        </>
      )}
    </>
  )
}
