// An edit screen's record, from its record query: loaded afresh when the screen opens, then held
// as opened, with its ETag, until Reload. Refetches meanwhile (a write elsewhere invalidating
// it) do not move the form's base: the save must send the tag of the version being edited, so
// that a change by someone else is refused (412) rather than overwritten.
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Versioned } from './api-client'

interface Held<T> {
  opened?: Versioned<T>
  reloading?: boolean
  /** The operator's own change (a photo upload) moved the record on to this tag. */
  etag?: string | null
  /** The 412 of a save: someone else changed the record since it was opened. */
  stale?: unknown
}

export type EditRecordStatus = 'loading' | 'ready' | 'failed'

export function useEditRecord<T, Key extends QueryKey>(
  options: UseQueryOptions<Versioned<T>, Error, Versioned<T>, Key>,
) {
  const query = useQuery({
    ...options,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
  const [held, setHeld] = useState<Held<T>>({})
  if (!held.opened && !held.reloading && query.isSuccess && query.isFetchedAfterMount) {
    setHeld({ opened: query.data })
  }
  const status: EditRecordStatus = held.opened
    ? 'ready'
    : held.reloading || !query.isFetchedAfterMount
      ? 'loading'
      : 'failed'
  const note = (change: Held<T>) => setHeld((previous) => ({ ...previous, ...change }))
  return {
    status,
    record: held.opened?.data,
    error: query.error,
    /** Sent as If-Match by the save. */
    etag: held.etag !== undefined ? held.etag : (held.opened?.etag ?? null),
    stale: held.stale ?? null,
    markStale: (error: unknown) => note({ stale: error }),
    dismissStale: () => note({ stale: null }),
    adoptEtag: (etag: string | null) => note({ etag }),
    /** Fetches the current version and opens it (what was typed is replaced). */
    reload: () => {
      setHeld({ reloading: true })
      void query
        .refetch()
        .then((result) => setHeld(result.isSuccess ? { opened: result.data } : {}))
    },
  }
}
