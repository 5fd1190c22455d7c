// One provider's products: the brand name linking back to the provider, Add Product, the
// products as cards or a table with a sort, and a pager (page, size and sort kept in the URL).
import { Button, Link } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths } from '../../app/paths'
import { useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PagedList } from '../../components/paged-list'
import { isNotFound, useListParams } from '../../components/use-list-params'
import { routeId, useRecord } from '../../components/use-record'
import { useLoad } from '../../lib/use-load'
import { ProductGrid } from './product-card'
import { ProductTable, productDefaultSort, productSortFields } from './product-table'
import { PRODUCT_MESSAGES, productsApi } from './products-api'

export function ProviderProductsPage() {
  const rawId = useParams().id ?? ''
  const id = routeId(rawId)
  const listParams = useListParams(productSortFields, productDefaultSort)
  // A provider that does not exist is /not-found, as on its own screen.
  const provider = useRecord([id], () => productsApi.provider(id), PRODUCT_MESSAGES.loadFailed)
  const list = useLoad(
    () => productsApi.listOfProvider(id, listParams.query),
    `${rawId}/${listParams.key}`,
  )
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
      <PagedList
        name="provider-products"
        list={list}
        params={listParams}
        sortFields={productSortFields}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={PRODUCT_MESSAGES.noProviderProducts}
        ignoreError={isNotFound}
        cards={(products) => <ProductGrid products={products} />}
        table={(products, sort) => <ProductTable products={products} {...sort} />}
      />
    </>
  )
}
