// A product's images: cards with the thumbnail, Enabled/Disabled, Preview on the preview image,
// View Details; Add Image; a pager (the page is kept in the URL).
import { Badge, Button, Card, HStack, Link, SimpleGrid } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { ImagePlus } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { ListResults } from '../../components/list-results'
import { PageHeader } from '../../components/page-header'
import { StatusBadge } from '../../components/status-badge'
import { isNotFound, usePageParam } from '../../components/use-page-param'
import { ProductPicture } from './product-picture'
import {
  IMAGE_MESSAGES,
  PRODUCT_MESSAGES,
  type ProductImage,
  productImagesApi,
  productsApi,
} from './products-api'

export function ProductImageListPage() {
  const rawId = useParams().id ?? ''
  const id = routeId(rawId)
  const [page, goToPage] = usePageParam()
  // The product names the page; a missing product is /not-found.
  const product = useQuery(productsApi.get(id))
  const list = useQuery({ ...productImagesApi.list(id, page), enabled: !Number.isNaN(id) })

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
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.products.createImage(rawId)}>
              <ImagePlus aria-hidden /> Add Image
            </RouterLink>
          </Button>
        }
      />
      <ListResults
        list={list}
        failedText={PRODUCT_MESSAGES.listFailed}
        emptyText={IMAGE_MESSAGES.noImages}
        onPage={goToPage}
        ignoreError={isNotFound}
      >
        {(images) => (
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
            {images.map((image) => (
              <ImageCard key={image.id} image={image} />
            ))}
          </SimpleGrid>
        )}
      </ListResults>
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
        <HStack gap="1.5" wrap="wrap">
          <StatusBadge enabled={image.enabled} />
          {image.isPreview && (
            <Badge colorPalette="blue" variant="solid">
              Preview
            </Badge>
          )}
        </HStack>
      </Card.Body>
      <Card.Footer>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.products.image(image.productId, image.id)}>View Details</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}
