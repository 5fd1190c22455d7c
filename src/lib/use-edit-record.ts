// An edit screen's record, from its record query: loaded afresh when the screen opens, then held
// as opened, with its ETag. Refetches meanwhile (a write elsewhere invalidating it) never reset
// the form: the save sends the tag of the version being edited, so a change by someone else is
// refused (412) rather than overwritten. Instead the screen hears of the new version (issue 31):
// who changed it (the live change heard for this record), which fields changed, and Load the new
// version, which keeps the operator's edits where they do not clash (lib/merge-edits.ts) and
// moves the form and its ETag on to it. A new version that changes none of the form's fields
// (a photo, the operator's own upload) is taken as it comes: the save cannot overwrite it.
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { LiveChange } from '../machines/live-changes-machine'
import type { Versioned } from './api-client'
import { useHeardChange } from './live-change-hooks'
import { type FormData, type MergedEdits, mergeEdits, theirChanges } from './merge-edits'

interface Held<T> {
  opened?: Versioned<T>
  reloading?: boolean
  /** The operator's own change (a photo upload) moved the record on to this tag. */
  etag?: string | null
  /** The 412 of a save: someone else changed the record since it was opened. */
  stale?: unknown
  /** The newer version the operator dismissed the notice of. */
  dismissed?: Versioned<T>
  /** Versions loaded under the operator's edits: the form starts again from each. */
  loads: number
  /** What the last Load the new version kept and replaced. */
  merged?: MergedEdits
  /** The note of what it kept and replaced was dismissed. */
  mergeNoted?: boolean
  /** What the form holds now (its onChange); unset while the operator has typed nothing. */
  mine?: FormData
}

export type EditRecordStatus = 'loading' | 'ready' | 'failed'

/** A newer version of the record than the form's, as the screen tells it. */
export interface NewerVersion<T> {
  /** The live change heard for the record (who); undefined when none was (a 412). */
  change?: LiveChange
  record: T
  opened: T
  /** The form's fields it changed, and whether the operator's edits clash with them. */
  changes: ReturnType<typeof theirChanges>
}

export function useEditRecord<T, F extends object, Key extends QueryKey>(
  options: UseQueryOptions<Versioned<T>, Error, Versioned<T>, Key>,
  /** The record as the form's data. */
  toFormData: (record: T) => F,
) {
  const query = useQuery({
    ...options,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
  const [held, setHeld] = useState<Held<T>>({ loads: 0 })
  const { heard, forget } = useHeardChange(options.queryKey)
  if (!held.opened && !held.reloading && query.isSuccess && query.isFetchedAfterMount) {
    setHeld({ opened: query.data, loads: held.loads })
  }
  const status: EditRecordStatus = held.opened
    ? 'ready'
    : held.reloading || !query.isFetchedAfterMount
      ? 'loading'
      : 'failed'
  const note = (change: Partial<Held<T>>) => setHeld((previous) => ({ ...previous, ...change }))

  const { opened } = held
  const latest = query.data
  const asForm = (record: T) => toFormData(record) as FormData
  const openedForm = opened && asForm(opened.data)
  const formData = held.merged?.data ?? openedForm
  const changes =
    opened && latest && latest !== opened
      ? theirChanges(openedForm as FormData, held.mine ?? formData ?? {}, asForm(latest.data))
      : []
  const newer = latest && changes.length > 0 ? latest : undefined
  // A newer version the form does not show is the one the save goes on from.
  const unseen = latest && latest !== opened && changes.length === 0 ? latest : undefined

  return {
    status,
    record: opened?.data,
    error: query.error,
    /** Sent as If-Match by the save. */
    etag: unseen ? unseen.etag : held.etag !== undefined ? held.etag : (opened?.etag ?? null),
    /** The form's props: remounted (`key`) with each version loaded under the edits. */
    form: {
      key: held.loads,
      formData: formData as Partial<F> | undefined,
      editedFrom: held.merged?.editedFrom,
      onChange: (data: Partial<F>) => note({ mine: data as FormData }),
    },
    /** A newer version than the form's, until it is loaded or its notice dismissed. */
    newer:
      newer && opened && newer !== held.dismissed
        ? ({ change: heard, record: newer.data, opened: opened.data, changes } as NewerVersion<T>)
        : undefined,
    /** What the last load kept of the operator's edits and replaced (for the note after it). */
    merged: held.mergeNoted ? undefined : held.merged,
    stale: held.stale ?? null,
    /** A save's 412: the current version is fetched, so the screen can offer to load it. */
    markStale: (error: unknown) => {
      note({ stale: error, dismissed: undefined })
      void query.refetch()
    },
    dismissStale: () => note({ stale: null }),
    dismissNewer: () => note({ dismissed: newer, stale: null }),
    dismissMerged: () => note({ mergeNoted: true }),
    adoptEtag: (etag: string | null) => note({ etag }),
    /** Loads the newer version under the operator's edits (see the top). */
    loadNewer: () => {
      if (!newer || !openedForm) return
      const merged = mergeEdits(openedForm, held.mine ?? formData ?? {}, asForm(newer.data))
      forget()
      setHeld({ opened: newer, loads: held.loads + 1, merged })
    },
    /** Fetches the current version and opens it (what was typed is replaced). */
    reload: () => {
      setHeld({ reloading: true, loads: held.loads + 1 })
      void query.refetch().then((result) =>
        setHeld((previous) => ({
          loads: previous.loads,
          ...(result.isSuccess ? { opened: result.data } : {}),
        })),
      )
    },
  }
}
