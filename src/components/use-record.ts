// Loads the record a detail or edit screen shows. A 404 (or a path id that is not a number)
// replaces the page with /not-found; another failure shows the server's detail or the screen's
// fallback text as an Error toast.
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '../app/paths'
import { ApiError, isApiError } from '../lib/api-client'
import { useLoad } from '../lib/use-load'
import { useErrorToast } from './messages'

export function useRecord<T>(ids: number[], load: () => Promise<T>, fallbackError: string) {
  const navigate = useNavigate()
  const state = useLoad(
    () => (ids.some(Number.isNaN) ? Promise.reject(new ApiError(404, null)) : load()),
    ids.join('/'),
  )
  const error = state.status === 'failed' ? state.error : null
  const missing = isApiError(error) && error.status === 404
  useEffect(() => {
    if (missing) navigate(paths.notFound, { replace: true })
  }, [missing, navigate])
  useErrorToast(missing ? null : error, fallbackError)
  return state
}

/** A route's `:id` as a number, or NaN when it is not one. */
export function routeId(raw: string | undefined): number {
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
}
