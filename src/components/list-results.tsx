// The body of every paged list screen: a spinner while loading, the error text when the load
// failed, the empty text when there is nothing, else the caller's cards and a Pager.
import { Text } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorText } from '../lib/api-client'
import { PageSpinner } from './page-spinner'
import { Pager, type PagerInfo } from './pager'

interface ListResultsProps<T> {
  /** The list's query (its failure is toasted by the query layer). */
  list: UseQueryResult<{ data: T[]; pagination: PagerInfo }>
  /** Shown instead of the API's message when it gives none. */
  failedText: string
  emptyText: ReactNode
  onPage: (page: number) => void
  /** The cards for one page of items (each list lays them out its own way). */
  children: (items: T[]) => ReactNode
  /** A failure reported elsewhere (e.g. a missing parent going to /not-found) shows nothing. */
  ignoreError?: (error: unknown) => boolean
}

export function ListResults<T>(props: ListResultsProps<T>) {
  const { list, failedText, emptyText, onPage, children, ignoreError } = props
  if (list.isPending) return <PageSpinner />
  if (list.isError) {
    if (ignoreError?.(list.error)) return null
    return (
      <Text color="fg.error" textAlign="center" py="12">
        {errorText(list.error, failedText)}
      </Text>
    )
  }
  if (list.data.data.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="12">
        {emptyText}
      </Text>
    )
  }
  return (
    <>
      {children(list.data.data)}
      <Pager pagination={list.data.pagination} onPage={onPage} />
    </>
  )
}
