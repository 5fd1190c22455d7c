// Create (under a provider) and edit screens of a product, rendered from the schema files: the
// pricing type switches between Price and Min Price / Max Price (the schema's if/then), the
// category chips offer the product categories, and edit adds Rating and Number of Ratings. A
// product changed elsewhere while it is edited says by whom and what changed, and offers to load
// the new version under the operator's edits (components/record-changed-alert.tsx).
import { Card } from '@chakra-ui/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { CancelLink } from '../../components/cancel-link'
import { notify } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { PresenceNotice } from '../../components/presence-notice'
import { lazyNotices, RecordChangedAlert } from '../../components/record-changed-alert'
import { customValues } from '../../forms/custom-fields'
import { withFieldOptions } from '../../forms/define-form'
import { SchemaForm } from '../../forms/schema-form'
import { useFormSubmit } from '../../forms/use-form-submit'
import { useEditRecord } from '../../lib/use-edit-record'
import { pricingOf } from './price-text'
import { productCustomFields, productTitles } from './product-custom-fields'
import { productForms } from './product-forms'
import {
  type NewProductFields,
  PRODUCT_MESSAGES,
  type Product,
  type ProductFields,
  type ProductUpdateFields,
  productsApi,
} from './products-api'

/** The category chips search where the API keeps this entity's categories. */
function categoryUi(form: 'create' | 'update') {
  return withFieldOptions(productForms[form].uiSchema, 'productCategoryIds', {
    source: productsApi.categories,
  })
}

export function ProductCreatePage() {
  const navigate = useNavigate()
  const rawId = useParams().id ?? ''
  const providerId = routeId(rawId)
  // The provider's brand name says whose product this is; a missing provider is /not-found.
  const provider = useQuery(productsApi.provider(providerId))
  const uiSchema = categoryUi('create')
  const create = useMutation(productsApi.create)
  const { busy, submit } = useFormSubmit({
    // The provider comes from the route, whatever the hidden field holds.
    submit: (fields: NewProductFields) =>
      create.mutateAsync({ ...pricedBy(fields), serviceProviderId: providerId }),
    onSuccess: ({ id }) => {
      notify.success(PRODUCT_MESSAGES.created)
      navigate(paths.products.detail(id))
    },
    fallbackError: PRODUCT_MESSAGES.createFailed,
  })
  return (
    <>
      <PageHeader title="Create Product" description={provider.data?.data.brandName} />
      <Panel>
        <SchemaForm<NewProductFields>
          schema={productForms.create.schema}
          uiSchema={uiSchema}
          validator={productForms.create.validator}
          formData={{ serviceProviderId: providerId }}
          omitExtraData={false}
          busy={busy}
          onSubmit={submit}
          actions={<CancelLink to={paths.serviceProviders.products(rawId)} />}
        />
      </Panel>
    </>
  )
}

/** The product's field titles, for the notice of a change made elsewhere. */
const notices = lazyNotices(async () => productTitles)

export function ProductEditPage() {
  const navigate = useNavigate()
  const id = routeId(useParams().id)
  const record = useEditRecord(productsApi.get(id), toFormData)
  const uiSchema = categoryUi('update')
  const update = useMutation(productsApi.update)
  const { busy, submit } = useFormSubmit({
    submit: (fields: ProductUpdateFields) =>
      update.mutateAsync({ id, fields: pricedBy(fields), etag: record.etag }),
    onSuccess: () => {
      notify.success(PRODUCT_MESSAGES.updated)
      navigate(paths.products.detail(id))
    },
    onStale: record.markStale,
    fallbackError: PRODUCT_MESSAGES.updateFailed,
  })
  if (record.status === 'loading') return <PageSpinner />
  if (!record.record) return <PageHeader title="Edit Product" />
  return (
    <>
      <PageHeader
        title="Edit Product"
        description={record.record.name}
        crumbs={[
          { label: 'Products', to: paths.products.list },
          { label: record.record.name, to: paths.products.detail(id) },
          { label: 'Edit' },
        ]}
      />
      <PresenceNotice record={`/products/${id}`} />
      <RecordChangedAlert edit={record} notices={notices} />
      <Panel>
        <SchemaForm<ProductUpdateFields>
          key={record.form.key}
          schema={productForms.update.schema}
          uiSchema={uiSchema}
          validator={productForms.update.validator}
          formData={record.form.formData}
          editedFrom={record.form.editedFrom}
          onChange={record.form.onChange}
          omitExtraData={false}
          busy={busy}
          onSubmit={submit}
          actions={<CancelLink to={paths.products.detail(id)} />}
        />
      </Panel>
    </>
  )
}

/**
 * The body keeps the prices of its pricing type and sends the others as null: the form still
 * holds a price typed before switching to Range (RJSF cannot prune these conditional fields).
 */
function pricedBy<T extends ProductFields>(fields: T): T {
  return pricingOf(fields.pricing) === 'Range'
    ? { ...fields, price: null }
    : { ...fields, minPrice: null, maxPrice: null }
}

/** The loaded product as the edit form's data; unset prices are left out, not null. */
function toFormData(product: Product): Partial<ProductUpdateFields> {
  const amount = (value: number | null) => value ?? undefined
  return {
    name: product.name,
    description: product.description,
    estimatedDeliveryDays: product.estimatedDeliveryDays,
    pricing: pricingOf(product.pricing),
    price: amount(product.price),
    minPrice: amount(product.minPrice),
    maxPrice: amount(product.maxPrice),
    productCategoryIds: product.productCategories.map((category) => category.id),
    enabled: product.enabled,
    rating: product.rating,
    noOfRatings: product.noOfRatings,
    ...customValues(productCustomFields, product),
  }
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" maxW="3xl">
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}
