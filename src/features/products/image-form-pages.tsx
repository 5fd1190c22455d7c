// Route entry points of the product image forms (add, with the cropper, and edit).
export { ProductImageCreatePage, ProductImageEditPage } from './product-image-form-pages'
