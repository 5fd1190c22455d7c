// Service providers as an entity (../entity.ts): what the generic plugins need to list, export,
// read, delete, bulk-change and show the history of providers. Its own routes add create,
// update, the photo and logo, and the public info.
import type { Entity } from '../entity'
import { providerSorts } from '../lists/sorts'
import { deleteServiceProvider, providerTrash } from './provider-delete'
import { providerColumns } from './provider-export'
import { registerProviderImageRoutes } from './provider-image-routes'
import { providerImport } from './provider-import'
import { findProvider, type Provider, type ProviderFilter, providerList } from './provider-queries'
import { BASE_PATH, NOT_FOUND, providerFilter, providerListQuery } from './provider-request'
import { providerUpdate, registerServiceProviderRoutes } from './provider-routes'
import { providerSearch } from './provider-search'
import { registerPublicInfoRoutes } from './public-info-routes'

export const providerEntity: Entity<ProviderFilter, Provider> = {
  collection: BASE_PATH,
  table: 'serviceProviders',
  schemaId: 'service-provider',
  notFound: NOT_FOUND,
  // As the provider's page is headed: the person's name.
  nameColumns: ['firstName', 'lastName'],
  list: {
    source: providerList,
    params: providerListQuery,
    filter: providerFilter,
    sorts: providerSorts,
    defaultSort: 'newest',
  },
  find: findProvider,
  remove: deleteServiceProvider,
  trash: providerTrash,
  canBeHeld: true,
  enabling: true,
  update: providerUpdate,
  export: { file: 'service-providers', columns: providerColumns },
  import: providerImport,
  search: providerSearch,
  routes: (app, db) => {
    registerServiceProviderRoutes(app, db)
    registerPublicInfoRoutes(app, db)
    registerProviderImageRoutes(app, db)
  },
}
