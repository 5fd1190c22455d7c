// The custom fields of products and product images: what their schemas declare beyond the
// fields their pages show (see forms/custom-fields.ts).
import productDoc from '../../../schemas/product.json'
import productUi from '../../../schemas/product.ui.json'
import imageDoc from '../../../schemas/product-image.json'
import imageUi from '../../../schemas/product-image.ui.json'
import { customFields } from '../../forms/custom-fields'

export const productCustomFields = customFields(productDoc, productUi, [
  'name',
  'description',
  'estimatedDeliveryDays',
  'pricing',
  'price',
  'minPrice',
  'maxPrice',
  'productCategoryIds',
  'enabled',
  'rating',
  'noOfRatings',
  'serviceProviderId',
])

export const productImageCustomFields = customFields(imageDoc, imageUi, [
  'image',
  'imageName',
  'imageDescription',
  'enabled',
])
