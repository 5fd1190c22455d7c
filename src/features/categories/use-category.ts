// Loads one category for its detail or edit screen: a 404 replaces the page with /not-found,
// another failure shows the server's detail or the spec's fallback.
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '../../app/paths'
import { useErrorToast } from '../../components/messages'
import { ApiError, isApiError } from '../../lib/api-client'
import { useLoad } from '../../lib/use-load'
import { categoriesApi } from './categories-api'
import { CATEGORY_MESSAGES, type CategoryKind } from './category-kinds'

export function useCategory(kind: CategoryKind, id: number) {
  const navigate = useNavigate()
  // A path id that is not a number can only be a missing category.
  const state = useLoad(
    () =>
      Number.isNaN(id) ? Promise.reject(new ApiError(404, null)) : categoriesApi(kind).get(id),
    `${kind.apiPath}/${id}`,
  )
  const error = state.status === 'failed' ? state.error : null
  const missing = isApiError(error) && error.status === 404
  useEffect(() => {
    if (missing) navigate(paths.notFound, { replace: true })
  }, [missing, navigate])
  useErrorToast(missing ? null : error, CATEGORY_MESSAGES.loadFailed)
  return state
}

/** The route's `:id` as a number, or NaN when it is not one. */
export function routeId(raw: string | undefined): number {
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
}
