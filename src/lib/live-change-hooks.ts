// The pages' side of the live-change hub (live-change-hub.ts): a list held still while rows
// are chosen, and an edit page's record's latest change. Apart from the hub, so the shell that
// runs the connection does not load them.
import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { LiveChange } from '../machines/live-changes-machine'
import { liveChangeHub } from './live-change-hub'
import { isStaleAfter } from './live-changes'

/**
 * Holds the lists on screen still while `holding` (rows are chosen): `changes` heard for them
 * meanwhile, and `refresh` to show them. Released, they refresh by themselves if anything was
 * held back.
 */
export function useHeldLists(holding: boolean) {
  const hub = liveChangeHub(useQueryClient())
  useEffect(() => (holding ? hub.hold() : undefined), [hub, holding])
  const changes = useSyncExternalStore(hub.watch, hub.heldChanges)
  return { changes, refresh: hub.refreshHeld }
}

/**
 * The latest change heard that makes the read under `key` stale (its record's, a product's for
 * one of its images), until `forget` is called; undefined before any.
 */
export function useHeardChange(key: QueryKey) {
  const hub = liveChangeHub(useQueryClient())
  const [heard, setHeard] = useState<LiveChange>()
  const hash = hashKey(key)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is followed by its hash
  useEffect(
    () => hub.listen((change) => isStaleAfter(change, key) && setHeard(change)),
    [hub, hash],
  )
  return { heard, forget: () => setHeard(undefined) }
}
