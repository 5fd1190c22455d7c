// Calls for products, their images, and what their screens show beside them: the provider's
// brand name and the product categories the pickers offer.
import type { PageInfo } from '../../components/pager'
import type { ListQuery } from '../../components/use-list-params'
import { api } from '../../lib/api-client'
import type { TreeNode } from '../../lib/category-tree'

export type Pricing = 'Fixed' | 'Range'

export interface CategoryRef {
  id: number
  name: string
}

export interface Product {
  id: number
  name: string
  description: string
  pricing: Pricing
  price: number | null
  minPrice: number | null
  maxPrice: number | null
  productCategories: CategoryRef[]
  serviceProviderId: number
  serviceProviderBrandName: string
  estimatedDeliveryDays: number
  enabled: boolean
  rating: number
  noOfRatings: number
  previewImageId: number | null
}

/** The fields both forms share; the price fields present are those of the pricing type. */
export interface ProductFields {
  name: string
  description: string
  pricing: Pricing
  price?: number | null
  minPrice?: number | null
  maxPrice?: number | null
  productCategoryIds: number[]
  estimatedDeliveryDays: number
  enabled: boolean
}

export type NewProductFields = ProductFields & { serviceProviderId: number }
export type ProductUpdateFields = ProductFields & { rating: number; noOfRatings: number }

export interface ProductImage {
  id: number
  productId: number
  imageName: string
  imageDescription: string | null
  enabled: boolean
  isPreview: boolean
}

export interface ProductImageFields {
  imageName: string
  imageDescription?: string | null
  enabled: boolean
}

/** The add form's body: the cropped PNG as base64, without the `data:` prefix. */
export type NewProductImageFields = ProductImageFields & { image: string }

export interface ProductQuery {
  categoryId?: number
  name?: string
  enabled?: boolean
  minPrice?: number
  maxPrice?: number
}

export interface Page<T> {
  data: T[]
  pagination: PageInfo
}

const DROPDOWN_PAGE_SIZE = 3000
const base = '/products'
const imagesOf = (productId: number) => `${base}/${productId}/images`

export const productImagePaths = {
  /** The image itself, for a details screen. */
  file: (productId: number, imageId: number) => `${imagesOf(productId)}/${imageId}/image-file`,
  /** At most 480 px wide: what cards show. */
  thumbnail: (productId: number, imageId: number) =>
    `${imagesOf(productId)}/${imageId}/image-file?size=thumb`,
}

export const productsApi = {
  list: (query: ProductQuery & ListQuery) => api.get<Page<Product>>(base, { ...query }),
  listOfProvider: (providerId: number, query: ListQuery) =>
    api.get<Page<Product>>(`/service-providers/${providerId}/products`, { ...query }),
  get: (id: number) => api.get<Product>(`${base}/${id}`),
  /** For the edit screen: the product and the ETag its save sends back. */
  getVersioned: (id: number) => api.getVersioned<Product>(`${base}/${id}`),
  create: (fields: NewProductFields) => api.post<{ id: number }>(base, fields),
  update: (id: number, fields: ProductUpdateFields, etag: string | null) =>
    api.put(`${base}/${id}`, fields, etag),
  /** The provider a product list belongs to, for its brand name. */
  provider: (id: number) => api.get<{ id: number; brandName: string }>(`/service-providers/${id}`),
  /** Every product category, for the category filter and chips (one request of up to 3000). */
  categories: async (): Promise<TreeNode[]> => {
    const page = await api.get<{ data: Array<CategoryRef & { parentCategoryId: number | null }> }>(
      '/product-categories',
      { page: 1, pageSize: DROPDOWN_PAGE_SIZE },
    )
    return page.data.map((c) => ({ id: c.id, name: c.name, parent: c.parentCategoryId }))
  },
}

export const productImagesApi = {
  list: (productId: number, query: ListQuery) =>
    api.get<Page<ProductImage>>(imagesOf(productId), { ...query }),
  get: (productId: number, imageId: number) =>
    api.get<ProductImage>(`${imagesOf(productId)}/${imageId}`),
  /** For the edit screen: the image's fields and the ETag its save sends back. */
  getVersioned: (productId: number, imageId: number) =>
    api.getVersioned<ProductImage>(`${imagesOf(productId)}/${imageId}`),
  create: (productId: number, fields: NewProductImageFields) =>
    api.post<{ id: number; productId: number }>(imagesOf(productId), fields),
  update: (productId: number, imageId: number, fields: ProductImageFields, etag: string | null) =>
    api.put(`${imagesOf(productId)}/${imageId}`, fields, etag),
  remove: (productId: number, imageId: number) => api.delete(`${imagesOf(productId)}/${imageId}`),
  makePreview: (productId: number, imageId: number) =>
    api.post(`${imagesOf(productId)}/${imageId}/make-preview-image`),
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
  noImages: 'Nothing to see here.',
} as const
