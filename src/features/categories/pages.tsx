// Route entry points of both category hierarchies (list and detail; forms are in form-pages so
// the form library loads only with a form).
import { CategoryDetailPage } from './category-detail-page'
import { productCategoryKind, serviceProviderCategoryKind } from './category-kinds'
import { CategoryListPage } from './category-list-page'

export const ServiceProviderCategoryListPage = () => (
  <CategoryListPage kind={serviceProviderCategoryKind} />
)
export const ServiceProviderCategoryDetailPage = () => (
  <CategoryDetailPage kind={serviceProviderCategoryKind} />
)
export const ProductCategoryListPage = () => <CategoryListPage kind={productCategoryKind} />
export const ProductCategoryDetailPage = () => <CategoryDetailPage kind={productCategoryKind} />
