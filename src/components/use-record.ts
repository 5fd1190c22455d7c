// Loads the record a detail or edit screen shows. A 404 (or a path id that is not a number)
// replaces the page with /not-found; another failure shows the server's detail or the screen's
// fallback text as an Error toast.
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '../app/paths'
import { ApiError, isApiError, type Versioned } from '../lib/api-client'
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

/** What an edit screen knows about the version of its record besides the record itself. */
export interface RecordVersion {
  /** Sent as If-Match by the save. */
  etag: string | null
  /** The 412 of a save: someone else changed the record since it was loaded. */
  stale: unknown
  markStale: (error: unknown) => void
  dismissStale: () => void
  /** The operator's own change (a photo upload) moved the record on to this tag. */
  adoptEtag: (etag: string | null) => void
}

/**
 * The version of a record loaded with its ETag. What is noted here belongs to that load: a
 * reload (a new `loaded`) starts again from its own tag, with no stale warning.
 */
export function useRecordVersion<T>(loaded: Versioned<T> | undefined): RecordVersion {
  const [noted, setNoted] = useState<{ of?: Versioned<T>; etag?: string | null; stale?: unknown }>(
    {},
  )
  const current = noted.of === loaded ? noted : {}
  const note = (change: { etag?: string | null; stale?: unknown }) =>
    setNoted((previous) => ({ ...(previous.of === loaded ? previous : {}), ...change, of: loaded }))
  return {
    etag: current.etag !== undefined ? current.etag : (loaded?.etag ?? null),
    stale: current.stale ?? null,
    markStale: (error) => note({ stale: error }),
    dismissStale: () => note({ stale: null }),
    adoptEtag: (etag) => note({ etag }),
  }
}

/** useRecord for an edit screen: the record comes with its ETag, and its version is tracked. */
export function useEditRecord<T>(
  ids: number[],
  load: () => Promise<Versioned<T>>,
  fallbackError: string,
) {
  const state = useRecord(ids, load, fallbackError)
  const loaded = state.status === 'ready' ? state.data : undefined
  const version = useRecordVersion(loaded)
  return { status: state.status, record: loaded?.data, reload: state.reload, ...version }
}

/** A route's `:id` as a number, or NaN when it is not one. */
export function routeId(raw: string | undefined): number {
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
}
