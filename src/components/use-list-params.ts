// A list's page, page size and sort kept in the URL query (`?page=2&pageSize=50&sort=price&
// order=desc`), so Back and shared links restore them. A mangled value means the default; a
// default is left out of the URL. Filters live beside them (use-live-filters.ts).
import { useSearchParams } from 'react-router-dom'

export const PAGE_SIZES = [10, 30, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 30

export type Order = 'asc' | 'desc'

export interface SortChoice {
  sort: string
  order: Order
}

/** A sortable field: the order it starts in (the server's usual one) and each order's label. */
export interface SortField {
  order: Order
  asc: string
  desc: string
}

/** A list's sorts, by the field name the API takes. */
export type SortFields = Record<string, SortField>

/** The sorts every list offers, worded once. */
export const NEWEST_SORT: SortField = { order: 'desc', desc: 'Newest first', asc: 'Oldest first' }
export const NAME_SORT: SortField = { order: 'asc', asc: 'Name (A–Z)', desc: 'Name (Z–A)' }

/** The URL parameters that say how a list is shown, not which rows it holds. */
export const LIST_PARAMS = ['page', 'pageSize', 'sort', 'order'] as const

/** Which page of a list, how many rows, in which order: what every list call takes. The list's
 * usual order is not sent, so the spec's own calls stay exactly as they were. */
export interface ListQuery extends Partial<SortChoice> {
  page: number
  pageSize: number
}

export interface ListParams extends SortChoice {
  page: number
  pageSize: number
  /** What the API takes: page, pageSize, sort and order. */
  query: ListQuery
  /** The query as one text: a list reloads when it changes. */
  key: string
  goToPage: (page: number) => void
  setPageSize: (size: number) => void
  /** A field's header or the sort picker: back to page 1. */
  setSort: (choice: SortChoice) => void
}

export function useListParams(fields: SortFields, initial: SortChoice): ListParams {
  const [params, setParams] = useSearchParams()
  const page = positive(params.get('page')) ?? 1
  const size = positive(params.get('pageSize'))
  const pageSize =
    size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE
  const rawSort = params.get('sort') ?? ''
  const sort = Object.hasOwn(fields, rawSort) ? rawSort : initial.sort
  const rawOrder = params.get('order')
  const order: Order =
    rawOrder === 'asc' || rawOrder === 'desc'
      ? rawOrder
      : sort === initial.sort
        ? initial.order
        : fields[sort].order

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name)
      else next.set(name, value)
    }
    setParams(next)
  }
  const usual = sort === initial.sort && order === initial.order
  return {
    page,
    pageSize,
    sort,
    order,
    query: usual ? { page, pageSize } : { page, pageSize, sort, order },
    key: `${page}/${pageSize}/${sort}/${order}`,
    goToPage: (next) => update({ page: String(next) }),
    setPageSize: (next) =>
      update({ page: null, pageSize: next === DEFAULT_PAGE_SIZE ? null : String(next) }),
    setSort: (choice) => {
      const back = choice.sort === initial.sort && choice.order === initial.order
      update({ page: null, sort: back ? null : choice.sort, order: back ? null : choice.order })
    },
  }
}

function positive(raw: string | null): number | undefined {
  const value = Number(raw)
  return raw && Number.isInteger(value) && value > 0 ? value : undefined
}

/** A list under a missing parent answers 404; the parent's own load reports it. */
