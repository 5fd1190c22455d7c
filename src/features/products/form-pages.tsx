export {
  ProductCreatePage as ServiceProviderProductCreatePage,
  ProductEditPage,
} from './product-form-pages'
export { ProductImageCreatePage, ProductImageEditPage } from './product-image-form-pages'
