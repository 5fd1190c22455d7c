// The body of every paged list screen: a spinner on the first load, the error text when the load
// failed, the empty text when there is nothing, else the caller's rows and a Pager. While another
// page loads, the rows shown stay, dimmed, instead of a blank spinner. A page past the end (a
// stale link, `?page=99`) says so and offers the last page ("about" it when the total is not
// exact); a first page without rows is empty, even if a total from before a write says more.
import { Box, Button, Stack, Text } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorText } from '../lib/api-client'
import { PageSpinner } from './page-spinner'
import { type PageInfo, Pager } from './pager'

const pageCount = new Intl.NumberFormat('en-NG')

interface ListResultsProps<T> {
  /** The list's query (its failure is toasted by the query layer); while the next page loads
   * it holds the previous one (placeholderData, see listQuery). */
  list: UseQueryResult<{ data: T[]; pagination: PageInfo }>
  /** Shown instead of the API's message when it gives none. */
  failedText: string
  emptyText: ReactNode
  onPage: (page: number) => void
  onPageSize?: (size: number) => void
  /** The rows of one page (cards or a table: each list lays them out its own way). */
  children: (items: T[]) => ReactNode
  /** A failure reported elsewhere (e.g. a missing parent going to /not-found) shows nothing. */
  ignoreError?: (error: unknown) => boolean
}

export function ListResults<T>(props: ListResultsProps<T>) {
  const { list, failedText, emptyText, onPage, onPageSize, children, ignoreError } = props
  if (list.isError) {
    if (ignoreError?.(list.error)) return null
    return (
      <Text color="fg.error" textAlign="center" py="12">
        {errorText(list.error, failedText)}
      </Text>
    )
  }
  if (list.isPending) return <PageSpinner />
  const { data, pagination } = list.data
  const loading = list.isPlaceholderData
  const exact = pagination.totalExact !== false
  // A first page without rows is an empty list, whatever a total counted before a write said.
  if (data.length === 0 && pagination.total > 0 && (exact || pagination.page > 1)) {
    const { page, totalPages } = pagination
    return <PastTheEnd page={page} last={totalPages} exact={exact} onPage={onPage} />
  }
  if (data.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="12" opacity={loading ? 0.5 : 1}>
        {emptyText}
      </Text>
    )
  }
  return (
    <Box aria-busy={loading} opacity={loading ? 0.5 : 1} transition="opacity 0.15s">
      {children(data)}
      <Pager pagination={pagination} shown={data.length} onPage={onPage} onPageSize={onPageSize} />
    </Box>
  )
}

function PastTheEnd({
  page,
  last,
  exact,
  onPage,
}: {
  page: number
  last: number
  /** False: `last` comes from a total counted before the latest write. */
  exact: boolean
  onPage: (page: number) => void
}) {
  const pages = `${exact ? '' : 'about '}${pageCount.format(last)} ${last === 1 ? 'page' : 'pages'}`
  return (
    <Stack align="center" gap="3" py="12">
      <Text color="fg.muted">
        There is no page {page}: this list has {pages}.
      </Text>
      <Button colorPalette="teal" variant="outline" onClick={() => onPage(last)}>
        Go to the last page
      </Button>
    </Stack>
  )
}
