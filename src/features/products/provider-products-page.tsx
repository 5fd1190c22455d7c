// One provider's products: the brand name linking back to the provider, Add Product, the
// product cards and a pager (the page is kept in the URL).
import { Button, Link } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { ListResults } from '../../components/list-results'
import { PageHeader } from '../../components/page-header'
import { isNotFound, usePageParam } from '../../components/use-page-param'
import { ProductGrid } from './product-card'
import { PRODUCT_MESSAGES, productsApi } from './products-api'

export function ProviderProductsPage() {
  const rawId = useParams().id ?? ''
  const id = routeId(rawId)
  const [page, goToPage] = usePageParam()
  // A provider that does not exist is /not-found, as on its own screen.
  const provider = useQuery(productsApi.provider(id))
  // A missing provider is on its way to /not-found; its list's 404 has nothing to add.
  const list = useQuery({ ...productsApi.listOfProvider(id, page), enabled: !Number.isNaN(id) })

  return (
    <>
      <PageHeader
        title="Service Provider Products"
        description={
          provider.isSuccess && (
            <Link asChild color="teal.fg" fontWeight="medium">
              <RouterLink to={paths.serviceProviders.detail(id)}>
                {provider.data.data.brandName}
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
