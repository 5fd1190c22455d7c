// Add and edit screens of a product image, rendered from schemas/product-image.json. Add puts
// the cropper in the form's "image" slot; Add Image stays disabled until a crop exists. Edit
// shows 'Product image not found' with Back to Product instead of leaving for /not-found; an
// image changed elsewhere while it is edited says by whom and what changed, and offers to load
// the new version under the operator's edits (components/record-changed-alert.tsx); who else has
// it open shows above (components/presence-notice.tsx).
import { Button, Card, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { CancelLink } from '../../components/cancel-link'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { PresenceNotice } from '../../components/presence-notice'
import { lazyNotices, RecordChangedAlert } from '../../components/record-changed-alert'
import { customValues } from '../../forms/custom-fields'
import { SchemaForm } from '../../forms/schema-form'
import { useFormSubmit } from '../../forms/use-form-submit'
import { isNotFound } from '../../lib/api-client'
import { useEditRecord } from '../../lib/use-edit-record'
import { imageCrumbs } from './image-crumbs'
import { productImageCustomFields, productImageTitles } from './product-custom-fields'
import { productImageForms } from './product-forms'
import { ProductImageCropper } from './product-image-cropper'
import {
  IMAGE_MESSAGES,
  type NewProductImageFields,
  type ProductImage,
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
  const product = useQuery(productsApi.get(productId))
  const create = useMutation(productImagesApi.create(productId))
  const { busy, submit } = useFormSubmit({
    submit: (fields: NewProductImageFields) => create.mutateAsync(withDescription(fields)),
    onSuccess: () => navigate(paths.products.images(productId)),
    fallbackError: IMAGE_MESSAGES.addFailed,
  })
  // The cropper puts the crop into the form's data; until then Add Image cannot be pressed.
  const [hasCrop, setHasCrop] = useState(false)
  const form = productImageForms.create
  return (
    <>
      <PageHeader title="Add Image" description={product.data?.data.name} />
      <Panel>
        <SchemaForm<NewProductImageFields>
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={form.validator}
          formContext={cropperContext}
          busy={busy}
          submitDisabled={!hasCrop}
          submitHint={IMAGE_MESSAGES.needsCrop}
          onChange={(data) => setHasCrop(Boolean(data.image))}
          onSubmit={submit}
          actions={<CancelLink to={paths.products.images(productId)} />}
        />
      </Panel>
    </>
  )
}

/** The image's field titles, for the notice of a change made elsewhere. */
const notices = lazyNotices(async () => productImageTitles)

export function ProductImageEditPage() {
  const navigate = useNavigate()
  const params = useParams()
  const productId = routeId(params.productId)
  const imageId = routeId(params.imageId)
  // A missing image is told here, with a way back to the product, rather than on /not-found.
  const image = useEditRecord(productImagesApi.get(productId, imageId, false), imageFormData)
  // The product names a crumb; asked once the image is found (so its product exists).
  const productName = useQuery({
    ...productsApi.get(productId),
    enabled: image.status === 'ready',
  }).data?.data.name
  const missing = image.status === 'failed' && isNotFound(image.error)
  const update = useMutation(productImagesApi.update(productId, imageId))
  const { busy, submit } = useFormSubmit({
    submit: (fields: ProductImageFields) =>
      update.mutateAsync({ fields: withDescription(fields), etag: image.etag }),
    onSuccess: () => navigate(paths.products.image(productId, imageId)),
    onStale: image.markStale,
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
  if (!image.record) return <PageHeader title="Edit Product Image" />
  const { imageName } = image.record
  return (
    <>
      <PageHeader
        title="Edit Product Image"
        description={imageName}
        crumbs={[
          ...imageCrumbs(productId, productName),
          { label: imageName, to: paths.products.image(productId, imageId) },
          { label: 'Edit' },
        ]}
      />
      <PresenceNotice record={`/products/${productId}/images/${imageId}`} />
      <RecordChangedAlert edit={image} notices={notices} />
      <Panel>
        <SchemaForm<ProductImageFields>
          key={image.form.key}
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={form.validator}
          formData={image.form.formData}
          editedFrom={image.form.editedFrom}
          onChange={image.form.onChange}
          busy={busy}
          onSubmit={submit}
          actions={<CancelLink to={paths.products.image(productId, imageId)} />}
        />
      </Panel>
    </>
  )
}

/** The image as its edit form's data: custom fields beside the built-in ones. */
function imageFormData(image: ProductImage): Partial<ProductImageFields> {
  const { imageName, imageDescription, enabled } = image
  const custom = customValues(productImageCustomFields, image)
  return { ...custom, imageName, imageDescription: imageDescription ?? undefined, enabled }
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" maxW="3xl">
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}
