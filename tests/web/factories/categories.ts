// Category fixtures and an in-memory API for both hierarchies, used by the default MSW handlers.
import { HttpResponse, http } from 'msw'
import { apiUrl } from '../msw/handlers-support'

export interface CategoryFixture {
  id: number
  name: string
  description: string
  parent: number | null
}

export function buildCategory(overrides: Partial<CategoryFixture> = {}): CategoryFixture {
  const id = overrides.id ?? 1
  return {
    id,
    name: `Category ${id}`,
    description: `About category ${id}`,
    parent: null,
    ...overrides,
  }
}

/** Cleaning (1) › Home Cleaning (2) › Deep Cleaning (4); Repairs (3). */
export const categoryTree: CategoryFixture[] = [
  buildCategory({ id: 1, name: 'Cleaning', description: 'All cleaning services' }),
  buildCategory({ id: 2, name: 'Home Cleaning', description: 'Homes and flats', parent: 1 }),
  buildCategory({ id: 3, name: 'Repairs', description: 'Fixing things' }),
  buildCategory({ id: 4, name: 'Deep Cleaning', description: 'Top to bottom', parent: 2 }),
]

const kinds = [
  { path: '/service-provider-categories', parentField: 'parentId' },
  { path: '/product-categories', parentField: 'parentCategoryId' },
] as const

export function toJson(category: CategoryFixture, parentField: string) {
  const { parent, ...rest } = category
  return { ...rest, [parentField]: parent }
}

export function page<T>(data: T[], page = 1, totalPages = 1) {
  return {
    data,
    pagination: {
      page,
      pageSize: 30,
      total: data.length,
      totalPages,
      hasPrev: page > 1,
      hasNext: page < totalPages,
    },
  }
}

/** A category's ancestors from the top down to itself. */
function lineage(categories: CategoryFixture[], category: CategoryFixture): CategoryFixture[] {
  const parent = categories.find((c) => c.id === category.parent)
  return parent ? [...lineage(categories, parent), category] : [category]
}

/** The pickers' search as the server answers it (server/categories/category-search.ts): by
 * `ids`, or names containing `q` (prefixes first), `exclude` and its subtree left out. */
export function searchCategories(categories: CategoryFixture[], query: URLSearchParams) {
  const ids = query.get('ids')?.split(',').map(Number)
  const text = (query.get('q') ?? '').toLowerCase()
  const exclude = Number(query.get('exclude'))
  const byName = (a: CategoryFixture, b: CategoryFixture) =>
    a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id
  const starts = (c: CategoryFixture) => c.name.toLowerCase().startsWith(text)
  const found = ids
    ? categories.filter((c) => ids.includes(c.id)).sort(byName)
    : [
        ...categories.filter(starts).sort(byName),
        ...categories.filter((c) => !starts(c) && c.name.toLowerCase().includes(text)).sort(byName),
      ]
  return found
    .map((c) => lineage(categories, c))
    .filter((line) => !line.some((c) => c.id === exclude))
    .slice(0, ids ? undefined : Number(query.get('limit') ?? 20))
    .map((line) => ({
      id: line.at(-1)?.id,
      name: line.at(-1)?.name,
      path: line.map((c) => c.name),
    }))
}

/** The list's parent filter as the server reads it: `null` (the text) is top level only. */
function underParent(categories: CategoryFixture[], parent: string | null) {
  if (parent === null) return categories
  return categories.filter((c) => c.parent === (parent === 'null' ? null : Number(parent)))
}

/** Read-only category API over `categories` (the tree above unless given). */
export function categoryHandlers(categories: CategoryFixture[] = categoryTree) {
  return kinds.flatMap(({ path, parentField }) => [
    http.get(apiUrl(path), ({ request }) => {
      const parent = new URL(request.url).searchParams.get(parentField)
      return HttpResponse.json(
        page(underParent(categories, parent).map((c) => toJson(c, parentField))),
      )
    }),
    http.get(apiUrl(`${path}/search`), ({ request }) =>
      HttpResponse.json({ data: searchCategories(categories, new URL(request.url).searchParams) }),
    ),
    http.get(apiUrl(`${path}/:id`), ({ params }) => {
      const found = categories.find((c) => c.id === Number(params.id))
      return found
        ? HttpResponse.json(toJson(found, parentField))
        : HttpResponse.json({ detail: 'Category not found' }, { status: 404 })
    }),
  ])
}
