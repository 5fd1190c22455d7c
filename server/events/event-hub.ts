// This instance's open event streams (./event-routes.ts) and what reaches them: every write
// event, whichever instance made it, arrives here through `deliver` exactly once; every change
// of who is editing a record (../presence) through `deliverPresence`.
import type { PresenceRecord } from '../presence/presence-store'
import type { WriteEvent } from './write-events'

export interface EventHub {
  /** Calls `listener` with every batch of events from now on; returns its unsubscribe. */
  subscribe(listener: (events: readonly WriteEvent[]) => void): () => void
  /** Hands a batch to every subscriber. */
  deliver(events: readonly WriteEvent[]): void
  /** Calls `listener` with every record whose editors changed from now on; returns its
   * unsubscribe. */
  subscribePresence(listener: (record: PresenceRecord) => void): () => void
  /** Someone opened or left the record's edit page: hands it to every presence subscriber. */
  deliverPresence(record: PresenceRecord): void
  /** Streams register how to end themselves, so a shutdown can end them all. */
  onClose(end: () => void): () => void
  /** Ends every open stream (server shutdown). */
  closeAll(): void
  readonly size: number
}

export function createEventHub(): EventHub {
  const listeners = new Set<(events: readonly WriteEvent[]) => void>()
  const presenceListeners = new Set<(record: PresenceRecord) => void>()
  const enders = new Set<() => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    deliver(events) {
      for (const listener of listeners) listener(events)
    },
    subscribePresence(listener) {
      presenceListeners.add(listener)
      return () => presenceListeners.delete(listener)
    },
    deliverPresence(record) {
      for (const listener of presenceListeners) listener(record)
    },
    onClose(end) {
      enders.add(end)
      return () => enders.delete(end)
    },
    closeAll() {
      for (const end of [...enders]) end()
    },
    get size() {
      return listeners.size
    },
  }
}
