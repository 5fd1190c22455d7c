// One product image: the image, name, description, Preview: Yes/No, and the buttons Product
// images, Edit, Set as Preview (not on the preview image) and Delete (after a confirmation).
// Each field keeps its label here until an analyst gives it another title (forms/field-titles.ts).
import { Box, Button, Card, HStack, SimpleGrid, Text } from '@chakra-ui/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Images, Pencil, Star } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { CustomFieldItems } from '../../components/custom-fields'
import { DeleteButton } from '../../components/delete-button'
import { DetailItem, DetailList } from '../../components/detail-list'
import { notify } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { StatusBadge } from '../../components/status-badge'
import { useFormSubmit } from '../../forms/use-form-submit'
import { useCan } from '../../lib/me'
import { imageCrumbs } from './image-crumbs'
import { productImageCustomFields, productImageTitles as titles } from './product-custom-fields'
import { ProductPicture } from './product-picture'
import { IMAGE_MESSAGES, productImagesApi, productsApi } from './products-api'

export function ProductImageDetailPage() {
  const navigate = useNavigate()
  const params = useParams()
  const productId = routeId(params.productId)
  const imageId = routeId(params.imageId)
  const record = useQuery(productImagesApi.get(productId, imageId))
  const productName = useQuery(productsApi.get(productId)).data?.data.name
  // Set as Preview makes the flag true here; the server unsets the previous preview.
  const [madePreview, setMadePreview] = useState(false)
  const canWrite = useCan('write')

  const makePreview = useMutation(productImagesApi.makePreview(productId, imageId))
  const preview = useFormSubmit({
    submit: () => makePreview.mutateAsync(),
    onSuccess: () => {
      setMadePreview(true)
      notify.success(IMAGE_MESSAGES.madePreview)
    },
    fallbackError: IMAGE_MESSAGES.previewFailed,
  })
  const removal = useMutation(productImagesApi.remove(productId, imageId))
  if (record.isPending) return <PageSpinner />
  if (record.isError) return <PageHeader title="Product Image" />
  const image = record.data.data
  const isPreview = image.isPreview || madePreview
  return (
    <>
      <PageHeader
        title={image.imageName}
        description="Product Image"
        crumbs={[...imageCrumbs(productId, productName), { label: image.imageName }]}
        actions={
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to={paths.products.images(productId)}>
                <Images aria-hidden /> Product images
              </RouterLink>
            </Button>
            {canWrite && (
              <>
                <Button asChild variant="outline">
                  <RouterLink to={paths.products.editImage(productId, imageId)}>
                    <Pencil aria-hidden /> Edit
                  </RouterLink>
                </Button>
                {!isPreview && (
                  <Button
                    variant="outline"
                    colorPalette="teal"
                    disabled={preview.busy}
                    aria-busy={preview.busy}
                    onClick={() => preview.submit(undefined)}
                  >
                    <Star aria-hidden /> Set as Preview
                  </Button>
                )}
                <DeleteButton
                  noun="product image"
                  run={() => removal.mutateAsync()}
                  messages={{ done: IMAGE_MESSAGES.deleted, failed: IMAGE_MESSAGES.deleteFailed }}
                  onDone={() => navigate(paths.products.images(productId))}
                />
              </>
            )}
          </HStack>
        }
      />
      <Card.Root variant="outline" bg="bg.panel" maxW="5xl">
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Box>
              <ProductPicture
                productId={productId}
                imageId={imageId}
                alt={image.imageName}
                size="full"
              />
            </Box>
            <DetailList>
              <DetailItem label={titles.label('imageName', 'Name')}>{image.imageName}</DetailItem>
              <DetailItem label={titles.label('imageDescription', 'Description')}>
                {image.imageDescription?.trim() ? (
                  <Text whiteSpace="pre-wrap">{image.imageDescription}</Text>
                ) : (
                  <Text color="fg.muted">No description provided</Text>
                )}
              </DetailItem>
              <DetailItem label={titles.label('enabled', 'Status')}>
                <StatusBadge enabled={image.enabled} />
              </DetailItem>
              <CustomFieldItems fields={productImageCustomFields} record={image} />
            </DetailList>
          </SimpleGrid>
          <Text mt="4" fontWeight="medium">
            Preview: {isPreview ? 'Yes' : 'No'}
          </Text>
        </Card.Body>
      </Card.Root>
    </>
  )
}
