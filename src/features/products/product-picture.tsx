// A product image from the API (its thumbnail on cards), or a placeholder when there is none
// or it cannot be loaded. Product images are 4:3. An image's bytes never change under its id,
// so the browser loads it by URL where the image worker runs (ApiImage `direct`); lists say
// which pictures come first on screen (fetched first) and which lie below it (fetched when
// scrolled near).
import { AspectRatio, Center, Image, Text } from '@chakra-ui/react'
import { ImageOff } from 'lucide-react'
import { ApiImage } from '../../components/api-image'
import { productImagePaths } from './products-api'

interface ProductPictureProps {
  productId: number
  imageId: number | null
  alt: string
  /** Cards show the thumbnail; a details screen the image itself. */
  size?: 'thumbnail' | 'full'
  version?: number
  /** Among the first on screen: fetched before the others. */
  priority?: boolean
  /** Below the fold: fetched when scrolled near. */
  lazy?: boolean
}

export function ProductPicture({
  productId,
  imageId,
  alt,
  size = 'thumbnail',
  version,
  priority = false,
  lazy = false,
}: ProductPictureProps) {
  const placeholder = (
    <Center
      bg="bg.muted"
      // fg.muted: fg.subtle on this grey falls short of 4.5:1 for the small "No image" text.
      color="fg.muted"
      flexDirection="column"
      gap="1"
      role="img"
      aria-label="No image"
    >
      <ImageOff size={32} aria-hidden />
      <Text fontSize="xs" aria-hidden>
        No image
      </Text>
    </Center>
  )
  return (
    <AspectRatio ratio={4 / 3} w="full" overflow="hidden" rounded="md">
      {imageId === null ? (
        placeholder
      ) : (
        <ApiImage
          path={(size === 'full' ? productImagePaths.file : productImagePaths.thumbnail)(
            productId,
            imageId,
          )}
          version={version}
          direct
          alt={alt}
          fallback={placeholder}
          render={(src, text, onError) =>
            onError ? (
              // A plain element (AspectRatio covers it): a list renders up to a hundred.
              <img
                src={src}
                alt={text}
                width={480}
                height={360}
                decoding="async"
                loading={lazy ? 'lazy' : 'eager'}
                fetchPriority={priority ? 'high' : 'auto'}
                onError={onError}
              />
            ) : (
              <Image src={src} alt={text} objectFit="cover" />
            )
          }
        />
      )}
    </AspectRatio>
  )
}
