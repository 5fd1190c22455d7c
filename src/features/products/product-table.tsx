// Products as a table (the global list and a provider's products): preview thumbnail, name,
// provider, pricing, price, rating and status, sortable by name, price and rating; and the
// sorts both views offer.
import { Box } from '@chakra-ui/react'
import { paths } from '../../app/paths'
import type { BulkSelection } from '../../components/bulk-selection'
import { customColumns, type ListedField } from '../../components/custom-list-fields'
import { type Column, DataTable } from '../../components/data-table'
import { StatusBadge } from '../../components/status-badge'
import {
  NAME_SORT,
  NEWEST_SORT,
  type SortChoice,
  type SortFields,
} from '../../components/use-list-params'
import { formatRating } from '../../lib/rating'
import { priceText } from './price-text'
import { productTitles as titles } from './product-custom-fields'
import { ProductPicture } from './product-picture'
import type { Product } from './products-api'

export const productSortFields: SortFields = {
  newest: NEWEST_SORT,
  name: NAME_SORT,
  price: { order: 'asc', asc: 'Price (low to high)', desc: 'Price (high to low)' },
  rating: { order: 'desc', desc: 'Rating (high to low)', asc: 'Rating (low to high)' },
}

export const productDefaultSort: SortChoice = { sort: 'newest', order: 'desc' }

// The rows a wide screen shows before scrolling: their thumbnails load at once, the others
// when scrolled near.
const ROWS_ABOVE_FOLD = 12

const columns: Column<Product>[] = [
  {
    header: 'Preview',
    width: '5.5rem',
    render: (product, index) => (
      <Box w="16">
        <ProductPicture
          productId={product.id}
          imageId={product.previewImageId}
          alt={`Preview of ${product.name}`}
          lazy={index >= ROWS_ABOVE_FOLD}
        />
      </Box>
    ),
  },
  {
    header: titles.label('name', 'Name'),
    sort: 'name',
    width: '30%',
    minWidth: '10rem',
    text: (product) => product.name,
    link: (product) => paths.products.detail(product.id),
  },
  {
    header: titles.label('serviceProviderId', 'Provider'),
    width: '20%',
    text: (product) => product.serviceProviderBrandName,
  },
  { header: titles.label('pricing', 'Pricing'), width: '6rem', text: (product) => product.pricing },
  {
    header: titles.label('price', 'Price'),
    sort: 'price',
    width: '20%',
    minWidth: '9rem',
    text: priceText,
  },
  {
    header: titles.label('rating', 'Rating'),
    sort: 'rating',
    width: '7.5rem',
    text: (product) => `${formatRating(product.rating)} (${product.noOfRatings})`,
  },
  {
    header: titles.label('enabled', 'Status'),
    width: '6.5rem',
    render: (product) => <StatusBadge enabled={product.enabled} />,
  },
]

interface ProductTableProps {
  products: Product[]
  sort: SortChoice
  onSort: (choice: SortChoice) => void
  selection: BulkSelection
  /** The list's marked custom fields, as columns after the others (the sorts include theirs). */
  custom?: readonly ListedField[]
  sortFields?: SortFields
}

export function ProductTable(props: ProductTableProps) {
  const { products, sort, onSort, selection, custom = [] } = props
  return (
    <DataTable
      label="Products"
      columns={custom.length === 0 ? columns : [...columns, ...customColumns<Product>(custom)]}
      rows={products}
      rowKey={(product) => product.id}
      sort={sort}
      sortFields={props.sortFields ?? productSortFields}
      onSort={onSort}
      selection={selection}
    />
  )
}
