// Both category hierarchies, for tests that check every behaviour on each.
import {
  productCategories,
  serviceProviderCategories,
} from '../../../server/categories/category-kinds'

export const CATEGORY_KINDS = [
  { title: 'service-provider categories', kind: serviceProviderCategories },
  { title: 'product categories', kind: productCategories },
]
