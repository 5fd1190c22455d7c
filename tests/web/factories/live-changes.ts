// The live-changes stream (GET /api/events) under MSW. By default every signed-in shell gets a
// stream that stays open and says nothing; `liveStream()` gives a test one it drives: send a
// change, drop the connection, refuse the next one.
import { HttpResponse, http } from 'msw'
import type { LiveChange, PresenceChange } from '../../../src/machines/live-changes-machine'
import { apiUrl } from '../msw/handlers-support'

const encoder = new TextEncoder()

/** An open stream that sends `: connected` and then whatever `open` writes, until aborted. */
function openStream(
  signal: AbortSignal,
  open?: (write: (text: string) => void, end: () => void) => void,
) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false
      const end = () => {
        if (ended) return
        ended = true
        controller.close()
      }
      const write = (text: string) => {
        if (!ended) controller.enqueue(encoder.encode(text))
      }
      signal.addEventListener('abort', end)
      write(': connected\n\n')
      open?.(write, end)
    },
  })
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } })
}

export const liveChangesHandlers = [
  http.get(apiUrl('/events'), ({ request }) => openStream(request.signal)),
]

export function buildLiveChange(overrides: Partial<LiveChange> = {}): LiveChange {
  return {
    collection: 'product-categories',
    id: 1,
    action: 'update',
    operator: 'grace',
    at: '2026-11-27T06:00:00.000Z',
    ...overrides,
  }
}

/** A stream the test drives; `server.use(stream.handler)`. */
export function liveStream() {
  const open: Array<{ write(text: string): void; end(): void }> = []
  const requests: Request[] = []
  let refusals = 0
  const current = () => {
    const connection = open.at(-1)
    if (!connection) throw new Error('No stream is open')
    return connection
  }
  return {
    handler: http.get(apiUrl('/events'), ({ request }) => {
      requests.push(request)
      if (refusals > 0) {
        refusals -= 1
        return HttpResponse.json({ detail: 'Invalid or expired token' }, { status: 401 })
      }
      return openStream(request.signal, (write, end) => open.push({ write, end }))
    }),
    /** Every request for the stream so far (each reconnection is one more). */
    requests,
    send: (change: LiveChange) => current().write(`data: ${JSON.stringify(change)}\n\n`),
    /** Someone came to or left the record's edit page (presence, decision 025). */
    sendPresence: (record: PresenceChange) =>
      current().write(`event: presence\ndata: ${JSON.stringify(record)}\n\n`),
    /** The server ends the stream (a restart, a proxy's timeout). */
    drop: () => current().end(),
    /** The next connection attempt answers 401. */
    refuseNext: () => {
      refusals += 1
    },
  }
}
