// Route entry points of a product's and a product image's record screens (lists are in
// list-pages, forms in form-pages: each route downloads only its own screens).
export { ProductDetailPage } from './product-detail-page'
export { ProductImageDetailPage } from './product-image-detail-page'
