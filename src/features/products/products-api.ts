// Calls for products, their images, and what their screens show beside them: the provider's
// brand name and the product categories the pickers offer.
import { mutationOptions } from '@tanstack/react-query'
import type {
  Product,
  ProductCreateBody,
  ProductImage,
  ProductImageCreateBody,
  ProductImageUpdateBody,
  ProductUpdateBody,
} from '../../../types/records'
import { paths } from '../../app/paths'
import type { BulkTarget } from '../../components/bulk-selection'
import type { TrashTarget } from '../../components/trash-target'
import type { ListQuery } from '../../components/use-list-params'
import { api } from '../../lib/api-client'
import type { CategorySource } from '../../lib/category-search'
import { forgets, invalidates, listQuery, pathKey, recordQuery } from '../../lib/query-client'

export type { CategoryRef, Product, ProductImage } from '../../../types/records'

export type Pricing = Product['pricing']

/**
 * A form's body as the screens send it: the prices of the other pricing type go as null (the
 * form still holds them, see product-form-pages.tsx), which the schema lets through.
 */
type PricesOrNull<Body> = Omit<Body, 'price' | 'minPrice' | 'maxPrice'> & {
  price?: number | null
  minPrice?: number | null
  maxPrice?: number | null
}

export type NewProductFields = PricesOrNull<ProductCreateBody>
export type ProductUpdateFields = PricesOrNull<ProductUpdateBody>
/** The fields both forms share; the price fields present are those of the pricing type. */
export type ProductFields = NewProductFields | ProductUpdateFields

export type ProductImageFields = ProductImageUpdateBody
/** The add form's body: the cropped PNG as base64, without the `data:` prefix. */
export type NewProductImageFields = ProductImageCreateBody

export interface ProductQuery {
  categoryId?: number
  name?: string
  enabled?: boolean
  minPrice?: number
  maxPrice?: number
  hasPreviewImage?: boolean
}

const base = '/products'
const imagesOf = (productId: number) => `${base}/${productId}/images`

export const productImagePaths = {
  /** The image itself, for a details screen. */
  file: (productId: number, imageId: number) => `${imagesOf(productId)}/${imageId}/image-file`,
  /** At most 480 px wide: what cards show. */
  thumbnail: (productId: number, imageId: number) =>
    `${imagesOf(productId)}/${imageId}/image-file?size=thumb`,
}

/** The spec's texts (§8); failures show the server's detail first. */
export const PRODUCT_MESSAGES = {
  created: 'Product created successfully!',
  updated: 'Product updated successfully!',
  createFailed: 'Failed to create product. Please try again.',
  updateFailed: 'Failed to update product. Please try again.',
  listFailed: 'Error while loading data',
  loadFailed: 'Error fetching data.',
  categoriesFailed: 'Failed to fetch product categories',
  noProviderProducts: 'Nothing to see here. Add some products and come back later.',
  noProducts: 'Nothing to see here.',
  // Delete is beyond the spec (issue 14); its texts follow the spec's style.
  deleted: 'Product deleted successfully!',
  deleteFailed: 'Error while deleting product',
} as const

export const IMAGE_MESSAGES = {
  addFailed: 'Failed to add product image. Please try again.',
  updateFailed: 'Failed to update product image. Please try again.',
  deleted: 'Product image deleted successfully!',
  deleteFailed: 'Error while deleting product image',
  madePreview: 'Product image is now preview image!',
  // The spec gives no text for a failed "Set as Preview"; its general fallback fits.
  previewFailed: 'An error occurred. Please try again later',
  notFound: 'Product image not found',
  // 'Please select and crop an image' is the image field's own message in its ui schema.
  // Beside the disabled Add Image button (the spec keeps it disabled until a crop exists).
  needsCrop: 'Choose an image and apply a crop to add it.',
  noImages: 'Nothing to see here.',
} as const

const providerBase = '/service-providers'
const productsOf = (providerId: number) => `${providerBase}/${providerId}/products`
// A product or image write changes the product lists (a provider's too, under its path), the
// product's record and images, and its preview (previewImageId).
const afterWrite = invalidates(pathKey(base), pathKey(providerBase))

