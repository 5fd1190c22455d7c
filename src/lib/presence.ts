// Presence (decision 025): an edit page tells the server "I am editing this record" when it
// opens and every PRESENCE_HEARTBEAT_MS after (PUT …/presence), each time answered with who
// else is; it says goodbye when it closes (DELETE), also as the tab closes where the browser
// lets the request go. The live-changes stream says when someone else came or left, and the
// page asks again at once (app/live-changes.ts) instead of at its next heartbeat.
import { type QueryKey, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { PresenceChange } from '../machines/live-changes-machine'
import { api } from './api-client'
import { useCan } from './me'
import { pathKey } from './query-client'

/** The server counts an editor gone after 20 s without a heartbeat: two may be late. */
export const PRESENCE_HEARTBEAT_MS = 8_000

/** Someone else with the record's edit page open. */
export interface Editor {
  username: string
  /** When they opened it (ISO 8601). */
  since: string
}

/** The record's presence query, as a presence event names the record: under the record's own
 * key, like its history. */
export const presenceKey = ({ collection, id }: PresenceChange): QueryKey =>
  pathKey(`/${collection}/${id}/presence`)

/** A presence event's data; undefined for anything else. */
export function parsePresence(data: string): PresenceChange | undefined {
  try {
    const { collection, id } = JSON.parse(data) as Partial<PresenceChange>
    if (typeof collection === 'string' && typeof id === 'number') return { collection, id }
  } catch {
    // Not JSON: nothing this app knows.
  }
  return undefined
}

/** Each record's heartbeat under way: a goodbye waits for it, or the heartbeat arriving after
 * the goodbye would bring the operator back for another 20 s. */
const heartbeats = new Map<string, Promise<unknown>>()

function heartbeat(path: string): Promise<{ editors: Editor[] }> {
  const sent = api.put<{ editors: Editor[] }>(path)
  heartbeats.set(path, sent)
  const settled = () => heartbeats.get(path) === sent && heartbeats.delete(path)
  sent.then(settled, settled)
  return sent
}

/** How many pages have each record open: a page opened again before the goodbye went (React's
 * development double mount, a quick Back) keeps the operator there. */
const openPages = new Map<string, number>()

function open(path: string) {
  openPages.set(path, (openPages.get(path) ?? 0) + 1)
}

function leave(path: string) {
  const left = (openPages.get(path) ?? 1) - 1
  if (left > 0) openPages.set(path, left)
  else openPages.delete(path)
  const ignore = () => {}
  void (heartbeats.get(path) ?? Promise.resolve())
    .catch(ignore)
    .then(() => (openPages.has(path) ? undefined : api.delete(path)))
    .catch(ignore)
}

/**
 * The other operators editing the record at `recordPath` (its API path, `/products/7`), while
 * the page that calls it is open (an edit page: only operators who may write have one). Nothing
 * is reported when a heartbeat fails: the next one tries again, and the form works the same.
 */
export function usePresence(recordPath: string): Editor[] {
  const allowed = useCan('write')
  const path = `${recordPath}/presence`
  const { data } = useQuery({
    queryKey: pathKey(path),
    queryFn: () => heartbeat(path),
    enabled: allowed,
    refetchInterval: PRESENCE_HEARTBEAT_MS,
    // A hidden tab still has the record open.
    refetchIntervalInBackground: true,
    // Gone with the page: another visit starts from nobody rather than who was there then.
    gcTime: 0,
    retry: false,
  })
  useEffect(() => {
    if (!allowed) return
    open(path)
    // Closing the tab or leaving the app: React never unmounts, so say goodbye here.
    const closing = () => void api.deleteAsPageCloses(path).catch(() => {})
    window.addEventListener('pagehide', closing)
    return () => {
      window.removeEventListener('pagehide', closing)
      leave(path)
    }
  }, [allowed, path])
  return data?.editors ?? []
}
