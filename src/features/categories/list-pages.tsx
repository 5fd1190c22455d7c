// Route entry points of both category hierarchies' lists (the record screens are in
// detail-pages, the forms in form-pages: each route downloads only its own screens).
import { productCategoryKind, serviceProviderCategoryKind } from './category-kinds'
import { CategoryListPage } from './category-list-page'

export const ServiceProviderCategoryListPage = () => (
  <CategoryListPage kind={serviceProviderCategoryKind} />
)
export const ProductCategoryListPage = () => <CategoryListPage kind={productCategoryKind} />
