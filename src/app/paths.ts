// Every route pattern is written once here; links and redirects build URLs with `paths`.
import { generatePath } from 'react-router-dom'

export type Id = number | string

export const patterns = {
  root: '/',
  login: '/login',
  invite: '/invite',
  picker: '/picker',
  notFound: '/not-found',
  dashboard: '/dashboard',
  analytics: '/analytics',
  projects: '/projects',
  tasks: '/tasks',
  /** The spec's sample Team Members page; it now leads to Operators. */
  team: '/team',
  operators: '/operators',
  settings: '/settings',
  /** The spec's sample Profile page, now the operator's Account page. */
  profile: '/profile',
  serviceProviderCategories: {
    list: '/service-provider-categories',
    trash: '/service-provider-categories/trash',
    create: '/service-provider-categories/new',
    detail: '/service-provider-categories/:id',
    edit: '/service-provider-categories/:id/edit',
  },
  serviceProviders: {
    list: '/service-providers',
    trash: '/service-providers/trash',
    create: '/service-providers/new',
    detail: '/service-providers/:id',
    edit: '/service-providers/:id/edit',
    products: '/service-providers/:id/products',
    createProduct: '/service-providers/:id/products/new',
  },
  productCategories: {
    list: '/product-categories',
    trash: '/product-categories/trash',
    create: '/product-categories/new',
    detail: '/product-categories/:id',
    edit: '/product-categories/:id/edit',
  },
  products: {
    list: '/products',
    trash: '/products/trash',
    detail: '/products/:id',
    edit: '/products/:id/edit',
    images: '/products/:id/images',
    createImage: '/products/:id/images/new',
    image: '/products/:productId/images/:imageId',
    editImage: '/products/:productId/images/:imageId/edit',
  },
} as const

const withId = (pattern: string) => (id: Id) => generatePath(pattern, { id: String(id) })
const withImage = (pattern: string) => (productId: Id, imageId: Id) =>
  generatePath(pattern, { productId: String(productId), imageId: String(imageId) })

const spc = patterns.serviceProviderCategories
const sp = patterns.serviceProviders
const pc = patterns.productCategories
const p = patterns.products

export const paths = {
  root: patterns.root,
  login: patterns.login,
  invite: patterns.invite,
  picker: patterns.picker,
  notFound: patterns.notFound,
  dashboard: patterns.dashboard,
  analytics: patterns.analytics,
  projects: patterns.projects,
  tasks: patterns.tasks,
  team: patterns.team,
  operators: patterns.operators,
  settings: patterns.settings,
  profile: patterns.profile,
  serviceProviderCategories: {
    list: spc.list,
    trash: spc.trash,
    create: spc.create,
    detail: withId(spc.detail),
    edit: withId(spc.edit),
  },
  serviceProviders: {
    list: sp.list,
    trash: sp.trash,
    create: sp.create,
    detail: withId(sp.detail),
    edit: withId(sp.edit),
    products: withId(sp.products),
    createProduct: withId(sp.createProduct),
  },
  productCategories: {
    list: pc.list,
    trash: pc.trash,
    create: pc.create,
    detail: withId(pc.detail),
    edit: withId(pc.edit),
  },
  products: {
    list: p.list,
    trash: p.trash,
    detail: withId(p.detail),
    edit: withId(p.edit),
    images: withId(p.images),
    createImage: withId(p.createImage),
    image: withImage(p.image),
    editImage: withImage(p.editImage),
  },
} as const

/** A route's `:id` as a number, or NaN when it is not one (its screen is then /not-found). */
export function routeId(raw: string | undefined): number {
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
}
