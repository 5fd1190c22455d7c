// Shows a failed load as an Error toast: the server's detail, else the screen's fallback text
// (spec §8). A 401 shows nothing: the app is already on its way to /login.
import { useEffect } from 'react'
import { isApiError } from '../../lib/api-client'
import { notify } from './notify'

/** The server's `detail` when it sent one, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return (isApiError(error) && error.detail?.trim() && error.detail) || fallback
}

/** Toasts `error` (null: nothing to show) once per failure. */
export function useErrorToast(error: unknown, fallback: string) {
  useEffect(() => {
    if (error === null || error === undefined) return
    if (isApiError(error) && error.status === 401) return
    notify.error(errorText(error, fallback))
  }, [error, fallback])
}
