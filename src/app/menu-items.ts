// The side menu exactly as the spec's table lists it, with Dashboard on top; below it, the team
// and the operator's own account (contract: Operators for administrators, Account for everyone).
// A link a role cannot use is not shown.
import {
  FolderPlus,
  FolderTree,
  LayoutDashboard,
  type LucideIcon,
  Package,
  ShieldCheck,
  Tags,
  UserCog,
  UserPlus,
  Users,
} from 'lucide-react'
import type { Right } from '../lib/rights'
import { paths } from './paths'

export interface MenuLink {
  label: string
  path: string
  icon: LucideIcon
  /** The right its screen needs; shown only to roles that have it. */
  right?: Right
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
        right: 'write',
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
      {
        label: 'Create Service Provider',
        path: paths.serviceProviders.create,
        icon: UserPlus,
        right: 'write',
      },
      { label: 'Service Providers', path: paths.serviceProviders.list, icon: Users },
    ],
  },
  {
    title: 'Product Category Management',
    links: [
      {
        label: 'Create Product Category',
        path: paths.productCategories.create,
        icon: FolderPlus,
        right: 'write',
      },
      { label: 'Product Categories', path: paths.productCategories.list, icon: FolderTree },
    ],
  },
  {
    title: 'Product Management',
    links: [{ label: 'Products', path: paths.products.list, icon: Package }],
  },
]

/** Its own navigation under the main menu, which stays the spec's table. */
export const teamGroups: MenuGroup[] = [
  {
    title: 'Team',
    links: [
      { label: 'Operators', path: paths.operators, icon: ShieldCheck, right: 'operators' },
      { label: 'Account', path: paths.profile, icon: UserCog, right: 'account' },
    ],
  },
]

/** The groups with only the links `allowed` lets through; a group left empty goes. */
export function visibleGroups(groups: MenuGroup[], allowed: (right: Right) => boolean) {
  return groups
    .map((group) => ({
      ...group,
      links: group.links.filter((link) => !link.right || allowed(link.right)),
    }))
    .filter((group) => group.links.length > 0)
}

/**
 * The link of the section a page below a list belongs to (a detail or edit screen: '/products/5'
 * → '/products'): the longest link path the page's path extends. None for a link's own page.
 */
export function sectionMenuPath(current: string): string | null {
  const links = [...menuGroups, ...teamGroups].flatMap((group) =>
    group.links.map((link) => link.path),
  )
  if (links.includes(current)) return null
  const parents = links.filter((path) => current.startsWith(`${path}/`))
  return parents.sort((a, b) => b.length - a.length)[0] ?? null
}

/** The path a link must equal to be active: '/' counts as '/dashboard', a trailing slash is ignored. */
export function activeMenuPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return trimmed === paths.root ? paths.dashboard : trimmed
}
