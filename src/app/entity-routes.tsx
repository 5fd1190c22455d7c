// The entity screens of spec §2 "Protected routes"; each page loads lazily.
import type { RouteObject } from 'react-router-dom'
import { lazyPage } from './lazy-page'
import { patterns } from './paths'

const categoryPages = () => import('../features/categories/pages')
const categoryForms = () => import('../features/categories/form-pages')
const spPages = () => import('../features/service-providers/pages')
const spForms = () => import('../features/service-providers/form-pages')
const productPages = () => import('../features/products/pages')
const productForms = () => import('../features/products/form-pages')
const imageForms = () => import('../features/products/image-form-pages')

const spc = patterns.serviceProviderCategories
const sp = patterns.serviceProviders
const pc = patterns.productCategories
const p = patterns.products

export const entityRoutes: RouteObject[] = [
  { path: spc.list, element: lazyPage(categoryPages, 'ServiceProviderCategoryListPage') },
  { path: spc.create, element: lazyPage(categoryForms, 'ServiceProviderCategoryCreatePage') },
  { path: spc.detail, element: lazyPage(categoryPages, 'ServiceProviderCategoryDetailPage') },
  { path: spc.edit, element: lazyPage(categoryForms, 'ServiceProviderCategoryEditPage') },

  { path: sp.list, element: lazyPage(spPages, 'ServiceProviderListPage') },
  { path: sp.create, element: lazyPage(spForms, 'ServiceProviderCreatePage') },
  { path: sp.detail, element: lazyPage(spPages, 'ServiceProviderDetailPage') },
  { path: sp.edit, element: lazyPage(spForms, 'ServiceProviderEditPage') },
  { path: sp.products, element: lazyPage(productPages, 'ServiceProviderProductsPage') },
  { path: sp.createProduct, element: lazyPage(productForms, 'ServiceProviderProductCreatePage') },

  { path: pc.list, element: lazyPage(categoryPages, 'ProductCategoryListPage') },
  { path: pc.create, element: lazyPage(categoryForms, 'ProductCategoryCreatePage') },
  { path: pc.detail, element: lazyPage(categoryPages, 'ProductCategoryDetailPage') },
  { path: pc.edit, element: lazyPage(categoryForms, 'ProductCategoryEditPage') },

  { path: p.list, element: lazyPage(productPages, 'ProductListPage') },
  { path: p.detail, element: lazyPage(productPages, 'ProductDetailPage') },
  { path: p.edit, element: lazyPage(productForms, 'ProductEditPage') },
  { path: p.images, element: lazyPage(productPages, 'ProductImageListPage') },
  { path: p.createImage, element: lazyPage(imageForms, 'ProductImageCreatePage') },
  { path: p.image, element: lazyPage(productPages, 'ProductImageDetailPage') },
  { path: p.editImage, element: lazyPage(imageForms, 'ProductImageEditPage') },
]
