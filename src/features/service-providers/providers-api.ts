// Reads and writes of service providers, their photos and the categories they are filed under.
import { mutationOptions } from '@tanstack/react-query'
import type { ListQuery } from '../../components/use-list-params'
import { api } from '../../lib/api-client'
import type { CategorySource } from '../../lib/category-search'
import { invalidates, listQuery, pathKey, recordQuery } from '../../lib/query-client'

export interface CategoryRef {
  id: number
  name: string
}

export interface ServiceProvider {
  id: number
  firstName: string
  lastName: string
  brandName: string
  email: string
  phoneNumber: string
  state: string
  city: string
  addressLine1: string
  addressLine2: string | null
  about: string
  enabled: boolean
  serviceProviderCategories: CategoryRef[]
  hasPassportPhoto: boolean
  hasBrandLogo: boolean
}

export type ProviderFields = Omit<
  ServiceProvider,
  'id' | 'serviceProviderCategories' | 'hasPassportPhoto' | 'hasBrandLogo'
> & { serviceProviderCategoryIds: number[] }

export interface ProviderQuery {
  email?: string
  brandName?: string
  enabled?: boolean
  serviceProviderCategoryId?: number
}

const base = '/service-providers'

export const providerImagePaths = {
  passportPhoto: (id: number) => `${base}/${id}/passport-photo`,
  /** At most 160 px wide (WebP): what avatars show, a few KB instead of megabytes. */
  passportPhotoThumb: (id: number) => `${base}/${id}/passport-photo?size=thumb`,
  brandLogo: (id: number) => `${base}/${id}/brand-logo`,
}

export const PROVIDER_MESSAGES = {
  created: 'Service Provider created successfully!',
  createFailed: 'Failed to create service provider. Please try again.',
  updateFailed: 'Failed to update service provider. Please try again.',
  listFailed: 'Error while loading data',
  loadFailed: 'Error fetching data.',
  categoriesFailed: 'Failed to fetch service provider categories',
} as const

// A provider's writes change its lists and record, and the brand name its products show.
const afterWrite = invalidates(pathKey(base), pathKey('/products'))

export const providersApi = {
  list: (query: ProviderQuery & ListQuery) =>
    listQuery<ServiceProvider>(base, { ...query }, PROVIDER_MESSAGES.listFailed),
  /** The provider with its ETag (the edit screen's save sends it back as If-Match). */
  get: (id: number) =>
    recordQuery<ServiceProvider>(`${base}/${id}`, {
      ids: [id],
      errorText: PROVIDER_MESSAGES.loadFailed,
    }),
  /** Where the category picker and filter search. */
  categories: {
    apiPath: '/service-provider-categories',
    errorText: PROVIDER_MESSAGES.categoriesFailed,
  } satisfies CategorySource,
  create: mutationOptions({
    mutationFn: (fields: ProviderFields) => api.post<{ id: number }>(base, fields),
    onSuccess: afterWrite,
  }),
  update: mutationOptions({
    mutationFn: (change: {
      id: number
      fields: Omit<ProviderFields, 'email'>
      etag: string | null
    }) => api.put<ServiceProvider>(`${base}/${change.id}`, change.fields, change.etag),
    onSuccess: afterWrite,
  }),
  uploadPassportPhoto: mutationOptions({
    mutationFn: ({ id, dataUrl }: { id: number; dataUrl: string }) =>
      api.post(providerImagePaths.passportPhoto(id), { passportPhoto: dataUrl }),
    onSuccess: invalidates(pathKey(base)),
  }),
  uploadBrandLogo: mutationOptions({
    mutationFn: ({ id, dataUrl }: { id: number; dataUrl: string }) =>
      api.post(providerImagePaths.brandLogo(id), { brandLogo: dataUrl }),
    onSuccess: invalidates(pathKey(base)),
  }),
}
