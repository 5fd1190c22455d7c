// One product in a list (a provider's products, the global list): preview thumbnail or a
// placeholder, status, name, the provider's brand name, description, price, rating and View Details.
import { Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { paths } from '../../app/paths'
import { StatusBadge } from '../../components/status-badge'
import { useRenderedCount } from '../../components/use-rendered-count'
import { priceText } from './price-text'
import { ProductPicture } from './product-picture'
import type { Product } from './products-api'
import { StarRating } from './star-rating'

// The first row (three cards on a wide screen) fetches its pictures first; those past the
// second row wait until scrolled near. Two rows are rendered at a time.
const FIRST_ROW = 3
const ABOVE_FOLD = 6

export function ProductGrid({ products }: { products: Product[] }) {
  const shown = useRenderedCount(products.length, ABOVE_FOLD)
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
      {products.slice(0, shown).map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          priority={index < FIRST_ROW}
          lazy={index >= ABOVE_FOLD}
        />
      ))}
    </SimpleGrid>
  )
}

interface ProductCardProps {
  product: Product
  priority: boolean
  lazy: boolean
}

const ProductCard = memo(function ProductCard({ product, priority, lazy }: ProductCardProps) {
  return (
    <Card.Root
      as="article"
      variant="outline"
      bg="bg.panel"
      overflow="hidden"
      aria-label={product.name}
    >
      <ProductPicture
        productId={product.id}
        imageId={product.previewImageId}
        alt={`Preview of ${product.name}`}
        priority={priority}
        lazy={lazy}
      />
      <Card.Body gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Card.Title lineClamp={2}>{product.name}</Card.Title>
          <StatusBadge enabled={product.enabled} />
        </HStack>
        <Text fontSize="sm" fontWeight="medium" color="teal.fg" truncate>
          {product.serviceProviderBrandName}
        </Text>
        <Text color="fg.muted" fontSize="sm" lineClamp={2}>
          {product.description}
        </Text>
        <Stack gap="1" mt="auto">
          <Text fontWeight="semibold">{priceText(product)}</Text>
          <StarRating rating={product.rating} count={product.noOfRatings} />
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.products.detail(product.id)}>View Details</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  )
})
