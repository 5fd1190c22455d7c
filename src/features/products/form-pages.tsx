// Route entry points of the product forms. The image forms have their own (image-form-pages):
// only they need the cropper.
export {
  ProductCreatePage as ServiceProviderProductCreatePage,
  ProductEditPage,
} from './product-form-pages'
