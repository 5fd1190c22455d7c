// What the open pages hear of live changes beyond the refresh (issue 31, decision 024). The
// shell's connection (app/live-changes.ts) hands each change to the hub of its query client,
// which refreshes the reads the change made stale (`isStaleAfter`) and tells the pages that
// listen. Two kinds of page listen:
// - an edit page, for its own record, to say who changed it (lib/use-edit-record.ts);
// - a list with rows chosen (components/bulk-bar.tsx) holds still, so the rows do not move under
//   the operator: while held, the lists on screen are not refreshed, each change that would
//   have refreshed them is counted ("3 changes — Refresh"), and Refresh, or the end of the
//   selection, refreshes what was held back.
// One hub per query client (a signed-in session), so nothing outlives the session or a test.
// The pages' hooks are in live-change-hooks.ts, loaded with the pages rather than the shell.
import type { Query, QueryClient } from '@tanstack/react-query'
import type { LiveChange } from '../machines/live-changes-machine'
import { isStaleAfter } from './live-changes'

type Listener = (change: LiveChange) => void

export interface LiveChangeHub {
  /** A change heard on the stream: listeners hear it, the reads it made stale refresh. */
  apply(change: LiveChange): void
  /** The stream is open again after a drop: every read refreshes (lists held still wait). */
  catchUp(): void
  /** Calls `listener` with each change from now on; returns the way to stop. */
  listen(listener: Listener): () => void
  /** Holds the lists on screen still until the returned release is called. */
  hold(): () => void
  /** Changes heard for the held lists since they were last refreshed. */
  heldChanges(): number
  /** Refreshes the held lists now (they stay held). */
  refreshHeld(): void
  /** Calls `watcher` whenever `heldChanges` changes (useSyncExternalStore's subscribe). */
  watch(watcher: () => void): () => void
}

const hubs = new WeakMap<QueryClient, LiveChangeHub>()

export function liveChangeHub(client: QueryClient): LiveChangeHub {
  let hub = hubs.get(client)
  if (!hub) {
    hub = createHub(client)
    hubs.set(client, hub)
  }
  return hub
}

function createHub(client: QueryClient): LiveChangeHub {
  const listeners = new Set<Listener>()
  const watchers = new Set<() => void>()
  let holders = 0
  let changes = 0
  /** The held reads a change made stale, by query hash: refreshed on Refresh or release. */
  const heldBack = new Set<string>()
  const setChanges = (count: number) => {
    if (count === changes) return
    changes = count
    for (const watcher of watchers) watcher()
  }
  // A list query (query-client.ts `listQuery`) on screen, while something holds the lists.
  const isHeld = (query: Query) => holders > 0 && query.meta?.list !== undefined && query.isActive()

  /** Refreshes the reads `stale` picks; held ones are noted instead. True if any was held. */
  const refresh = (stale: (query: Query) => boolean): boolean => {
    const picked = client.getQueryCache().findAll({ predicate: stale })
    const held = picked.filter(isHeld)
    for (const query of held) heldBack.add(query.queryHash)
    const now = new Set(picked.filter((query) => !held.includes(query)))
    if (now.size > 0) void client.invalidateQueries({ predicate: (query) => now.has(query) })
    return held.length > 0
  }

  const refreshHeld = () => {
    const hashes = new Set(heldBack)
    heldBack.clear()
    setChanges(0)
    if (hashes.size === 0) return
    void client.invalidateQueries({ predicate: (query) => hashes.has(query.queryHash) })
  }

  return {
    apply(change) {
      for (const listener of listeners) listener(change)
      if (refresh((query) => isStaleAfter(change, query.queryKey))) setChanges(changes + 1)
    },
    catchUp() {
      // Nobody can say what was missed: nothing to count, but the held lists refresh on release.
      refresh(() => true)
    },
    listen(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    hold() {
      holders += 1
      let released = false
      return () => {
        if (released) return
        released = true
        holders -= 1
        if (holders === 0) refreshHeld()
      }
    },
    heldChanges: () => changes,
    refreshHeld,
    watch(watcher) {
      watchers.add(watcher)
      return () => {
        watchers.delete(watcher)
      }
    },
  }
}
