// A list screen's results with its controls: the sort picker and the cards / table toggle above,
// the rows in the chosen view, the pager below (ListResults). Each list brings its own cards and
// table; the page, page size and sort live in the URL (useListParams).
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ListResults } from './list-results'
import { ListToolbar, useListView } from './list-toolbar'
import type { PageInfo } from './pager'
import type { ListParams, SortChoice, SortFields } from './use-list-params'

export interface SortProps {
  sort: SortChoice
  onSort: (choice: SortChoice) => void
}

interface PagedListProps<T> {
  /** Names the list for the remembered view, e.g. "products". */
  name: string
  list: UseQueryResult<{ data: T[]; pagination: PageInfo }>
  params: ListParams
  sortFields: SortFields
  failedText: string
  emptyText: ReactNode
  ignoreError?: (error: unknown) => boolean
  cards: (rows: T[]) => ReactNode
  table: (rows: T[], sort: SortProps) => ReactNode
  /** Buttons for the whole list (Export CSV), in the toolbar. */
  actions?: ReactNode
  /** The route of the list's trash: a Trash link in the toolbar. */
  trash?: string
}

export function PagedList<T>(props: PagedListProps<T>) {
  const { name, list, params, sortFields, cards, table, actions, trash, ...texts } = props
  const [view, setView] = useListView(name)
  const sort = { sort: params.sort, order: params.order }
  return (
    <>
      <ListToolbar
        sort={sort}
        sortFields={sortFields}
        onSort={params.setSort}
        view={view}
        onView={setView}
        actions={actions}
        trash={trash}
      />
      <ListResults list={list} onPage={params.goToPage} onPageSize={params.setPageSize} {...texts}>
        {(rows) => (view === 'table' ? table(rows, { sort, onSort: params.setSort }) : cards(rows))}
      </ListResults>
    </>
  )
}
