// Route entry points of the product and product image lists (the record screens are in
// detail-pages, the forms in form-pages: each route downloads only its own screens).
export { ProductImageListPage } from './product-image-list-page'
export { ProductListPage } from './product-list-page'
export { ProviderProductsPage as ServiceProviderProductsPage } from './provider-products-page'
