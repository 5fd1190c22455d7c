// The entity screens of spec §2 "Protected routes" and each list's trash; each page loads
// lazily. The screens that change a record need the `write` right; a role without it sees why
// (RequireRight). A viewer may open a trash: it shows no controls to that role.
import type { RouteObject } from 'react-router-dom'
import { lazyPage } from './lazy-page'
import { patterns } from './paths'
import { rightRoute } from './right-route'

const categoryLists = () => import('../features/categories/list-pages')
const categoryRecords = () => import('../features/categories/detail-pages')
const categoryForms = () => import('../features/categories/form-pages')
const spList = () => import('../features/service-providers/list-pages')
const spRecord = () => import('../features/service-providers/detail-pages')
const spForms = () => import('../features/service-providers/form-pages')
const productLists = () => import('../features/products/list-pages')
const productRecords = () => import('../features/products/detail-pages')
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
  { path: spc.list, ...lazyPage(categoryLists, 'ServiceProviderCategoryListPage') },
  { path: spc.trash, ...lazyPage(categoryTrash, 'ServiceProviderCategoryTrashPage') },
  { path: spc.detail, ...lazyPage(categoryRecords, 'ServiceProviderCategoryDetailPage') },
  { path: sp.list, ...lazyPage(spList, 'ServiceProviderListPage') },
  { path: sp.trash, ...lazyPage(spTrash, 'ServiceProviderTrashPage') },
  { path: sp.detail, ...lazyPage(spRecord, 'ServiceProviderDetailPage') },
  { path: sp.products, ...lazyPage(productLists, 'ServiceProviderProductsPage') },
  { path: pc.list, ...lazyPage(categoryLists, 'ProductCategoryListPage') },
  { path: pc.trash, ...lazyPage(categoryTrash, 'ProductCategoryTrashPage') },
  { path: pc.detail, ...lazyPage(categoryRecords, 'ProductCategoryDetailPage') },
  { path: p.list, ...lazyPage(productLists, 'ProductListPage') },
  { path: p.trash, ...lazyPage(productTrash, 'ProductTrashPage') },
  { path: p.detail, ...lazyPage(productRecords, 'ProductDetailPage') },
  { path: p.images, ...lazyPage(productLists, 'ProductImageListPage') },
  { path: p.image, ...lazyPage(productRecords, 'ProductImageDetailPage') },
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
  { ...rightRoute('write'), children: writeScreens },
]
