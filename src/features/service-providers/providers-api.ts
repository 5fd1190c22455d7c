// Calls for service providers, their photos and the categories they can be filed under.
import type { PageInfo } from '../../components/pager'
import type { ListQuery } from '../../components/use-list-params'
import { api } from '../../lib/api-client'
import type { TreeNode } from '../../lib/category-tree'

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

export interface ProviderPage {
  data: ServiceProvider[]
  pagination: PageInfo
}

const base = '/service-providers'

export const providerImagePaths = {
  passportPhoto: (id: number) => `${base}/${id}/passport-photo`,
  /** At most 160 px wide (WebP): what avatars show, a few KB instead of megabytes. */
  passportPhotoThumb: (id: number) => `${base}/${id}/passport-photo?size=thumb`,
  brandLogo: (id: number) => `${base}/${id}/brand-logo`,
}

export const providersApi = {
  list: (query: ProviderQuery & ListQuery) => api.get<ProviderPage>(base, { ...query }),
  get: (id: number) => api.get<ServiceProvider>(`${base}/${id}`),
  /** For the edit screen: the provider and the ETag its save sends back. */
  getVersioned: (id: number) => api.getVersioned<ServiceProvider>(`${base}/${id}`),
  create: (fields: ProviderFields) => api.post<{ id: number }>(base, fields),
  update: (id: number, fields: Omit<ProviderFields, 'email'>, etag: string | null) =>
    api.put<ServiceProvider>(`${base}/${id}`, fields, etag),
  uploadPassportPhoto: (id: number, dataUrl: string) =>
    api.post(providerImagePaths.passportPhoto(id), { passportPhoto: dataUrl }),
  uploadBrandLogo: (id: number, dataUrl: string) =>
    api.post(providerImagePaths.brandLogo(id), { brandLogo: dataUrl }),
  /** Every service provider category, for pickers (one request of up to 3000). */
  categories: async (): Promise<TreeNode[]> => {
    const page = await api.get<{ data: Array<CategoryRef & { parentId: number | null }> }>(
      '/service-provider-categories',
      { page: 1, pageSize: 3000 },
    )
    return page.data.map((c) => ({ id: c.id, name: c.name, parent: c.parentId }))
  },
}

export const PROVIDER_MESSAGES = {
  created: 'Service Provider created successfully!',
  createFailed: 'Failed to create service provider. Please try again.',
  updateFailed: 'Failed to update service provider. Please try again.',
  listFailed: 'Error while loading data',
  loadFailed: 'Error fetching data.',
  categoriesFailed: 'Failed to fetch service provider categories',
} as const
