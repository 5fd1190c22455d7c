// The product's entities, one line each: app.ts registers each one's own routes and hands the list
// to the generic plugins (lists, delete, bulk, history), and SQLite's read workers read the
// lists of those that read there (./read-worker-pages.ts).
import { productCategoryEntity, serviceProviderCategoryEntity } from './categories/category-entity'
import type { Entity } from './entity'
import { productEntity } from './products/product-entity'
import { providerEntity } from './service-providers/provider-entity'

export const ENTITIES: readonly Entity[] = [
  serviceProviderCategoryEntity,
  productCategoryEntity,
  providerEntity,
  productEntity,
]