/** Deleted products (their trash page, Undo after a delete); their images go and come with them. */
export const productTrash: TrashTarget = {
  path: base,
  one: 'product',
  many: 'products',
  refreshes: [providerBase],
  title: 'Products',
  list: paths.products.list,
  name: (record) => String(record.name),
}

/** Bulk actions on products (the list and a provider's products). */
export const productBulk: BulkTarget = {
  path: base,
  one: 'product',
  many: 'products',
  actions: ['enable', 'disable', 'delete'],
  refreshes: [base, providerBase],
  trash: productTrash,
}

/** Bulk actions on a product's images. */
export const productImageBulk = (productId: number): BulkTarget => ({
  path: imagesOf(productId),
  one: 'product image',
  many: 'product images',
  actions: ['enable', 'disable', 'delete'],
  refreshes: [base, providerBase],
})

export const productsApi = {
  list: (query: ProductQuery & ListQuery) =>
    listQuery<Product>(base, { ...query }, PRODUCT_MESSAGES.listFailed),
  /** The products list's own query (no provider: the path names it), with the marked custom
   * fields' filters (components/custom-list-fields.tsx). */
  listOfProvider: (providerId: number, query: ProductQuery & ListQuery) =>
    listQuery<Product>(productsOf(providerId), { ...query }, PRODUCT_MESSAGES.listFailed),
  /** The product with its ETag (the edit screen's save sends it back as If-Match). */
  get: (id: number) =>
    recordQuery<Product>(`${base}/${id}`, { ids: [id], errorText: PRODUCT_MESSAGES.loadFailed }),
  /** The provider a product list belongs to, for its brand name (a missing one: /not-found). */
  provider: (id: number) =>
    recordQuery<{ id: number; brandName: string }>(`${providerBase}/${id}`, {
      ids: [id],
      errorText: PRODUCT_MESSAGES.loadFailed,
    }),
  /** Where the category filter and chips search. */
  categories: {
    apiPath: '/product-categories',
    errorText: PRODUCT_MESSAGES.categoriesFailed,
  } satisfies CategorySource,
  create: mutationOptions({
    mutationFn: (fields: NewProductFields) => api.post<{ id: number }>(base, fields),
    onSuccess: afterWrite,
  }),
  update: mutationOptions({
    mutationFn: (change: { id: number; fields: ProductUpdateFields; etag: string | null }) =>
      api.put(`${base}/${change.id}`, change.fields, change.etag),
    onSuccess: afterWrite,
  }),
  /** Deletes the product with its images. */
  remove: mutationOptions({
    mutationFn: (id: number) => api.delete(`${base}/${id}`),
    onSuccess: forgets((id) => `${base}/${id}`, pathKey(base), pathKey(providerBase)),
  }),
}

export const productImagesApi = {
  /** `filters`: the marked custom fields' (components/custom-list-fields.tsx). */
  list: (productId: number, query: ListQuery, filters: Record<string, string> = {}) =>
    listQuery<ProductImage>(
      imagesOf(productId),
      { ...filters, ...query },
      PRODUCT_MESSAGES.listFailed,
    ),
  /** The image's fields with their ETag; the edit screen shows a missing image itself. */
  get: (productId: number, imageId: number, notFoundPage = true) =>
    recordQuery<ProductImage>(`${imagesOf(productId)}/${imageId}`, {
      ids: [productId, imageId],
      errorText: PRODUCT_MESSAGES.loadFailed,
      notFoundPage,
    }),
  create: (productId: number) =>
    mutationOptions({
      mutationFn: (fields: NewProductImageFields) =>
        api.post<{ id: number; productId: number }>(imagesOf(productId), fields),
      onSuccess: afterWrite,
    }),
  update: (productId: number, imageId: number) =>
    mutationOptions({
      mutationFn: (change: { fields: ProductImageFields; etag: string | null }) =>
        api.put(`${imagesOf(productId)}/${imageId}`, change.fields, change.etag),
      onSuccess: afterWrite,
    }),
  remove: (productId: number, imageId: number) =>
    mutationOptions({
      mutationFn: () => api.delete(`${imagesOf(productId)}/${imageId}`),
      onSuccess: afterWrite,
    }),
  makePreview: (productId: number, imageId: number) =>
    mutationOptions({
      mutationFn: () => api.post(`${imagesOf(productId)}/${imageId}/make-preview-image`),
      onSuccess: afterWrite,
    }),
}
