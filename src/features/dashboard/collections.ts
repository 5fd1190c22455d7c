// The collections the dashboard counts, with where their pages are: one entry each.
import { FolderTree, type LucideIcon, Package, Tags, Users } from 'lucide-react'
import { paths } from '../../app/paths'

/** One of the collections the dashboard counts. */
export interface Collection {
  /** Its API path, e.g. `/products`; what live changes and recent changes call it, unslashed. */
  api: string
  icon: LucideIcon
  /** Plural and singular, as the side menu names its list. */
  title: string
  one: string
  list: string
  trash: string
  detail: (id: number) => string
  /** The create page and its name, where records are created on their own (products are
   * created under their provider). */
  create?: { to: string; label: string }
}

export const COLLECTIONS: readonly Collection[] = [
  {
    api: '/service-provider-categories',
    icon: Tags,
    title: 'Service Provider Categories',
    one: 'service provider category',
    list: paths.serviceProviderCategories.list,
    trash: paths.serviceProviderCategories.trash,
    detail: paths.serviceProviderCategories.detail,
    create: {
      to: paths.serviceProviderCategories.create,
      label: 'Create Service Provider Category',
    },
  },
  {
    api: '/service-providers',
    icon: Users,
    title: 'Service Providers',
    one: 'service provider',
    list: paths.serviceProviders.list,
    trash: paths.serviceProviders.trash,
    detail: paths.serviceProviders.detail,
    create: { to: paths.serviceProviders.create, label: 'Create Service Provider' },
  },
  {
    api: '/product-categories',
    icon: FolderTree,
    title: 'Product Categories',
    one: 'product category',
    list: paths.productCategories.list,
    trash: paths.productCategories.trash,
    detail: paths.productCategories.detail,
    create: { to: paths.productCategories.create, label: 'Create Product Category' },
  },
  {
    api: '/products',
    icon: Package,
    title: 'Products',
    one: 'product',
    list: paths.products.list,
    trash: paths.products.trash,
    detail: paths.products.detail,
  },
]

/** The collection a recent change belongs to (`products`), if the dashboard knows it. */
export const collectionOf = (name: string) => COLLECTIONS.find((c) => c.api === `/${name}`)
