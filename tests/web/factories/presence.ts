// Presence (decision 025) under MSW. By default nobody else edits anything: every edit page's
// heartbeat (PUT …/presence) answers no editors and its goodbye (DELETE) is accepted.
// `presenceOf(record)` gives a test one record whose other editors it sets, seeing each call.
import { HttpResponse, http } from 'msw'
import type { Editor } from '../../../src/lib/presence'
import { apiUrl } from '../msw/handlers-support'

/** A record's, and a product image's. */
const PRESENCE = ['/:collection/:id/presence', '/products/:id/images/:imageId/presence']

export const presenceHandlers = PRESENCE.flatMap((path) => [
  http.put(apiUrl(path), () => HttpResponse.json({ editors: [] })),
  http.delete(apiUrl(path), () => new HttpResponse(null, { status: 204 })),
])

/** `record`: its API path (`/products/7`); `server.use(...presence.handlers)`. */
export function presenceOf(record: string) {
  let editors: Editor[] = []
  const calls: string[] = []
  return {
    handlers: [
      http.put(apiUrl(`${record}/presence`), () => {
        calls.push('PUT')
        return HttpResponse.json({ editors })
      }),
      http.delete(apiUrl(`${record}/presence`), () => {
        calls.push('DELETE')
        return new HttpResponse(null, { status: 204 })
      }),
    ],
    /** Each heartbeat and goodbye so far, in order. */
    calls,
    /** Who else is editing from now on, as the server would answer. */
    setEditors: (usernames: string[]) => {
      editors = usernames.map((username) => ({ username, since: '2026-11-27T09:00:00.000Z' }))
    },
  }
}
