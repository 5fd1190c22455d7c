// Both category hierarchies as entities (../entity.ts): one descriptor per kind
// (./category-kinds.ts), the same queries, rules and routes over different tables.
import type { Entity } from '../entity'
import { nullableIdParam, pageParams, querySchema, textParam } from '../lib/query-schema'
import { nullableIdFilter, type RawQuery, textFilter } from '../lists/list-params'
import { categorySorts, sortParams } from '../lists/sorts'
import { categoryTrash, deleteCategory } from './category-delete'
import { categoryColumns } from './category-export'
import { categoryImport } from './category-import'
import {
  type CategoryJson,
  type CategoryKind,
  productCategories,
  serviceProviderCategories,
} from './category-kinds'
import {
  type CategoryFilter,
  categoryList,
  type ExportedCategory,
  exportedCategoryList,
  findCategoryJson,
} from './category-queries'
import { categoryUpdate, registerCategoryRoutes } from './category-routes'
import { categoryEntitySearch } from './category-search'

function categoryEntity(
  kind: CategoryKind,
): Entity<CategoryFilter, CategoryJson, ExportedCategory> {
  return {
    collection: kind.path,
    table: kind.table,
    schemaId: kind.schemaId,
    notFound: kind.notFound,
    nameColumns: ['name'],
    list: {
      source: categoryList(kind),
      params: categoryListQuery(kind),
      filter: (query) => categoryFilter(kind, query),
      sorts: categorySorts,
      defaultSort: 'name',
      // Forms and filters read whole pages of categories far more often than they change.
      cacheBodies: true,
    },
    find: (db, id) => findCategoryJson(db, kind, id),
    remove: (trx, id) => deleteCategory(trx, kind.table, id),
    canBeHeld: true,
    trash: categoryTrash(kind.table, kind.schemaId),
    export: {
      file: kind.path.replace('/api/', ''),
      columns: categoryColumns(kind),
      source: exportedCategoryList(kind),
    },
    update: categoryUpdate(kind),
    import: categoryImport(kind),
    search: categoryEntitySearch(kind.table),
    routes: (app, db) => registerCategoryRoutes(app, db, kind),
  }
}

export const serviceProviderCategoryEntity = categoryEntity(serviceProviderCategories)
export const productCategoryEntity = categoryEntity(productCategories)

/** GET of a category list: its parameters, in the order their errors are reported. */
export function categoryListQuery(kind: CategoryKind) {
  return querySchema({
    ...pageParams,
    ...sortParams(categorySorts),
    name: textParam,
    ...(kind.extraTextFilters.includes('description') ? { description: textParam } : {}),
    [kind.parentField]: nullableIdParam,
  })
}

/** The list's filters from its query (checked beforehand by categoryListQuery). */
export function categoryFilter(kind: CategoryKind, query: RawQuery): CategoryFilter {
  return {
    name: textFilter(query, 'name'),
    description: kind.extraTextFilters.includes('description')
      ? textFilter(query, 'description')
      : undefined,
    parentId: nullableIdFilter(query, kind.parentField),
  }
}
