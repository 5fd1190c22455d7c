// One provider's products: the brand name linking back to the provider, Add Product, the
// product cards and a pager (the page is kept in the URL).
import { Button, Link, Text } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths } from '../../app/paths'
import { errorText, useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { Pager } from '../../components/pager'
import { routeId, useRecord } from '../../components/use-record'
import { useLoad } from '../../lib/use-load'
import { ProductGrid } from './product-card'
import { PRODUCT_MESSAGES, productsApi } from './products-api'
import { isNotFound, usePageParam } from './use-page-param'

export function ProviderProductsPage() {
  const rawId = useParams().id ?? ''
  const id = routeId(rawId)
  const [page, goToPage] = usePageParam()
  // A provider that does not exist is /not-found, as on its own screen.
  const provider = useRecord([id], () => productsApi.provider(id), PRODUCT_MESSAGES.loadFailed)
  const list = useLoad(() => productsApi.listOfProvider(id, page), `${rawId}/${page}`)
  // A missing provider is on its way to /not-found; its list's 404 has nothing to add.
  const listError = list.status === 'failed' && !isNotFound(list.error) ? list.error : null
  useErrorToast(listError, PRODUCT_MESSAGES.listFailed)

  return (
    <>
      <PageHeader
        title="Service Provider Products"
        description={
          provider.status === 'ready' && (
            <Link asChild color="teal.fg" fontWeight="medium">
              <RouterLink to={paths.serviceProviders.detail(id)}>
                {provider.data.brandName}
              </RouterLink>
            </Link>
          )
        }
        actions={
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.serviceProviders.createProduct(rawId)}>
              <Plus aria-hidden /> Add Product
            </RouterLink>
          </Button>
        }
      />
      {list.status === 'loading' && <PageSpinner />}
      {listError !== null && (
        <Text color="fg.error" textAlign="center" py="12">
          {errorText(listError, PRODUCT_MESSAGES.listFailed)}
        </Text>
      )}
      {list.status === 'ready' && list.data.data.length === 0 && (
        <Text color="fg.muted" textAlign="center" py="12">
          {PRODUCT_MESSAGES.noProviderProducts}
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
