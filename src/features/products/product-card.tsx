// One product in a list (a provider's products, the global list): preview thumbnail or a
// placeholder, status, name, the provider's brand name, description, price, rating and View Details.
//
// The cards are plain elements styled once by the grid (Chakra's card and button recipes and the
// same tokens), not a dozen Chakra components each: thirty cards of those cost hundreds of
// milliseconds of style work on every list load (issue 16).
import { SimpleGrid, type SystemStyleObject, useRecipe, useSlotRecipe } from '@chakra-ui/react'
import { memo, useMemo } from 'react'
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
  const css = useCardStyles()
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4" css={css}>
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

/** The styles of every card's parts, as the Chakra components of an outline card had them. */
function useCardStyles(): SystemStyleObject {
  const card = useSlotRecipe({ key: 'card' })
  const button = useRecipe({ key: 'button' })
  return useMemo(() => {
    const parts = card({ variant: 'outline', size: 'md' })
    return {
      '& .product-card': { ...parts.root, bg: 'bg.panel', overflow: 'hidden' },
      '& .product-card__body': { ...parts.body, gap: '2' },
      '& .product-card__heading': {
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        gap: '2',
      },
      '& .product-card__title': { ...parts.title, lineClamp: '2' },
      '& .product-card__brand': {
        fontSize: 'sm',
        fontWeight: 'medium',
        color: 'teal.fg',
        truncate: true,
      },
      '& .product-card__description': { color: 'fg.muted', fontSize: 'sm', lineClamp: '2' },
      '& .product-card__price-rating': {
        display: 'flex',
        flexDirection: 'column',
        gap: '1',
        mt: 'auto',
      },
      '& .product-card__price': { fontWeight: 'semibold' },
      '& .product-card__footer': parts.footer,
      '& .product-card__link': button({ size: 'sm', variant: 'outline' }),
    } as SystemStyleObject
  }, [card, button])
}

interface ProductCardProps {
  product: Product
  priority: boolean
  lazy: boolean
}

const ProductCard = memo(function ProductCard({ product, priority, lazy }: ProductCardProps) {
  return (
    <article className="product-card" aria-label={product.name}>
      <ProductPicture
        productId={product.id}
        imageId={product.previewImageId}
        alt={`Preview of ${product.name}`}
        priority={priority}
        lazy={lazy}
      />
      <div className="product-card__body">
        <div className="product-card__heading">
          <h3 className="product-card__title">{product.name}</h3>
          <StatusBadge enabled={product.enabled} />
        </div>
        <p className="product-card__brand">{product.serviceProviderBrandName}</p>
        <p className="product-card__description">{product.description}</p>
        <div className="product-card__price-rating">
          <p className="product-card__price">{priceText(product)}</p>
          <StarRating rating={product.rating} count={product.noOfRatings} />
        </div>
      </div>
      <div className="product-card__footer">
        <RouterLink className="product-card__link" to={paths.products.detail(product.id)}>
          View Details
        </RouterLink>
      </div>
    </article>
  )
})
