// A product's images: cards with the thumbnail, Enabled/Disabled, Preview on the preview image,
// View Details (or the same as a table); Add Image; a sort and a pager (kept in the URL); the
// image schema's marked custom fields as filters, sorts and columns (issue 27).
import { Badge, Box, Button, Card, HStack, Link, SimpleGrid } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { ImagePlus } from 'lucide-react'
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { type BulkSelection, useBulkSelection } from '../../components/bulk-selection'
import {
  customColumns,
  customFilterQuery,
  listedFields,
  withCustomSorts,
} from '../../components/custom-list-fields'
import { type Column, DataTable } from '../../components/data-table'
import { FilterPanel } from '../../components/filter-fields'
import { PageHeader } from '../../components/page-header'
import { PagedList, type SortProps } from '../../components/paged-list'
import { StatusBadge } from '../../components/status-badge'
import {
  LIST_PARAMS,
  NAME_SORT,
  type SortChoice,
  type SortFields,
  useListParams,
} from '../../components/use-list-params'
import { isNotFound } from '../../lib/api-client'
import { useCan } from '../../lib/me'
import { productImageCustomFields, productImageTitles as titles } from './product-custom-fields'
import { ProductPicture } from './product-picture'
import {
  IMAGE_MESSAGES,
  PRODUCT_MESSAGES,
  type ProductImage,
  productImageBulk,
  productImagesApi,
  productsApi,
} from './products-api'

/** The custom fields the image schema marks sortable or filterable (issue 27); the list's own
 * filter (server: GET /products/:id/images) keeps its name. */
const listed = listedFields(productImageCustomFields, ['enabled', ...LIST_PARAMS])
const imageSortFields: SortFields = withCustomSorts(
  {
    id: { order: 'asc', asc: 'Order added', desc: 'Newest first' },
    name: NAME_SORT,
  },
  listed,
)
const asAdded: SortChoice = { sort: 'id', order: 'asc' }

export function ProductImageListPage() {
  const rawId = useParams().id ?? ''
  const id = routeId(rawId)
  const [params] = useSearchParams()
  const listParams = useListParams(imageSortFields, asAdded)
  // The product names the page; a missing product is /not-found.
  const product = useQuery(productsApi.get(id))
  const custom = customFilterQuery(params, listed)
  const list = useQuery({
    ...productImagesApi.list(id, listParams.query, custom),
    enabled: !Number.isNaN(id),
  })
  const selection = useBulkSelection(productImageBulk(id), custom, list.data?.pagination)
  const canWrite = useCan('write')

  return (
    <>
      <PageHeader
        title="Product Images"
        description={
          product.isSuccess && (
            <Link asChild color="teal.fg" fontWeight="medium">
              <RouterLink to={paths.products.detail(id)}>{product.data.data.name}</RouterLink>
            </Link>
          )
        }
        actions={
          canWrite && (
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.products.createImage(rawId)}>
                <ImagePlus aria-hidden /> Add Image
              </RouterLink>
            </Button>
          )
        }
      />
      <FilterPanel custom={listed} />
      <PagedList
        name="product-images"
        list={list}
        params={listParams}
        sortFields={imageSortFields}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={IMAGE_MESSAGES.noImages}
        ignoreError={isNotFound}
        cards={(images) => (
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
            {images.map((image) => (
              <ImageCard key={image.id} image={image} />
            ))}
          </SimpleGrid>
        )}
        table={(images, sort) => <ImageTable images={images} selection={selection} {...sort} />}
      />
    </>
  )
}

function ImageCard({ image }: { image: ProductImage }) {
  return (
    <Card.Root
      as="article"
      variant="outline"
      bg="bg.panel"
      overflow="hidden"
      aria-label={image.imageName}
    >
      <ProductPicture productId={image.productId} imageId={image.id} alt={image.imageName} />
      <Card.Body gap="2">
        <Card.Title lineClamp={2}>{image.imageName}</Card.Title>
        <ImageBadges image={image} />
      </Card.Body>
      <Card.Footer>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.products.image(image.productId, image.id)}>View Details</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}

/** Enabled or Disabled, and Preview for the product's preview image. */
function ImageBadges({ image }: { image: ProductImage }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      <StatusBadge enabled={image.enabled} />
      {image.isPreview && (
        <Badge colorPalette="blue" variant="solid">
          Preview
        </Badge>
      )}
    </HStack>
  )
}

const imageColumns: Column<ProductImage>[] = [
  {
    header: titles.label('image', 'Image'),
    width: '5.5rem',
    render: (image) => (
      <Box w="16">
        <ProductPicture productId={image.productId} imageId={image.id} alt={image.imageName} />
      </Box>
    ),
  },
  {
    header: titles.label('imageName', 'Name'),
    sort: 'name',
    width: '35%',
    minWidth: '10rem',
    text: (image) => image.imageName,
    link: (image) => paths.products.image(image.productId, image.id),
  },
  {
    header: titles.label('imageDescription', 'Description'),
    minWidth: '12rem',
    text: (image) => image.imageDescription ?? '',
  },
  {
    header: titles.label('enabled', 'Status'),
    width: '10rem',
    render: (image) => <ImageBadges image={image} />,
  },
]

const customImageColumns = customColumns<ProductImage>(listed)

function ImageTable({
  images,
  selection,
  ...sort
}: SortProps & { images: ProductImage[]; selection: BulkSelection }) {
  return (
    <DataTable
      label="Product images"
      columns={listed.length === 0 ? imageColumns : [...imageColumns, ...customImageColumns]}
      rows={images}
      rowKey={(image) => image.id}
      sortFields={imageSortFields}
      selection={selection}
      {...sort}
    />
  )
}
