// The global message dialog's queue: a plain store so any module (not only components) can
// show a message; the mounted <MessageDialog /> subscribes to it.
import { useSyncExternalStore } from 'react'
import type { MessageKind } from './message-kinds'

export interface Message {
  id: number
  kind: MessageKind
  text: string
}

let queue: readonly Message[] = []
let nextId = 1
const listeners = new Set<() => void>()

function publish(next: readonly Message[]) {
  queue = next
  for (const listener of listeners) listener()
}

/** Opens the global message dialog; messages shown while one is open wait their turn. */
export function showMessage(message: { kind: MessageKind; text: string }): number {
  const id = nextId++
  publish([...queue, { id, ...message }])
  return id
}

export function dismissMessage(id: number) {
  publish(queue.filter((message) => message.id !== id))
}

export function clearMessages() {
  publish([])
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The message the dialog shows now: the oldest one not yet dismissed. */
export function useCurrentMessage(): Message | undefined {
  return useSyncExternalStore(subscribe, () => queue[0])
}
