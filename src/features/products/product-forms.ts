// The product and product image forms, from schemas/product.json, schemas/product-image.json
// and their ui schemas; validators are precompiled at build time from the same files.
import productCreateFns from 'virtual:form-validator/product.create'
import productUpdateFns from 'virtual:form-validator/product.update'
import imageCreateFns from 'virtual:form-validator/product-image.create'
import imageUpdateFns from 'virtual:form-validator/product-image.update'
import productDoc from '../../../schemas/product.json'
import productUi from '../../../schemas/product.ui.json'
import imageDoc from '../../../schemas/product-image.json'
import imageUi from '../../../schemas/product-image.ui.json'
import { defineForm } from '../../forms/define-form'

export const productForms = {
  create: defineForm(productDoc, productUi, 'create', productCreateFns),
  update: defineForm(productDoc, productUi, 'update', productUpdateFns),
}

export const productImageForms = {
  create: defineForm(imageDoc, imageUi, 'create', imageCreateFns),
  update: defineForm(imageDoc, imageUi, 'update', imageUpdateFns),
}
