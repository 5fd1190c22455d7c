// The two category hierarchies share their screens; this is everything that differs between
// them: API path, the parent field's name, routes and the spec's texts.
import { paths } from '../../app/paths'

export interface CategoryKind {
  apiPath: string
  parentField: 'parentId' | 'parentCategoryId'
  /** The API path of the entities filed under these categories (they show their names). */
  usedBy: string
  /** The records' name in bulk actions' words ("3 product categories deleted"). */
  noun: { one: string; many: string }
  titles: { list: string; create: string; detail: string; edit: string }
  routes: {
    list: string
    trash: string
    create: string
    detail: (id: number) => string
    edit: (id: number) => string
  }
  /** Labels of the list's parent filter choices "all" and "top level only". */
  parentFilter: { all: string; none: string }
  /** Cards clamp the description to two lines (product categories). */
  clampDescription: boolean
  messages: {
    created: string
    createFailed: string
    parentsFailed: string
    /** Delete is beyond the spec (issue 14); the text follows its style. */
    deleted: string
  }
}

export const serviceProviderCategoryKind: CategoryKind = {
  apiPath: '/service-provider-categories',
  parentField: 'parentId',
  usedBy: '/service-providers',
  noun: { one: 'service provider category', many: 'service provider categories' },
  titles: {
    list: 'Service Provider Categories',
    create: 'Create Service Provider Category',
    detail: 'Service Provider Category',
    edit: 'Edit Service Provider Category',
  },
  routes: paths.serviceProviderCategories,
  parentFilter: { all: 'All', none: 'No parent' },
  clampDescription: false,
  messages: {
    created: 'Service Provider Category created successfully!',
    createFailed: 'Failed to create service provider category. Please try again.',
    parentsFailed: 'Failed to fetch service provider categories',
    deleted: 'Service provider category deleted successfully!',
  },
}

export const productCategoryKind: CategoryKind = {
  apiPath: '/product-categories',
  parentField: 'parentCategoryId',
  usedBy: '/products',
  noun: { one: 'product category', many: 'product categories' },
  titles: {
    list: 'Product Categories',
    create: 'Create Product Category',
    detail: 'Product Category',
    edit: 'Edit Product Category',
  },
  routes: paths.productCategories,
  parentFilter: { all: 'All', none: 'None' },
  clampDescription: true,
  messages: {
    created: 'Product Category created successfully!',
    createFailed: 'Failed to create product category. Please try again.',
    parentsFailed: 'Failed to fetch product categories',
    deleted: 'Product category deleted successfully!',
  },
}

/** Fallbacks shared by both hierarchies when the server sends no detail. */
export const CATEGORY_MESSAGES = {
  listFailed: 'Error loading data',
  loadFailed: 'Error fetching category.',
  updateFailed: 'Error updating category.',
  parentsFailed: 'Failed to fetch parent categories',
  deleteFailed: 'Error while deleting category',
} as const
