// One provider's products: the brand name linking back to the provider, Add Product, the
// product cards and a pager (the page is kept in the URL).
import { Button, Link } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths } from '../../app/paths'
import { ListResults } from '../../components/list-results'
import { useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { isNotFound, usePageParam } from '../../components/use-page-param'
import { routeId, useRecord } from '../../components/use-record'
import { useLoad } from '../../lib/use-load'
import { ProductGrid } from './product-card'
import { PRODUCT_MESSAGES, productsApi } from './products-api'

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
      <ListResults
        list={list}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={PRODUCT_MESSAGES.noProviderProducts}
        onPage={goToPage}
        ignoreError={isNotFound}
      >
        {(products) => <ProductGrid products={products} />}
      </ListResults>
    </>
  )
}
