// A product image from the API (its thumbnail on cards), or a placeholder when there is none
// or it cannot be loaded. Product images are 4:3.
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
}

export function ProductPicture({
  productId,
  imageId,
  alt,
  size = 'thumbnail',
  version,
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
          alt={alt}
          fallback={placeholder}
          render={(src, text) => <Image src={src} alt={text} objectFit="cover" />}
        />
      )}
    </AspectRatio>
  )
}
