// Several instances on one PostgreSQL each keep read caches (./read-cache.ts). A write through
// one instance is announced with NOTIFY on a channel every instance LISTENs to, and each drops
// its caches on hearing it: other instances see the write within milliseconds instead of after
// the caches' few seconds. While the listening connection is down, notices could be missed, so
// the caches are not used at all until it is back. SQLite (one process) needs none of this.
//
// A second channel carries the live changes (../events/write-events.ts): each notice holds a
// JSON array of write events, cut into notices under PostgreSQL's 8000-byte payload limit, and
// every instance (this one too) hands what it hears to its own event streams. A third carries
// presence (../presence): the record whose editors changed, `{"collection", "id"}`. Notices sent
// while the connection was down are lost: once it listens again, `onResumed` lets the owner tell
// whoever relied on them (the app ends its streams, whose clients then catch up).
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from '../db/types'
import type { WriteEvent } from '../events/write-events'
import type { PresenceRecord } from '../presence/presence-store'
import { distrustReadCaches, forgetReadCaches } from './read-cache'

const CHANNEL = 'backoffice_writes'
const EVENTS_CHANNEL = 'backoffice_events'
const PRESENCE_CHANNEL = 'backoffice_presence'
const RECONNECT_MS = 1_000
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTICE_BYTES = 7_900

export interface WriteNotices {
  /** Tells every instance (this one included) that data changed. */
  announce(): Promise<void>
  /** Tells every instance (this one included) about these write events. */
  announceEvents(events: readonly WriteEvent[]): Promise<void>
  /** Tells every instance (this one included) that the record's editors changed. */
  announcePresence(record: PresenceRecord): Promise<void>
  close(): Promise<void>
}

/** Listens from now on; resolves once the first attempt to listen has succeeded or failed. */
export async function listenForWrites(
  databaseUrl: string,
  db: Db,
  log: FastifyBaseLogger,
  onEvents: (events: WriteEvent[]) => void = () => {},
  onPresence: (record: PresenceRecord) => void = () => {},
  onResumed: () => void = () => {},
): Promise<WriteNotices> {
  const holder = {}
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let everLost = false
  distrustReadCaches(db, holder, true)

  const listen = async () => {
    const current = new pg.Client({ connectionString: databaseUrl })
    client = current
    let lost = false
    const onLost = (error?: Error) => {
      if (lost || closed) return
      lost = true
      everLost = true
      distrustReadCaches(db, holder, true)
      if (error) log.warn({ err: error }, 'write notices: connection lost, read caches off')
      retry = setTimeout(() => void listen(), RECONNECT_MS)
    }
    current.on('error', onLost)
    current.on('end', () => onLost())
    current.on('notification', (notice) => {
      if (notice.channel === EVENTS_CHANNEL) onEvents(JSON.parse(notice.payload ?? '[]'))
      else if (notice.channel === PRESENCE_CHANNEL) onPresence(JSON.parse(notice.payload ?? '{}'))
      else forgetReadCaches(db)
    })
    try {
      await current.connect()
      await current.query(`LISTEN ${CHANNEL}`)
      await current.query(`LISTEN ${EVENTS_CHANNEL}`)
      await current.query(`LISTEN ${PRESENCE_CHANNEL}`)
      if (!closed && !lost) {
        distrustReadCaches(db, holder, false)
        // Notices sent while no one listened are gone: whoever was told of writes needs telling.
        if (everLost) onResumed()
      }
    } catch (error) {
      onLost(error as Error)
      current.end().catch(() => {})
    }
  }

  await listen()
  return {
    async announce() {
      try {
        await sql`select pg_notify(${CHANNEL}, '')`.execute(db)
      } catch (error) {
        // The write itself went through; the others' caches expire within seconds anyway.
        log.warn({ err: error }, 'write notices: could not announce a write')
      }
    },
    async announceEvents(events) {
      try {
        for (const payload of noticePayloads(events)) {
          await sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`.execute(db)
        }
      } catch (error) {
        // The write went through; open lists refresh on the next change or reload.
        log.warn({ err: error }, 'write notices: could not announce write events')
      }
    },
    async announcePresence(record) {
      try {
        await sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(record)})`.execute(db)
      } catch (error) {
        // The others' pages see the change with their next heartbeat instead.
        log.warn({ err: error }, 'write notices: could not announce presence')
      }
    },
    async close() {
      closed = true
      clearTimeout(retry)
      distrustReadCaches(db, holder, false)
      await client?.end().catch(() => {})
    },
  }
}

/** The events as JSON arrays, each under the payload limit (an event is a few hundred bytes). */
export function noticePayloads(events: readonly WriteEvent[]): string[] {
  const payloads: string[] = []
  let batch: string[] = []
  let bytes = 2
  for (const event of events) {
    const json = JSON.stringify(event)
    const size = Buffer.byteLength(json) + 1
    if (batch.length > 0 && bytes + size > MAX_NOTICE_BYTES) {
      payloads.push(`[${batch.join(',')}]`)
      batch = []
      bytes = 2
    }
    batch.push(json)
    bytes += size
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`)
  return payloads
}
