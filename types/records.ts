// Record and body types shared by src/ and server/ (which never import each other), built on the
// bodies generated from schemas/ (./schema-types.ts): a field is written once, in its schema, and
// only what the server adds or answers differently is written here. A custom field an analyst adds
// appears in them after `npm run types:schemas` (docs/decisions/019-record-types-from-schemas.md).
import type {
  ProductCreate,
  ProductCustomField,
  ProductImageCreate,
  ProductImageCustomField,
  ProductImageUpdate,
  ProductUpdate,
  ServiceProviderCreate,
  ServiceProviderCustomField,
  ServiceProviderUpdate,
} from './schema-types'

/**
 * A body as code reads and builds it: the form's generated type with its custom fields optional.
 * Code never names a custom field, and a body built from a record saved before the analyst added
 * one (Disable, from the record) lacks it.
 */
export type Body<Form, Custom extends string> = Omit<Form, Custom> &
  Partial<Pick<Form, Extract<keyof Form, Custom>>>

/**
 * A record as GET answers it: every field of its forms (`Forms`), each present (the server fills
 * in defaults and answers null for what is unset) except the custom fields (absent on a record
 * saved before they were added), less `Dropped` (shown otherwise), with `Added` (what the server
 * adds or answers differently) replacing or joining them.
 */
export type RecordOf<Forms, Custom extends string, Dropped extends string, Added> = Omit<
  Required<Omit<Forms, Custom>>,
  Dropped | keyof Added
> &
  Partial<Pick<Forms, Extract<keyof Forms, Custom>>> &
  Added

/**
 * A body built from a stored record (the edit form starts from it; Disable sends it back): each
 * field may hold what the record holds. A newer rule of the schema may refuse it (an analyst
 * made a nullable field required): the form then asks for the field, the server says why.
 */
export type FromRecord<Form, Stored> = {
  [K in keyof Form]: K extends keyof Stored ? Form[K] | Stored[K] : Form[K]
}

/** A category as a record names it: a provider's or a product's categories. */
export interface CategoryRef {
  id: number
  name: string
}

/** POST /api/products. */
export type ProductCreateBody = Body<ProductCreate, ProductCustomField>
/** PUT /api/products/:id (a `serviceProviderId` in it is never read). */
export type ProductUpdateBody = Body<ProductUpdate, ProductCustomField>

/** A product as GET /api/products/:id answers it. */
export type Product = RecordOf<
  ProductCreate & ProductUpdate,
  ProductCustomField,
  'productCategoryIds',
  {
    id: number
    /** Naira with kobo; a Fixed product's price, else null. */
    price: number | null
    /** A Range product's bounds, else null. */
    minPrice: number | null
    maxPrice: number | null
    productCategories: CategoryRef[]
    serviceProviderBrandName: string
    previewImageId: number | null
  }
>

/** POST /api/service-providers. */
export type ServiceProviderCreateBody = Body<ServiceProviderCreate, ServiceProviderCustomField>
/** PUT /api/service-providers/:id (an `email` in it is never read). */
export type ServiceProviderUpdateBody = Body<ServiceProviderUpdate, ServiceProviderCustomField>

/** A service provider as GET /api/service-providers/:id answers it. */
export type ServiceProvider = RecordOf<
  ServiceProviderCreate & ServiceProviderUpdate,
  ServiceProviderCustomField,
  'serviceProviderCategoryIds',
  {
    id: number
    /** Its column takes null, whatever the schema says now: a record may hold it. */
    addressLine2: string | null
    serviceProviderCategories: CategoryRef[]
    hasPassportPhoto: boolean
    hasBrandLogo: boolean
  }
>

/** POST /api/products/:id/images: the cropped image as base64, without the `data:` prefix. */
export type ProductImageCreateBody = Body<ProductImageCreate, ProductImageCustomField>
/** PUT /api/products/:id/images/:imageId. */
export type ProductImageUpdateBody = Body<ProductImageUpdate, ProductImageCustomField>

/** A product image as GET /api/products/:id/images/:imageId answers it (the bytes apart). */
export type ProductImage = RecordOf<
  ProductImageCreate & ProductImageUpdate,
  ProductImageCustomField,
  'image',
  {
    id: number
    productId: number
    /** Its column takes null, whatever the schema says now: a record may hold it. */
    imageDescription: string | null
    isPreview: boolean
  }
>
