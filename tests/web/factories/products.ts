// Product and product image fixtures and an in-memory, read-only product API (lists with their
// filters, a provider's products, details, images and image files), used by the default MSW
// handlers. Tests add the writes they expect with `server.use(...)`.
import { HttpResponse, http } from 'msw'
import type { Product, ProductImage } from '../../../src/features/products/products-api'
import { apiUrl } from '../msw/handlers-support'
import { page } from './categories'

/** A product as the API sends it (GET /products/:id). */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1
  const range = overrides.pricing === 'Range'
  return {
    id,
    name: `Product ${id}`,
    description: `About product ${id}`,
    pricing: 'Fixed',
    price: range ? null : 12500,
    minPrice: range ? 1000 : null,
    maxPrice: range ? 5000 : null,
    productCategories: [],
    serviceProviderId: 9,
    serviceProviderBrandName: 'Sparkle Cleaners',
    estimatedDeliveryDays: 1,
    enabled: true,
    rating: 0,
    noOfRatings: 0,
    previewImageId: null,
    ...overrides,
  }
}

/** An image as the API sends it (GET /products/:id/images/:imageId). */
export function buildProductImage(overrides: Partial<ProductImage> = {}): ProductImage {
  const id = overrides.id ?? 1
  return {
    id,
    productId: 5,
    imageName: `Image ${id}`,
    imageDescription: `About image ${id}`,
    enabled: true,
    isPreview: false,
    ...overrides,
  }
}

/**
 * Sparkle Cleaners (provider 9): Deep Home Clean (5), Fixed ₦12,500.00, rated 4.5 by 12, with
 * preview image 11; Office Cleaning (6), disabled, Range ₦1,000.00 – ₦5,000.00, rated 4.4 by 3,
 * no image. FixIt Repairs (provider 10): Pipe Repair (7), unrated. Provider 11 has none.
 */
export const productFixtures: Product[] = [
  buildProduct({
    id: 5,
    name: 'Deep Home Clean',
    description: 'Every room, top to bottom.',
    productCategories: [
      { id: 1, name: 'Cleaning' },
      { id: 4, name: 'Deep Cleaning' },
    ],
    estimatedDeliveryDays: 2,
    rating: 4.5,
    noOfRatings: 12,
    previewImageId: 11,
  }),
  buildProduct({
    id: 6,
    name: 'Office Cleaning',
    description: 'Desks, floors and windows.',
    pricing: 'Range',
    enabled: false,
    rating: 4.4,
    noOfRatings: 3,
  }),
  buildProduct({
    id: 7,
    name: 'Pipe Repair',
    description: 'Leaks fixed.',
    price: 8000,
    serviceProviderId: 10,
    serviceProviderBrandName: 'FixIt Repairs',
    productCategories: [{ id: 3, name: 'Repairs' }],
  }),
]

/** Product 5's images: Living Room (11), the preview; Kitchen (12), disabled, no description. */
export const productImageFixtures: ProductImage[] = [
  buildProductImage({ id: 11, imageName: 'Living Room', isPreview: true }),
  buildProductImage({ id: 12, imageName: 'Kitchen', imageDescription: null, enabled: false }),
]

/** The providers the product fixtures may belong to (those of factories/providers.ts). */
const PROVIDER_IDS = [9, 10, 11]

const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])
const productNotFound = () => HttpResponse.json({ detail: 'Product not found' }, { status: 404 })
const imageNotFound = () =>
  HttpResponse.json({ detail: 'Product image not found' }, { status: 404 })

/** Products matching the list query, roughly as the server filters them. */
function matching(products: Product[], query: URLSearchParams) {
  const number = (name: string) => (query.has(name) ? Number(query.get(name)) : null)
  const [min, max] = [number('minPrice'), number('maxPrice')]
  const name = query.get('name')?.toLowerCase()
  const enabled = query.get('enabled')
  const category = number('categoryId')
  const preview = query.get('hasPreviewImage')
  return products.filter((p) => {
    const low = (p.pricing === 'Range' ? p.minPrice : p.price) ?? 0
    const high = (p.pricing === 'Range' ? p.maxPrice : p.price) ?? 0
    return (
      (name === undefined || p.name.toLowerCase().includes(name)) &&
      (enabled === null || String(p.enabled) === enabled) &&
      (category === null || p.productCategories.some((c) => c.id === category)) &&
      (min === null || high >= min) &&
      (max === null || low <= max) &&
      (preview === null || String(p.previewImageId !== null) === preview)
    )
  })
}

/** Read-only product API over `products` and `images` (the fixtures above unless given). */
export function productHandlers(
  products: Product[] = productFixtures,
  images: ProductImage[] = productImageFixtures,
) {
  const find = (id: unknown) => products.find((p) => String(p.id) === id)
  const findImage = (productId: unknown, imageId: unknown) =>
    images.find((i) => String(i.productId) === productId && String(i.id) === imageId)
  return [
    http.get(apiUrl('/products'), ({ request }) =>
      HttpResponse.json(page(matching(products, new URL(request.url).searchParams))),
    ),
    http.get(apiUrl('/service-providers/:id/products'), ({ params, request }) => {
      if (!PROVIDER_IDS.some((id) => String(id) === params.id)) {
        return HttpResponse.json({ detail: 'Service provider not found' }, { status: 404 })
      }
      const own = products.filter((p) => String(p.serviceProviderId) === params.id)
      return HttpResponse.json(page(matching(own, new URL(request.url).searchParams)))
    }),
    http.get(apiUrl('/products/:id'), ({ params }) => {
      const product = find(params.id)
      return product ? HttpResponse.json(product) : productNotFound()
    }),
    http.get(apiUrl('/products/:id/images'), ({ params }) =>
      find(params.id)
        ? HttpResponse.json(page(images.filter((i) => String(i.productId) === params.id)))
        : productNotFound(),
    ),
    http.get(apiUrl('/products/:id/images/:imageId'), ({ params }) => {
      const image = findImage(params.id, params.imageId)
      return image ? HttpResponse.json(image) : imageNotFound()
    }),
    http.get(apiUrl('/products/:id/images/:imageId/image-file'), ({ params }) =>
      findImage(params.id, params.imageId)
        ? new HttpResponse(PNG_BYTES, { headers: { 'Content-Type': 'image/png' } })
        : imageNotFound(),
    ),
  ]
}
