// The entity screens of spec §2 "Protected routes" and each list's trash; each page loads
// lazily. The screens that change a record need the `write` right; a role without it sees why
// (RequireRight). A viewer may open a trash: it shows no controls to that role.
import type { RouteObject } from 'react-router-dom'
import { lazyPage } from './lazy-page'
import { patterns } from './paths'
import { RequireRight } from './require-right'

const categoryPages = () => import('../features/categories/pages')
const categoryForms = () => import('../features/categories/form-pages')
const spPages = () => import('../features/service-providers/pages')
const spForms = () => import('../features/service-providers/form-pages')
const productPages = () => import('../features/products/pages')
const productForms = () => import('../features/products/form-pages')
const imageForms = () => import('../features/products/image-form-pages')
// The trash pages load on their own: a list does not download them.
const categoryTrash = () => import('../features/categories/trash-pages')
const spTrash = () => import('../features/service-providers/trash-page')
const productTrash = () => import('../features/products/trash-page')

const spc = patterns.serviceProviderCategories
const sp = patterns.serviceProviders
const pc = patterns.productCategories
const p = patterns.products

const readScreens: RouteObject[] = [
  { path: spc.list, ...lazyPage(categoryPages, 'ServiceProviderCategoryListPage') },
  { path: spc.trash, ...lazyPage(categoryTrash, 'ServiceProviderCategoryTrashPage') },
  { path: spc.detail, ...lazyPage(categoryPages, 'ServiceProviderCategoryDetailPage') },
  { path: sp.list, ...lazyPage(spPages, 'ServiceProviderListPage') },
  { path: sp.trash, ...lazyPage(spTrash, 'ServiceProviderTrashPage') },
  { path: sp.detail, ...lazyPage(spPages, 'ServiceProviderDetailPage') },
  { path: sp.products, ...lazyPage(productPages, 'ServiceProviderProductsPage') },
  { path: pc.list, ...lazyPage(categoryPages, 'ProductCategoryListPage') },
  { path: pc.trash, ...lazyPage(categoryTrash, 'ProductCategoryTrashPage') },
  { path: pc.detail, ...lazyPage(categoryPages, 'ProductCategoryDetailPage') },
  { path: p.list, ...lazyPage(productPages, 'ProductListPage') },
  { path: p.trash, ...lazyPage(productTrash, 'ProductTrashPage') },
  { path: p.detail, ...lazyPage(productPages, 'ProductDetailPage') },
  { path: p.images, ...lazyPage(productPages, 'ProductImageListPage') },
  { path: p.image, ...lazyPage(productPages, 'ProductImageDetailPage') },
]

const writeScreens: RouteObject[] = [
  { path: spc.create, ...lazyPage(categoryForms, 'ServiceProviderCategoryCreatePage') },
  { path: spc.edit, ...lazyPage(categoryForms, 'ServiceProviderCategoryEditPage') },
  { path: sp.create, ...lazyPage(spForms, 'ServiceProviderCreatePage') },
  { path: sp.edit, ...lazyPage(spForms, 'ServiceProviderEditPage') },
  { path: sp.createProduct, ...lazyPage(productForms, 'ServiceProviderProductCreatePage') },
  { path: pc.create, ...lazyPage(categoryForms, 'ProductCategoryCreatePage') },
  { path: pc.edit, ...lazyPage(categoryForms, 'ProductCategoryEditPage') },
  { path: p.edit, ...lazyPage(productForms, 'ProductEditPage') },
  { path: p.createImage, ...lazyPage(imageForms, 'ProductImageCreatePage') },
  { path: p.editImage, ...lazyPage(imageForms, 'ProductImageEditPage') },
]

export const entityRoutes: RouteObject[] = [
  ...readScreens,
  { element: <RequireRight right="write" />, children: writeScreens },
]
