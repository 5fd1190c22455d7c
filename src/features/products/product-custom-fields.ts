// The custom fields of products and product images (what their schemas declare beyond the
// fields their pages show, see forms/custom-fields.ts) and their fields' titles
// (forms/field-titles.ts).
import productDoc from '../../../schemas/product.json'
import productUi from '../../../schemas/product.ui.json'
import imageDoc from '../../../schemas/product-image.json'
import imageUi from '../../../schemas/product-image.ui.json'
import { SHIPPED_TITLES } from '../../../types/shipped-titles'
import { customFields } from '../../forms/custom-fields'
import { fieldTitles } from '../../forms/field-titles'

const shippedProduct = SHIPPED_TITLES.product
const shippedImage = SHIPPED_TITLES['product-image']

export const productCustomFields = customFields(productDoc, productUi, Object.keys(shippedProduct))

/** A product's fields; `productCategories` is how records and history name the categories. */
export const productTitles = fieldTitles(productDoc, productUi, shippedProduct, {
  productCategories: 'productCategoryIds',
})

export const productImageCustomFields = customFields(imageDoc, imageUi, Object.keys(shippedImage))

export const productImageTitles = fieldTitles(imageDoc, imageUi, shippedImage)
