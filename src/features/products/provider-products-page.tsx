// One provider's products: the brand name linking back to the provider, Add Product, the
// products as cards or a table with a sort, and a pager (page, size and sort kept in the URL).
import { Button, Link } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { useBulkSelection } from '../../components/bulk-selection'
import { ExportCsv } from '../../components/export-csv'
import { PageHeader } from '../../components/page-header'
import { PagedList } from '../../components/paged-list'
import { useListParams } from '../../components/use-list-params'
import { isNotFound } from '../../lib/api-client'
import { useCan } from '../../lib/me'
import { ProductGrid } from './product-card'
import { ProductTable, productDefaultSort, productSortFields } from './product-table'
import { PRODUCT_MESSAGES, productBulk, productsApi } from './products-api'

export function ProviderProductsPage() {
  const rawId = useParams().id ?? ''
  const id = routeId(rawId)
  const listParams = useListParams(productSortFields, productDefaultSort)
  // A provider that does not exist is /not-found, as on its own screen.
  const provider = useQuery(productsApi.provider(id))
  const listOptions = productsApi.listOfProvider(id, listParams.query)
  const list = useQuery({ ...listOptions, enabled: !Number.isNaN(id) })
  // A missing provider is on its way to /not-found; its list's 404 has nothing to add.
  const total = list.data?.pagination.total
  const selection = useBulkSelection(productBulk, { serviceProviderId: id }, total)
  const canWrite = useCan('write')

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
          canWrite && (
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.serviceProviders.createProduct(rawId)}>
                <Plus aria-hidden /> Add Product
              </RouterLink>
            </Button>
          )
        }
      />
      <PagedList
        name="provider-products"
        list={list}
        params={listParams}
        actions={<ExportCsv list={listOptions} />}
        sortFields={productSortFields}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={PRODUCT_MESSAGES.noProviderProducts}
        ignoreError={isNotFound}
        cards={(products) => <ProductGrid products={products} />}
        table={(products, sort) => (
          <ProductTable products={products} {...sort} selection={selection} />
        )}
      />
    </>
  )
}
