// Route entry points of both category hierarchies' record screens (the lists are in list-pages,
// the forms in form-pages: each route downloads only its own screens).
import { CategoryDetailPage } from './category-detail-page'
import { productCategoryKind, serviceProviderCategoryKind } from './category-kinds'

export const ServiceProviderCategoryDetailPage = () => (
  <CategoryDetailPage kind={serviceProviderCategoryKind} />
)
export const ProductCategoryDetailPage = () => <CategoryDetailPage kind={productCategoryKind} />
