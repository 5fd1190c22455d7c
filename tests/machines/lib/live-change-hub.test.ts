// The hub of live changes (src/lib/live-change-hub.ts): each change refreshes the reads it makes
// stale and reaches the pages that listen; while a list is held (rows chosen) the lists on screen
// stay as they are and count the changes until Refresh or the release.
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { liveChangeHub } from '../../../src/lib/live-change-hub'

const change = (id: number, collection = 'products') => ({
  collection,
  id,
  action: 'update',
  operator: 'grace',
  at: '2026-11-27T06:00:00.000Z',
})

let client: QueryClient

afterEach(() => client?.clear())

/** A read on screen (an observer subscribed) that counts its fetches. */
function shown(queryKey: unknown[], list = true) {
  let fetches = 0
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      fetches += 1
      return { fetches }
    },
    meta: list ? { list: { path: '/products', query: {} } } : {},
  })
  const stop = observer.subscribe(() => {})
  return { fetches: () => fetches, stop }
}

async function settled(read: { fetches: () => number }, count: number) {
  await vi.waitFor(() => expect(read.fetches()).toBe(count))
}

describe('the live-change hub', () => {
  it('refreshes the reads a change makes stale, and tells the listeners', async () => {
    client = new QueryClient()
    const hub = liveChangeHub(client)
    const list = shown(['products', { page: 1 }])
    const other = shown(['service-provider-categories', { page: 1 }])
    await settled(list, 1)
    await settled(other, 1)
    const heard: unknown[] = []
    const stop = hub.listen((c) => heard.push(c))

    hub.apply(change(7))
    await settled(list, 2)
    expect(other.fetches()).toBe(1)
    expect(heard).toEqual([change(7)])

    stop()
    hub.apply(change(8))
    await settled(list, 3)
    expect(heard).toHaveLength(1)
  })

  it('while held, a list on screen stays and counts; Refresh refreshes it and starts again', async () => {
    client = new QueryClient()
    const hub = liveChangeHub(client)
    const list = shown(['products', { page: 1 }])
    const record = shown(['products', '7'], false)
    await settled(list, 1)
    await settled(record, 1)
    const release = hub.hold()

    hub.apply(change(7))
    hub.apply(change(8))
    // The record is no list: it refreshes as ever.
    await settled(record, 2)
    expect(list.fetches()).toBe(1)
    expect(hub.heldChanges()).toBe(2)
    // A change to another collection's lists is not counted.
    hub.apply(change(1, 'operators'))
    expect(hub.heldChanges()).toBe(2)

    hub.refreshHeld()
    expect(hub.heldChanges()).toBe(0)
    await settled(list, 2)
    release()
  })

  it('on release, refreshes what was held back, also after a catch-up that could not count', async () => {
    client = new QueryClient()
    const hub = liveChangeHub(client)
    const list = shown(['products', { page: 1 }])
    await settled(list, 1)
    const release = hub.hold()
    const watcher = vi.fn()
    hub.watch(watcher)

    hub.catchUp()
    expect(hub.heldChanges()).toBe(0)
    expect(watcher).not.toHaveBeenCalled()
    hub.apply(change(7))
    expect(watcher).toHaveBeenCalledTimes(1)
    expect(list.fetches()).toBe(1)

    release()
    await settled(list, 2)
    expect(hub.heldChanges()).toBe(0)
    // Released twice is released once; afterwards changes refresh at once again.
    release()
    hub.apply(change(7))
    await settled(list, 3)
  })

  it('is one per query client (one signed-in session)', () => {
    client = new QueryClient()
    expect(liveChangeHub(client)).toBe(liveChangeHub(client))
    expect(liveChangeHub(new QueryClient())).not.toBe(liveChangeHub(client))
  })
})
