// The side menu exactly as the spec's table lists it, with Dashboard on top.
import {
  FolderPlus,
  FolderTree,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Tags,
  UserPlus,
  Users,
} from 'lucide-react'
import { paths } from './paths'

export interface MenuLink {
  label: string
  path: string
  icon: LucideIcon
}

export interface MenuGroup {
  /** null for the ungrouped links above the groups. */
  title: string | null
  links: MenuLink[]
}

export const menuGroups: MenuGroup[] = [
  { title: null, links: [{ label: 'Dashboard', path: paths.dashboard, icon: LayoutDashboard }] },
  {
    title: 'Service Provider Category Management',
    links: [
      {
        label: 'Create Service Provider Category',
        path: paths.serviceProviderCategories.create,
        icon: FolderPlus,
      },
      {
        label: 'Service Provider Categories',
        path: paths.serviceProviderCategories.list,
        icon: Tags,
      },
    ],
  },
  {
    title: 'Service Provider Management',
    links: [
      { label: 'Create Service Provider', path: paths.serviceProviders.create, icon: UserPlus },
      { label: 'Service Providers', path: paths.serviceProviders.list, icon: Users },
    ],
  },
  {
    title: 'Product Category Management',
    links: [
      { label: 'Create Product Category', path: paths.productCategories.create, icon: FolderPlus },
      { label: 'Product Categories', path: paths.productCategories.list, icon: FolderTree },
    ],
  },
  {
    title: 'Product Management',
    links: [{ label: 'Products', path: paths.products.list, icon: Package }],
  },
]

/**
 * The link of the section a page below a list belongs to (a detail or edit screen: '/products/5'
 * → '/products'): the longest link path the page's path extends. None for a link's own page.
 */
export function sectionMenuPath(current: string): string | null {
  const links = menuGroups.flatMap((group) => group.links.map((link) => link.path))
  if (links.includes(current)) return null
  const parents = links.filter((path) => current.startsWith(`${path}/`))
  return parents.sort((a, b) => b.length - a.length)[0] ?? null
}

/** The path a link must equal to be active: '/' counts as '/dashboard', a trailing slash is ignored. */
export function activeMenuPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return trimmed === paths.root ? paths.dashboard : trimmed
}
