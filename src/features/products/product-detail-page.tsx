// One product: its preview image (or a placeholder), description, provider, price with its
// pricing type, rating, estimated delivery, categories, and View Product Images, Edit and Delete.
// Each field keeps its label here until an analyst gives it another title (forms/field-titles.ts).
import { Badge, Box, Button, Card, HStack, Link, SimpleGrid, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Images, Pencil } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { CategoryBadges } from '../../components/category-badges'
import { CustomFieldItems } from '../../components/custom-fields'
import { DetailItem, DetailList } from '../../components/detail-list'
import { HistorySection } from '../../components/history-section'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { StatusBadge } from '../../components/status-badge'
import { formatDeliveryDays } from '../../lib/format'
import { useCan } from '../../lib/me'
import { priceText, pricingOf } from './price-text'
import { productCustomFields, productTitles as titles } from './product-custom-fields'
import { ProductDeleteButton } from './product-delete-button'
import { ProductPicture } from './product-picture'
import { productsApi } from './products-api'
import { StarRating } from './star-rating'

export function ProductDetailPage() {
  const id = routeId(useParams().id)
  const record = useQuery(productsApi.get(id))
  const canWrite = useCan('write')
  if (record.isPending) return <PageSpinner />
  if (record.isError) return <PageHeader title="Product" />
  const product = record.data.data
  return (
    <>
      <PageHeader
        title={product.name}
        description="Product"
        crumbs={[{ label: 'Products', to: paths.products.list }, { label: product.name }]}
        actions={
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to={paths.products.images(product.id)}>
                <Images aria-hidden /> View Product Images
              </RouterLink>
            </Button>
            {canWrite && (
              <Button asChild colorPalette="teal">
                <RouterLink to={paths.products.edit(product.id)}>
                  <Pencil aria-hidden /> Edit
                </RouterLink>
              </Button>
            )}
            <ProductDeleteButton id={product.id} />
          </HStack>
        }
      />
      <Card.Root variant="outline" bg="bg.panel" maxW="5xl">
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Box>
              <ProductPicture
                productId={product.id}
                imageId={product.previewImageId}
                alt={`Preview of ${product.name}`}
                size="full"
              />
            </Box>
            <DetailList>
              <DetailItem label={titles.label('description', 'Description')}>
                <Text whiteSpace="pre-wrap">{product.description}</Text>
              </DetailItem>
              <DetailItem label={titles.label('serviceProviderId', 'Service Provider')}>
                <Link asChild color="teal.fg" textDecoration="underline">
                  <RouterLink to={paths.serviceProviders.detail(product.serviceProviderId)}>
                    {product.serviceProviderBrandName}
                  </RouterLink>
                </Link>
              </DetailItem>
              <DetailItem label={titles.label('price', 'Price')}>
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{priceText(product)}</Text>
                  <Badge colorPalette="purple" variant="subtle">
                    {pricingOf(product.pricing)}
                  </Badge>
                </HStack>
              </DetailItem>
              <DetailItem label={titles.label('rating', 'Rating')}>
                <StarRating rating={product.rating} count={product.noOfRatings} />
              </DetailItem>
              <DetailItem label={titles.label('estimatedDeliveryDays', 'Estimated Delivery')}>
                {formatDeliveryDays(product.estimatedDeliveryDays)}
              </DetailItem>
              <DetailItem label={titles.label('productCategoryIds', 'Categories')}>
                {product.productCategories.length === 0 ? (
                  <Text color="fg.muted">No categories</Text>
                ) : (
                  <CategoryBadges categories={product.productCategories} />
                )}
              </DetailItem>
              <DetailItem label={titles.label('enabled', 'Status')}>
                <StatusBadge enabled={product.enabled} />
              </DetailItem>
              <CustomFieldItems fields={productCustomFields} record={product} />
            </DetailList>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <HistorySection
        recordPath={`/products/${product.id}`}
        titles={titles}
        maxW="5xl"
        etag={record.data.etag}
      />
    </>
  )
}
