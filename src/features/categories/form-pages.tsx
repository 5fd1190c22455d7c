import { CategoryCreatePage, CategoryEditPage } from './category-form-pages'
import { productCategoryKind, serviceProviderCategoryKind } from './category-kinds'

export const ServiceProviderCategoryCreatePage = () => (
  <CategoryCreatePage kind={serviceProviderCategoryKind} />
)
export const ServiceProviderCategoryEditPage = () => (
  <CategoryEditPage kind={serviceProviderCategoryKind} />
)
export const ProductCategoryCreatePage = () => <CategoryCreatePage kind={productCategoryKind} />
export const ProductCategoryEditPage = () => <CategoryEditPage kind={productCategoryKind} />
