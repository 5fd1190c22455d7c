// The page number of a list kept in the URL query (`?page=2`), so Back and shared links
// restore it; a mangled value means page 1.
import { useSearchParams } from 'react-router-dom'
import { isApiError } from '../lib/api-client'

export function usePageParam(): [page: number, goToPage: (page: number) => void] {
  const [params, setParams] = useSearchParams()
  const raw = Number(params.get('page'))
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1
  const goToPage = (next: number) => {
    const query = new URLSearchParams(params)
    query.set('page', String(next))
    setParams(query)
  }
  return [page, goToPage]
}

/** A list under a missing parent answers 404; the parent's own load reports it. */
export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404
