// GET /api/events (contract: "Live changes"): a Server-Sent Events stream of every committed
// write on any instance, one `data:` line per record changed. The token comes in the
// Authorization header like any request (the browser uses fetch, not EventSource, which cannot
// send one). A comment line every `heartbeatMs` keeps proxies from closing an idle stream, and
// each heartbeat checks the session again: a stream whose session was revoked or has expired
// ends, and the client's reconnection then gets its 401. Who is editing a record
// (../presence) travels on the same stream as `event: presence` with `{"collection", "id"}`.
import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ } from '../auth/rights'
import { type SessionPolicy, sessionIsLive } from '../auth/sessions'
import { bearerToken } from '../auth/tokens'
import type { Database } from '../db/types'
import { ok } from '../lib/responses'
import type { EventHub } from './event-hub'

/** The contract asks for a line at least every 25 s; proxies often time out at 30 or 60 s. */
export const DEFAULT_HEARTBEAT_MS = 20_000

export interface EventRouteOptions {
  db: Kysely<Database>
  hub: EventHub
  policy: SessionPolicy
  heartbeatMs?: number
}

export function registerEventRoutes(app: FastifyInstance, options: EventRouteOptions): void {
  const { db, hub, policy, heartbeatMs = DEFAULT_HEARTBEAT_MS } = options
  // A HEAD would hold a connection open with nothing to say.
  const route = { config: READ, exposeHeadRoute: false, schema: { response: ok.events } }
  app.get('/api/events', route, async (request, reply) => {
    const token = bearerToken(request.headers.authorization) ?? ''
    const stream = new PassThrough()
    const send = (text: string) => {
      if (!stream.writableEnded) stream.write(text)
    }
    const unsubscribe = hub.subscribe((events) => {
      for (const event of events) send(`data: ${JSON.stringify(event)}\n\n`)
    })
    // A named event: a client that listens for writes only (EventSource's `message`) never
    // takes it for one.
    const unsubscribePresence = hub.subscribePresence((record) => {
      send(`event: presence\ndata: ${JSON.stringify(record)}\n\n`)
    })
    const heartbeat = setInterval(() => {
      sessionIsLive(db, token, policy).then(
        (live) => (live ? send(': heartbeat\n\n') : stream.end()),
        // The database is unreachable for a moment: the stream itself is still fine.
        () => send(': heartbeat\n\n'),
      )
    }, heartbeatMs)
    const forgetEnd = hub.onClose(() => stream.end())
    const cleanUp = () => {
      clearInterval(heartbeat)
      unsubscribe()
      unsubscribePresence()
      forgetEnd()
    }
    stream.once('close', cleanUp)
    stream.once('end', cleanUp)
    request.raw.once('close', () => stream.destroy())
    // Sent at once, so the client knows the stream is open before the first write.
    send(': connected\n\n')
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // nginx: pass each line on as it comes instead of buffering the answer.
        .header('x-accel-buffering', 'no')
        .send(stream)
    )
  })
}
