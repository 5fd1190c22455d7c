// Loads one category for its detail or edit screen: a 404 replaces the page with /not-found,
// another failure shows the server's detail or the spec's fallback.
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '../../app/paths'
import { notify } from '../../components/messages'
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
  useEffect(() => {
    if (state.status !== 'failed') return
    const error = state.error
    if (isApiError(error) && error.status === 404) navigate(paths.notFound, { replace: true })
    else if (!(isApiError(error) && error.status === 401)) {
      notify.error((isApiError(error) && error.detail) || CATEGORY_MESSAGES.loadFailed)
    }
  }, [state.status, state.error, navigate])
  return state
}

/** The route's `:id` as a number, or NaN when it is not one. */
export function routeId(raw: string | undefined): number {
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
}
