// One provider's products: the brand name linking back to the provider, Add Product, the
// products list's filters (category, name, status, min and max price; issue 31) with the
// product schema's marked custom fields as filters, sorts and columns (issue 27), the products
// as cards or a table with a sort, and a pager (filters, page, size and sort kept in the URL).
import { Button, Link } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { useBulkSelection } from '../../components/bulk-selection'
import {
  customFilterQuery,
  listedFields,
  missableFields,
  missingQuery,
  withCustomSorts,
} from '../../components/custom-list-fields'
import { ExportCsv } from '../../components/export-csv'
import { ImportCsv } from '../../components/import-csv'
import { PageHeader } from '../../components/page-header'
import { PagedList } from '../../components/paged-list'
import { LIST_PARAMS, useListParams } from '../../components/use-list-params'
import { isNotFound } from '../../lib/api-client'
import { useCan } from '../../lib/me'
import { ProductGrid } from './product-card'
import { productCustomFields } from './product-custom-fields'
import { FILTERS, ProductFilters, readFilters, toQuery } from './product-filters'
import { ProductTable, productDefaultSort, productSortFields } from './product-table'
import { PRODUCT_MESSAGES, productBulk, productsApi } from './products-api'

/** The custom fields the product schema marks sortable or filterable (issue 27); the list's own
 * filters keep their names. */
const listed = listedFields(productCustomFields, [...FILTERS, ...LIST_PARAMS])
const sortFields = withCustomSorts(productSortFields, listed)
const missable = missableFields(productCustomFields)

export function ProviderProductsPage() {
  const rawId = useParams().id ?? ''
  const id = routeId(rawId)
  const [params] = useSearchParams()
  const listParams = useListParams(sortFields, productDefaultSort)
  // A provider that does not exist is /not-found, as on its own screen.
  const provider = useQuery(productsApi.provider(id))
  const filters = readFilters(params)
  const query = {
    ...toQuery(filters),
    ...customFilterQuery(params, listed),
    ...missingQuery(params, missable),
  }
  const listOptions = productsApi.listOfProvider(id, { ...query, ...listParams.query })
  const list = useQuery({ ...listOptions, enabled: !Number.isNaN(id) })
  // A missing provider is on its way to /not-found; its list's 404 has nothing to add.
  const selection = useBulkSelection(
    productBulk,
    { serviceProviderId: id, ...query },
    list.data?.pagination,
  )
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
      <ProductFilters filters={filters} custom={listed} missable={missable} />
      <PagedList
        name="provider-products"
        list={list}
        params={listParams}
        actions={
          <>
            <ExportCsv list={listOptions} />
            <ImportCsv list={listOptions} refreshes={productBulk.refreshes} />
          </>
        }
        sortFields={sortFields}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={PRODUCT_MESSAGES.noProviderProducts}
        ignoreError={isNotFound}
        cards={(products) => <ProductGrid products={products} />}
        table={(products, sort) => (
          <ProductTable
            products={products}
            {...sort}
            selection={selection}
            custom={listed}
            sortFields={sortFields}
          />
        )}
      />
    </>
  )
}
