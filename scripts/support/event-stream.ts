// A Node client of `GET /api/events` (Server-Sent Events over fetch, the token in the
// Authorization header), shared by the server tests and `npm run bench:events`.

export interface StreamedEvent {
  collection: string
  id: number
  action: string
  operator: string
  at: string
}

export interface EventStream {
  /** The answer's status: 200 for a stream, else the refusal (its body is in `detail`). */
  status: number
  detail?: string
  contentType: string | null
  /** Every event so far, in arrival order. */
  events: StreamedEvent[]
  /** Every comment line so far (`connected`, `heartbeat`). */
  comments: string[]
  /** Resolves with the first event (already received or to come) that `matches`. */
  next(matches: (event: StreamedEvent) => boolean): Promise<StreamedEvent>
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>
  close(): void
}

export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  onEvent: (event: StreamedEvent) => void = () => {},
): Promise<EventStream> {
  const abort = new AbortController()
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  })
  const waiting = new Set<{
    matches: (e: StreamedEvent) => boolean
    resolve(e: StreamedEvent): void
  }>()
  const stream: EventStream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: [],
    comments: [],
    next(matches) {
      const seen = stream.events.find(matches)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve) => waiting.add({ matches, resolve }))
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  }
  if (response.status !== 200 || !response.body) {
    stream.detail = ((await response.json()) as { detail: string }).detail
    return stream
  }
  const received = (event: StreamedEvent) => {
    stream.events.push(event)
    onEvent(event)
    for (const waiter of waiting) {
      if (!waiter.matches(event)) continue
      waiting.delete(waiter)
      waiter.resolve(event)
    }
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim())
            else if (line.startsWith('data: ')) received(JSON.parse(line.slice(6)))
          }
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
      }
    } catch (error) {
      // Closed by us (or the server went away): the stream has ended either way.
      if (!abort.signal.aborted && !(error instanceof TypeError)) throw error
    }
  })()
  return stream
}
