// A Node client of `GET /api/events` (Server-Sent Events over fetch, the token in the
// Authorization header), shared by the server tests and `npm run bench:events`.

export interface StreamedEvent {
  collection: string
  id: number
  action: string
  operator: string
  at: string
}

/** A named event (`event: presence`): who is editing a record changed. */
export interface NamedEvent {
  name: string
  data: { collection: string; id: number }
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
  /** Every named event so far, in arrival order (never in `events`). */
  named: NamedEvent[]
  /** Resolves with the first event (already received or to come) that `matches`. */
  next(matches: (event: StreamedEvent) => boolean): Promise<StreamedEvent>
  /** Resolves with the first named event (already received or to come) that `matches`. */
  nextNamed(matches: (event: NamedEvent) => boolean): Promise<NamedEvent>
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
  type Waiter<T> = { matches: (e: T) => boolean; resolve(e: T): void }
  const waiting = new Set<Waiter<StreamedEvent>>()
  const waitingNamed = new Set<Waiter<NamedEvent>>()
  const stream: EventStream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: [],
    comments: [],
    named: [],
    next(matches) {
      const seen = stream.events.find(matches)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve) => waiting.add({ matches, resolve }))
    },
    nextNamed(matches) {
      const seen = stream.named.find(matches)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve) => waitingNamed.add({ matches, resolve }))
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  }
  if (response.status !== 200 || !response.body) {
    stream.detail = ((await response.json()) as { detail: string }).detail
    return stream
  }
  const wake = <T>(waiters: Set<Waiter<T>>, event: T) => {
    for (const waiter of waiters) {
      if (!waiter.matches(event)) continue
      waiters.delete(waiter)
      waiter.resolve(event)
    }
  }
  const received = (name: string | undefined, data: string) => {
    if (name) {
      const event = { name, data: JSON.parse(data) }
      stream.named.push(event)
      return wake(waitingNamed, event)
    }
    const event = JSON.parse(data) as StreamedEvent
    stream.events.push(event)
    onEvent(event)
    wake(waiting, event)
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          let name: string | undefined
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim())
            else if (line.startsWith('event: ')) name = line.slice(7)
            else if (line.startsWith('data: ')) received(name, line.slice(6))
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
