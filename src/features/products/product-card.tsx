// One product in a list (a provider's products, the global list): preview thumbnail or a
// placeholder, status, name, the provider's brand name, description, price, rating and View Details.
import { Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { paths } from '../../app/paths'
import { StatusBadge } from '../../components/status-badge'
import { priceText } from './price-text'
import { ProductPicture } from './product-picture'
import type { Product } from './products-api'
import { StarRating } from './star-rating'

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </SimpleGrid>
  )
}

function ProductCard({ product }: { product: Product }) {
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
}
