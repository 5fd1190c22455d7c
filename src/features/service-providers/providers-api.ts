// Reads and writes of service providers, their photos and the categories they are filed under.

import { mutationOptions } from '@tanstack/react-query'
import type {
  FromRecord,
  ServiceProvider,
  ServiceProviderCreateBody,
  ServiceProviderUpdateBody,
} from '../../../types/records'
import { paths } from '../../app/paths'
import type { BulkTarget } from '../../components/bulk-selection'
import type { TrashTarget } from '../../components/trash-target'
import type { ListQuery } from '../../components/use-list-params'
import { api } from '../../lib/api-client'
import type { CategorySource } from '../../lib/category-search'
import { forgets, invalidates, listQuery, pathKey, recordQuery } from '../../lib/query-client'

export type { CategoryRef, ServiceProvider } from '../../../types/records'

/** The create body. */
export type ProviderFields = ServiceProviderCreateBody
/** The update body, as the edit form and Disable build it from the stored provider. */
export type ProviderUpdateFields = FromRecord<ServiceProviderUpdateBody, ServiceProvider>

export interface ProviderQuery {
  email?: string
  brandName?: string
  /** Part of "First Last". */
  personName?: string
  /** Part of the phone number, in any spelling (+234 803…, 0803…). */
  phone?: string
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
  // Delete, Disable instead and photo removal are beyond the spec (issue 14), in its style.
  deleted: 'Service provider deleted successfully!',
  deleteFailed: 'Error while deleting service provider',
  disabled: 'Service provider disabled successfully!',
  photoRemoved: 'Passport photo removed successfully!',
  logoRemoved: 'Brand logo removed successfully!',
  imageRemoveFailed: 'Error while removing image',
  // Beside the list's Phone Number filter (issue 31), which the server refuses otherwise.
  phoneFilterInvalid: 'Type digits; spaces and + ( ) - . / may go between them.',
} as const

/** The PUT body that changes nothing but `enabled` (custom fields kept as they are). */
export function providerFieldsOf(
  provider: ServiceProvider,
  enabled: boolean,
): ProviderUpdateFields {
  const {
    id: _,
    email: __,
    serviceProviderCategories,
    hasPassportPhoto: ___,
    hasBrandLogo: ____,
    ...rest
  } = provider
  return {
    ...rest,
    serviceProviderCategoryIds: serviceProviderCategories.map((category) => category.id),
    enabled,
  }
}

// A provider's writes change its lists and record, and the brand name its products show.
const afterWrite = invalidates(pathKey(base), pathKey('/products'))

/** Deleted providers (their trash page, Undo after a delete), named as their cards name them. */
export const providerTrash: TrashTarget = {
  path: base,
  one: 'service provider',
  many: 'service providers',
  refreshes: ['/products'],
  title: 'Service Providers',
  list: paths.serviceProviders.list,
  name: ({ firstName, lastName, brandName }) => `${firstName} ${lastName} (${brandName})`,
}

/** Bulk actions on service providers. */
export const providerBulk: BulkTarget = {
  path: base,
  one: 'service provider',
  many: 'service providers',
  actions: ['enable', 'disable', 'delete'],
  refreshes: [base, '/products'],
  trash: providerTrash,
}

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
    mutationFn: (change: { id: number; fields: ProviderUpdateFields; etag: string | null }) =>
      api.put<ServiceProvider>(`${base}/${change.id}`, change.fields, change.etag),
    onSuccess: afterWrite,
  }),
  uploadPassportPhoto: mutationOptions({
    mutationFn: ({ id, dataUrl }: { id: number; dataUrl: string }) =>
      api.post(providerImagePaths.passportPhoto(id), { passportPhoto: dataUrl }),
    onSuccess: invalidates(pathKey(base)),
  }),
  /** Refused (409) while the provider has products. */
  remove: mutationOptions({
    mutationFn: (id: number) => api.delete(`${base}/${id}`),
    onSuccess: forgets((id) => `${base}/${id}`, pathKey(base), pathKey('/products')),
  }),
  removePassportPhoto: mutationOptions({
    mutationFn: (id: number) => api.delete(providerImagePaths.passportPhoto(id)),
    onSuccess: invalidates(pathKey(base)),
  }),
  removeBrandLogo: mutationOptions({
    mutationFn: (id: number) => api.delete(providerImagePaths.brandLogo(id)),
    onSuccess: invalidates(pathKey(base)),
  }),
  uploadBrandLogo: mutationOptions({
    mutationFn: ({ id, dataUrl }: { id: number; dataUrl: string }) =>
      api.post(providerImagePaths.brandLogo(id), { brandLogo: dataUrl }),
    onSuccess: invalidates(pathKey(base)),
  }),
}
