// Live changes (contract: `GET /api/events`, decision 024). History records every write
// (../lib/history.ts); each entry recorded while a request runs is also noted on that request,
// and once the request has answered with success (its transaction has committed: a failed write
// rolls back and answers 4xx/5xx) the records it changed are announced, once per record, to every
// open stream: straight to this instance's streams on SQLite, and through PostgreSQL's NOTIFY
// (../lib/write-notices.ts) to every instance's streams, this one's included.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'

/** One line of the stream: what happened to which record, by whom, when. */
export interface WriteEvent {
  /** The collection's path under /api, e.g. `products`. */
  collection: string
  id: number
  /** The history action (`create`, `update`, `delete`, `image-add`, `restore`, `import`…). */
  action: string
  /** The username of the operator who wrote. */
  operator: string
  /** ISO 8601. */
  at: string
}

/** What a history entry tells about a write; named by the entity's schema id. */
export interface NotedWrite {
  entity: string
  entityId: number
  action: string
  at: number
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The writes this request recorded so far (only requests that may write collect any). */
    notedWrites: NotedWrite[] | null
  }
}

const current = new AsyncLocalStorage<NotedWrite[]>()

/** Called by history for every entry it records: outside a request nothing is collected (a
 * script, the trash sweep), since nobody could say when its transaction commits. */
export function noteWrite(write: NotedWrite): void {
  current.getStore()?.push(write)
}

/** The events of a request's writes: the last action of each record of a known collection. */
export function eventsOf(
  writes: readonly NotedWrite[],
  operator: string,
  collections: ReadonlyMap<string, string>,
): WriteEvent[] {
  const byRecord = new Map<string, WriteEvent>()
  for (const write of writes) {
    const collection = collections.get(write.entity)
    // Operators' own changes (sign-in settings, the team) belong to no collection.
    if (!collection) continue
    const key = `${collection}/${write.entityId}`
    byRecord.delete(key)
    byRecord.set(key, {
      collection,
      id: write.entityId,
      action: write.action,
      operator,
      at: new Date(write.at).toISOString(),
    })
  }
  return [...byRecord.values()]
}

const mayWrite = (method: string) => method !== 'GET' && method !== 'HEAD'

/**
 * Collects each writing request's history entries (entered in preHandler, after the body is
 * read, so the handler and everything it awaits see the request's list) and hands the events
 * of a successful one to `publish` once the answer has gone.
 */
export function registerWriteEvents(
  app: FastifyInstance,
  collections: ReadonlyMap<string, string>,
  publish: (events: WriteEvent[]) => void,
): void {
  app.decorateRequest('notedWrites', null)
  app.addHook('preHandler', (request, _reply, done) => {
    if (!mayWrite(request.method)) return done()
    const writes: NotedWrite[] = []
    request.notedWrites = writes
    current.run(writes, done)
  })
  app.addHook('onResponse', (request, reply, done) => {
    const writes = request.notedWrites
    if (writes?.length && reply.statusCode < 400) {
      const events = eventsOf(writes, request.operator?.username ?? '', collections)
      if (events.length > 0) publish(events)
    }
    done()
  })
}
