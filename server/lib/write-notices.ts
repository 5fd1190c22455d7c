// Several instances on one PostgreSQL each keep read caches (./read-cache.ts). A write through
// one instance is announced with NOTIFY on a channel every instance LISTENs to, and each drops
// its caches on hearing it: other instances see the write within milliseconds instead of after
// the caches' few seconds. While the listening connection is down, notices could be missed, so
// the caches are not used at all until it is back. SQLite (one process) needs none of this.
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from '../db/types'
import { distrustReadCaches, forgetReadCaches } from './read-cache'

const CHANNEL = 'backoffice_writes'
const RECONNECT_MS = 1_000

export interface WriteNotices {
  /** Tells every instance (this one included) that data changed. */
  announce(): Promise<void>
  close(): Promise<void>
}

/** Listens from now on; resolves once the first attempt to listen has succeeded or failed. */
export async function listenForWrites(
  databaseUrl: string,
  db: Db,
  log: FastifyBaseLogger,
): Promise<WriteNotices> {
  const holder = {}
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined
  distrustReadCaches(db, holder, true)

  const listen = async () => {
    const current = new pg.Client({ connectionString: databaseUrl })
    client = current
    let lost = false
    const onLost = (error?: Error) => {
      if (lost || closed) return
      lost = true
      distrustReadCaches(db, holder, true)
      if (error) log.warn({ err: error }, 'write notices: connection lost, read caches off')
      retry = setTimeout(() => void listen(), RECONNECT_MS)
    }
    current.on('error', onLost)
    current.on('end', () => onLost())
    current.on('notification', () => forgetReadCaches(db))
    try {
      await current.connect()
      await current.query(`LISTEN ${CHANNEL}`)
      if (!closed && !lost) distrustReadCaches(db, holder, false)
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
    async close() {
      closed = true
      clearTimeout(retry)
      distrustReadCaches(db, holder, false)
      await client?.end().catch(() => {})
    },
  }
}
