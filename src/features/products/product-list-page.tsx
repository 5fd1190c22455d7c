// Every product: live filters (category, name, status, min and max price, preview image, a
// missing required field), a sort, cards or a table, and a pager with a page size; all but the
// view kept in the URL.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { paths } from '../../app/paths'
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
import { ProductGrid } from './product-card'
import { productCustomFields } from './product-custom-fields'
import { FILTERS, ProductFilters, readFilters, toQuery } from './product-filters'
import { ProductTable, productDefaultSort, productSortFields } from './product-table'
import { PRODUCT_MESSAGES, productBulk, productsApi } from './products-api'

/** The custom fields the product schema marks sortable or filterable (issue 27). */
const listed = listedFields(productCustomFields, [...FILTERS, ...LIST_PARAMS])
const sortFields = withCustomSorts(productSortFields, listed)
const missable = missableFields(productCustomFields)

export function ProductListPage() {
  const [params] = useSearchParams()
  const listParams = useListParams(sortFields, productDefaultSort)
  const filters = readFilters(params)
  const query = {
    ...toQuery(filters),
    ...customFilterQuery(params, listed),
    ...missingQuery(params, missable),
  }
  const listOptions = productsApi.list({ ...query, ...listParams.query })
  const list = useQuery(listOptions)
  const selection = useBulkSelection(productBulk, query, list.data?.pagination)

  return (
    <>
      <PageHeader title="Products" />
      <ProductFilters filters={filters} custom={listed} missable={missable} />
      <PagedList
        name="products"
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
        emptyText={PRODUCT_MESSAGES.noProducts}
        trash={paths.products.trash}
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
