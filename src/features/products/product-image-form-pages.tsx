// Add and edit screens of a product image, rendered from schemas/product-image.json. Add puts
// the cropper in the form's "image" slot; Add Image stays disabled until a crop exists. Edit
// shows 'Product image not found' with Back to Product instead of leaving for /not-found, and
// offers to reload the image when someone else changed it since it was opened.
import { Button, Card, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'
import { paths } from '../../app/paths'
import { useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { StaleRecordAlert } from '../../components/stale-record-alert'
import { isNotFound } from '../../components/use-list-params'
import { routeId, useRecord, useRecordVersion } from '../../components/use-record'
import { SchemaForm } from '../../forms/schema-form'
import { useFormSubmit } from '../../forms/use-form-submit'
import { ApiError } from '../../lib/api-client'
import { useLoad } from '../../lib/use-load'
import { productImageForms } from './product-forms'
import { ProductImageCropper } from './product-image-cropper'
import {
  IMAGE_MESSAGES,
  type NewProductImageFields,
  PRODUCT_MESSAGES,
  type ProductImageFields,
  productImagesApi,
  productsApi,
} from './products-api'

const cropperContext = { cropper: ProductImageCropper }

/** An emptied description is sent as null, so it is cleared rather than left unchanged. */
const withDescription = <T extends ProductImageFields>(fields: T): T => ({
  ...fields,
  imageDescription: fields.imageDescription ?? null,
})

export function ProductImageCreatePage() {
  const navigate = useNavigate()
  const productId = routeId(useParams().id)
  const product = useRecord(
    [productId],
    () => productsApi.get(productId),
    PRODUCT_MESSAGES.loadFailed,
  )
  const { busy, submit } = useFormSubmit({
    submit: (fields: NewProductImageFields) =>
      productImagesApi.create(productId, withDescription(fields)),
    onSuccess: () => navigate(paths.products.images(productId)),
    fallbackError: IMAGE_MESSAGES.addFailed,
  })
  // The cropper puts the crop into the form's data; until then Add Image cannot be pressed.
  const [hasCrop, setHasCrop] = useState(false)
  const form = productImageForms.create
  return (
    <>
      <PageHeader
        title="Add Image"
        description={product.status === 'ready' ? product.data.name : undefined}
      />
      <Panel>
        <SchemaForm<NewProductImageFields>
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={form.validator}
          formContext={cropperContext}
          busy={busy}
          submitDisabled={!hasCrop}
          onChange={(data) => setHasCrop(Boolean(data.image))}
          onSubmit={submit}
          actions={
            <Button asChild variant="outline">
              <RouterLink to={paths.products.images(productId)}>Cancel</RouterLink>
            </Button>
          }
        />
      </Panel>
    </>
  )
}

export function ProductImageEditPage() {
  const navigate = useNavigate()
  const params = useParams()
  const productId = routeId(params.productId)
  const imageId = routeId(params.imageId)
  const image = useLoad(
    () =>
      Number.isNaN(productId) || Number.isNaN(imageId)
        ? Promise.reject(new ApiError(404, null))
        : productImagesApi.getVersioned(productId, imageId),
    `${productId}/${imageId}`,
  )
  const version = useRecordVersion(image.status === 'ready' ? image.data : undefined)
  const missing = image.status === 'failed' && isNotFound(image.error)
  useErrorToast(
    image.status === 'failed' && !missing ? image.error : null,
    PRODUCT_MESSAGES.loadFailed,
  )
  const { busy, submit } = useFormSubmit({
    submit: (fields: ProductImageFields) =>
      productImagesApi.update(productId, imageId, withDescription(fields), version.etag),
    onSuccess: () => navigate(paths.products.image(productId, imageId)),
    onStale: version.markStale,
    fallbackError: IMAGE_MESSAGES.updateFailed,
  })
  const form = productImageForms.update

  if (image.status === 'loading') return <PageSpinner />
  if (missing) {
    return (
      <>
        <PageHeader title="Edit Product Image" />
        <Stack gap="4" align="flex-start">
          <Text>{IMAGE_MESSAGES.notFound}</Text>
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.products.detail(params.productId ?? '')}>
              Back to Product
            </RouterLink>
          </Button>
        </Stack>
      </>
    )
  }
  if (image.status === 'failed') return <PageHeader title="Edit Product Image" />
  const { imageName, imageDescription, enabled } = image.data.data
  return (
    <>
      <PageHeader title="Edit Product Image" description={imageName} />
      <StaleRecordAlert
        error={version.stale}
        onReload={image.reload}
        onDismiss={version.dismissStale}
      />
      <Panel>
        <SchemaForm<ProductImageFields>
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={form.validator}
          formData={{ imageName, imageDescription: imageDescription ?? undefined, enabled }}
          busy={busy}
          onSubmit={submit}
          actions={
            <Button asChild variant="outline">
              <RouterLink to={paths.products.image(productId, imageId)}>Cancel</RouterLink>
            </Button>
          }
        />
      </Panel>
    </>
  )
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" maxW="3xl">
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}
