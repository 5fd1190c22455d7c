// Which rows of a list are chosen for a bulk action (decision 013): ids picked row by row or a
// page at a time (kept across pages), or "all N matching the filters". A change of filters
// starts again from nothing: rows chosen under other filters may no longer be shown at all.
import { useState } from 'react'
import type { QueryParams } from '../lib/query-string'
import type { TrashTarget } from './trash-target'

/** `restore` is the trash's own (its page's bar). */
export type BulkAction = 'enable' | 'disable' | 'delete' | 'restore'

/** What a list offers to act on, and how its records are named. */
export interface BulkTarget {
  /** The list's API path, e.g. `/products` or `/products/5/images`; the call is `<path>/bulk`. */
  path: string
  /** "product" / "products" in the result toast and the bar. */
  one: string
  many: string
  actions: readonly BulkAction[]
  /** API paths whose queries reload after a bulk change (the lists and records it touches). */
  refreshes: readonly string[]
  /** Where its Delete puts the records: the result toast then offers Undo. */
  trash?: TrashTarget
}

export interface BulkSelection {
  target: BulkTarget
  /** The list's filters as the bulk call sends them for "all matching". */
  filter: Record<string, string>
  /** How many rows the filters match (the list's total), and whether that is exact. */
  total: number
  totalExact: boolean
  ids: ReadonlySet<number>
  allMatching: boolean
  /** How many records the action would reach; not exact when it is all matching and the total
   * is not. */
  count: number
  countExact: boolean
  isSelected: (id: number) => boolean
  toggle: (id: number, pageIds: number[]) => void
  setPage: (pageIds: number[], selected: boolean) => void
  selectAllMatching: () => void
  clear: () => void
}

interface State {
  key: string
  ids: ReadonlySet<number>
  allMatching: boolean
}

/** The list's filter query as text values, blanks left out (as the URL would carry them). */
export function filterValues(query: QueryParams): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || Array.isArray(value)) continue
    values[name] = value === null ? 'null' : String(value)
  }
  return values
}

export function useBulkSelection(
  target: BulkTarget,
  query: QueryParams,
  pagination: { total: number; totalExact?: boolean } | undefined,
): BulkSelection {
  const filter = filterValues(query)
  const key = JSON.stringify(filter)
  const [stored, setState] = useState<State>({ key, ids: new Set(), allMatching: false })
  // Derived rather than reset in an effect: the first render under new filters shows nothing.
  const state = stored.key === key ? stored : { key, ids: new Set<number>(), allMatching: false }
  const set = (ids: Set<number>, allMatching = false) => setState({ key, ids, allMatching })
  const matching = pagination?.total ?? 0
  const totalExact = pagination?.totalExact !== false
  return {
    target,
    filter,
    total: matching,
    totalExact,
    ids: state.ids,
    allMatching: state.allMatching,
    count: state.allMatching ? matching : state.ids.size,
    countExact: !state.allMatching || totalExact,
    isSelected: (id) => state.allMatching || state.ids.has(id),
    toggle: (id, pageIds) => {
      // Leaving "all matching" by unticking a row keeps the rest of this page ticked.
      if (state.allMatching) return set(new Set(pageIds.filter((other) => other !== id)))
      const ids = new Set(state.ids)
      if (ids.has(id)) ids.delete(id)
      else ids.add(id)
      set(ids)
    },
    setPage: (pageIds, selected) => {
      const ids = new Set(state.allMatching ? [] : state.ids)
      for (const id of pageIds) {
        if (selected) ids.add(id)
        else ids.delete(id)
      }
      set(ids)
    },
    selectAllMatching: () => set(new Set(), true),
    clear: () => set(new Set()),
  }
}
