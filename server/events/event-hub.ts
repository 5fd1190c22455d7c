// This instance's open event streams (./event-routes.ts) and what reaches them: every write
// event, whichever instance made it, arrives here through `deliver` exactly once.
import type { WriteEvent } from './write-events'

export interface EventHub {
  /** Calls `listener` with every batch of events from now on; returns its unsubscribe. */
  subscribe(listener: (events: readonly WriteEvent[]) => void): () => void
  /** Hands a batch to every subscriber. */
  deliver(events: readonly WriteEvent[]): void
  /** Streams register how to end themselves, so a shutdown can end them all. */
  onClose(end: () => void): () => void
  /** Ends every open stream (server shutdown). */
  closeAll(): void
  readonly size: number
}

export function createEventHub(): EventHub {
  const listeners = new Set<(events: readonly WriteEvent[]) => void>()
  const enders = new Set<() => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    deliver(events) {
      for (const listener of listeners) listener(events)
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
