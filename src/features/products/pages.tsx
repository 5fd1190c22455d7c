// Route entry points of the product and product image screens that need no form library
// (forms are in form-pages, so RJSF loads only with a form).
export { ProductDetailPage } from './product-detail-page'
export { ProductImageDetailPage } from './product-image-detail-page'
export { ProductImageListPage } from './product-image-list-page'
export { ProductListPage } from './product-list-page'
export { ProviderProductsPage as ServiceProviderProductsPage } from './provider-products-page'
