// Reads and writes of either category hierarchy, with the parent field normalised to `parent`.
import { mutationOptions } from '@tanstack/react-query'
import type { BulkTarget } from '../../components/bulk-selection'
import type { TrashTarget } from '../../components/trash-target'
import type { ListQuery } from '../../components/use-list-params'
import { customValues } from '../../forms/custom-fields'
import { api } from '../../lib/api-client'
import type { CategorySource } from '../../lib/category-search'
import { forgets, invalidates, listQuery, pathKey, recordQuery } from '../../lib/query-client'
import { categoryCustomFields } from './category-custom-fields'
import { CATEGORY_MESSAGES, type CategoryKind } from './category-kinds'

export interface Category {
  id: number
  name: string
  description: string
  parent: number | null
  /** Custom fields (an analyst's additions to the schema), by name; absent when none. */
  custom?: Record<string, unknown>
}

export interface CategoryQuery {
  name?: string
  /** null: top-level only; undefined: any parent. */
  parent?: number | null
  /** The marked custom fields' filters, by name (components/custom-list-fields.tsx). */
  custom?: Record<string, string>
}

export type CategoryFields = { name: string; description: string } & Record<string, unknown>

type Raw = Record<string, unknown> & { id: number; name: string; description: string }

export function categoriesApi(kind: CategoryKind) {
  const toCategory = (raw: Raw): Category => ({
    id: raw.id,
    name: raw.name,
    description: raw.description,
    parent: (raw[kind.parentField] as number | null | undefined) ?? null,
    custom: customValues(categoryCustomFields(kind), raw),
  })
  const recordPath = (id: number) => `${kind.apiPath}/${id}`
  // A write changes the hierarchy's lists and pickers, and the names the entities filed under it
  // show (a provider's or a product's categories).
  const afterWrite = invalidates(pathKey(kind.apiPath), pathKey(kind.usedBy))
  /** Deleted categories (their trash page, Undo after a delete). */
  const trash: TrashTarget = {
    path: kind.apiPath,
    ...kind.noun,
    refreshes: [kind.usedBy],
    title: kind.titles.list,
    list: kind.routes.list,
    name: (record) => String(record.name),
  }
  return {
    trash,
    /** Bulk Delete (categories have no enabled flag). */
    bulk: {
      path: kind.apiPath,
      one: kind.noun.one,
      many: kind.noun.many,
      actions: ['delete'],
      refreshes: [kind.apiPath, kind.usedBy],
      trash,
    } satisfies BulkTarget,
    /** The list's filters as the API names them. */
    filterQuery: (query: CategoryQuery) => ({
      name: query.name,
      [kind.parentField]: query.parent,
      ...query.custom,
    }),
    list: (query: CategoryQuery & ListQuery) =>
      listQuery<Category, Raw>(
        kind.apiPath,
        {
          name: query.name,
          [kind.parentField]: query.parent,
          ...query.custom,
          page: query.page,
          pageSize: query.pageSize,
          sort: query.sort,
          order: query.order,
        },
        CATEGORY_MESSAGES.listFailed,
        toCategory,
      ),
    /** Where pickers search; `errorText` is the screen's fallback when it fails. */
    source: (errorText: string): CategorySource => ({ apiPath: kind.apiPath, errorText }),
    /** The category with its ETag (the edit screen's save sends it back as If-Match). */
    get: (id: number) =>
      recordQuery<Category, Raw>(recordPath(id), {
        ids: [id],
        errorText: CATEGORY_MESSAGES.loadFailed,
        map: toCategory,
      }),
    create: mutationOptions({
      mutationFn: (fields: CategoryFields) => api.post<{ id: number }>(kind.apiPath, fields),
      onSuccess: afterWrite,
    }),
    update: mutationOptions({
      mutationFn: (change: { id: number; fields: CategoryFields; etag: string | null }) =>
        api.put<Raw>(recordPath(change.id), change.fields, change.etag),
      onSuccess: afterWrite,
    }),
    /** Refused (409) while it has subcategories or is assigned. */
    remove: mutationOptions({
      mutationFn: (id: number) => api.delete(recordPath(id)),
      onSuccess: forgets(recordPath, pathKey(kind.apiPath), pathKey(kind.usedBy)),
    }),
  }
}
