// The two category hierarchies (service-provider and product categories): the same columns and
// rules, different tables. They differ in their path, table, schema file, the name of the parent
// field in JSON and the filters their lists offer.
import type { EntityName } from '../db/entity-columns'
import type { CategoryTableName } from '../db/types'

export interface CategoryKind {
  path: string
  table: CategoryTableName
  /** The schema file's $id: bodies are checked against `<schemaId>#/definitions/create|update`. */
  schemaId: Extract<EntityName, `${string}category`>
  parentField: 'parentId' | 'parentCategoryId'
  /** Text filters offered by the list besides `name`. */
  extraTextFilters: Array<'description'>
  notFound: string
}

export const serviceProviderCategories: CategoryKind = {
  path: '/api/service-provider-categories',
  table: 'serviceProviderCategories',
  schemaId: 'service-provider-category',
  parentField: 'parentId',
  extraTextFilters: [],
  notFound: 'Service provider category not found',
}

export const productCategories: CategoryKind = {
  path: '/api/product-categories',
  table: 'productCategories',
  schemaId: 'product-category',
  parentField: 'parentCategoryId',
  extraTextFilters: ['description'],
  notFound: 'Product category not found',
}

/** A category as GET shows it (before custom fields): its parent under the kind's name. */
export type CategoryJson = { id: number; name: string; description: string } & Partial<
  Record<CategoryKind['parentField'], number | null>
>

export function categoryJson(
  { parentField }: CategoryKind,
  row: { id: number; name: string; description: string; parentId: number | null },
): CategoryJson {
  return { id: row.id, name: row.name, description: row.description, [parentField]: row.parentId }
}
