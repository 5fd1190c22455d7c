// Calls for either category hierarchy, with the parent field normalised to `parent`.

import type { PageInfo } from '../../components/pager'
import type { ListQuery } from '../../components/use-list-params'
import { api, type Versioned } from '../../lib/api-client'
import type { TreeNode } from '../../lib/category-tree'
import type { CategoryKind } from './category-kinds'

export interface Category {
  id: number
  name: string
  description: string
  parent: number | null
}

export interface CategoryQuery {
  name?: string
  /** null: top-level only; undefined: any parent. */
  parent?: number | null
}

export interface CategoryPage {
  data: Category[]
  pagination: PageInfo
}

export type CategoryFields = { name: string; description: string } & Record<string, unknown>

/** Parent dropdowns load up to this many categories at once (spec §9). */
export const DROPDOWN_PAGE_SIZE = 3000

type Raw = Record<string, unknown> & { id: number; name: string; description: string }

export function categoriesApi(kind: CategoryKind) {
  const toCategory = (raw: Raw): Category => ({
    id: raw.id,
    name: raw.name,
    description: raw.description,
    parent: (raw[kind.parentField] as number | null | undefined) ?? null,
  })
  return {
    list: async (query: CategoryQuery & ListQuery): Promise<CategoryPage> => {
      const page = await api.get<{ data: Raw[]; pagination: CategoryPage['pagination'] }>(
        kind.apiPath,
        {
          name: query.name,
          [kind.parentField]: query.parent,
          page: query.page,
          pageSize: query.pageSize,
          sort: query.sort,
          order: query.order,
        },
      )
      return { data: page.data.map(toCategory), pagination: page.pagination }
    },
    /** Every category, for pickers (one request of up to 3000). */
    all: async (): Promise<TreeNode[]> => {
      const page = await api.get<{ data: Raw[] }>(kind.apiPath, {
        page: 1,
        pageSize: DROPDOWN_PAGE_SIZE,
      })
      return page.data.map(toCategory)
    },
    get: async (id: number) => toCategory(await api.get<Raw>(`${kind.apiPath}/${id}`)),
    /** For the edit screen: the category and the ETag its save sends back. */
    getVersioned: async (id: number): Promise<Versioned<Category>> => {
      const { data, etag } = await api.getVersioned<Raw>(`${kind.apiPath}/${id}`)
      return { data: toCategory(data), etag }
    },
    create: (fields: CategoryFields) => api.post<{ id: number }>(kind.apiPath, fields),
    update: (id: number, fields: CategoryFields, etag: string | null) =>
      api.put<Raw>(`${kind.apiPath}/${id}`, fields, etag),
  }
}
