// Every category of one hierarchy, for pickers and filters (one request of up to 3000, spec §9).
// Categories, providers and products all offer these choices; they share one query per
// hierarchy, so a category written anywhere refreshes every picker.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import type { TreeNode } from './category-tree'
import { pathKey } from './query-client'

export const DROPDOWN_PAGE_SIZE = 3000

type Raw = Record<string, unknown> & { id: number; name: string }

/** `parentField` names the API's parent field: `parentId` or `parentCategoryId`. */
export function categoryChoicesQuery(apiPath: string, parentField: string, errorText: string) {
  return queryOptions({
    queryKey: [...pathKey(apiPath), 'choices'],
    queryFn: async (): Promise<TreeNode[]> => {
      const page = await api.get<{ data: Raw[] }>(apiPath, {
        page: 1,
        pageSize: DROPDOWN_PAGE_SIZE,
      })
      return page.data.map((raw) => ({
        id: raw.id,
        name: raw.name,
        parent: (raw[parentField] as number | null | undefined) ?? null,
      }))
    },
    meta: { errorText },
    // The same list serves every picker of the session; writes to the hierarchy refresh it.
    staleTime: 60_000,
  })
}

const none: TreeNode[] = []

/** The choices, empty until loaded (and when the load failed: its toast says so). */
export function useCategoryChoices(query: ReturnType<typeof categoryChoicesQuery>): TreeNode[] {
  return useQuery(query).data ?? none
}
