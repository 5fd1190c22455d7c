// Optimistic concurrency (issue #6): GET of an editable record answers an ETag, and a PUT whose
// If-Match no longer names the record's current tag gets 412 with nothing written. A PUT
// without If-Match behaves exactly as before.
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'
import { HttpError } from '../errors'

export const STALE_RECORD = 'This record was changed by someone else since you opened it.'

/**
 * A hash of the exact JSON that GET sends. It changes whenever anything GET shows changes (a
 * PUT, a photo added or removed, a new preview image, a renamed category listed in the record)
 * even where updated_at does not move, and two writes in one millisecond still differ.
 * Strong rather than weak: equal tags mean byte-equal bodies, and If-Match compares strongly
 * (RFC 9110 §13.1.1), so a weak tag could never match.
 */
export function etagOf(record: unknown): string {
  return tagOfJson(JSON.stringify(record))
}

function tagOfJson(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url')}"`
}

/** Answers a GET with the record and its tag: the JSON is made once, for both. */
export function sendTagged(reply: FastifyReply, record: unknown): FastifyReply {
  const json = JSON.stringify(record)
  return reply.header('etag', tagOfJson(json)).type('application/json; charset=utf-8').send(json)
}

export interface GuardedWrite<R> {
  /** The record's table and id: the writes of one record run one at a time. */
  record: readonly [table: string, id: number]
  /** The record as GET answers it; undefined when it does not exist. */
  current: (db: Kysely<Database>) => Promise<object | undefined>
  write: (db: Kysely<Database>) => Promise<R>
}

/**
 * Runs a PUT's write unless its If-Match names a stale tag (412, nothing written). A missing
 * record ignores If-Match: the write answers its own 404 (RFC 9110 §13.2.1).
 *
 * Check and write are atomic: every PUT of the record, with If-Match or without, runs alone, so
 * of two operators saving with the same tag exactly one succeeds. `current` and `write` must use
 * the `db` they are given (on SQLite, the outer one would wait for this very connection).
 */
export function writeIfMatch<R>(
  db: Kysely<Database>,
  request: FastifyRequest,
  { record, current, write }: GuardedWrite<R>,
): Promise<R> {
  const ifMatch = request.headers['if-match']
  return alone(db, record, async (conn) => {
    if (ifMatch !== undefined) {
      const found = await current(conn)
      if (found !== undefined && !admits(ifMatch, etagOf(found))) {
        throw new HttpError(412, STALE_RECORD)
      }
    }
    return write(conn)
  })
}

/** `*` or one of the listed tags, compared strongly: `W/"x"` never matches. */
function admits(header: string | string[], etag: string): boolean {
  const tags = [header].flat().join(',').split(',')
  return tags.some((tag) => tag.trim() === '*' || tag.trim() === etag)
}

// SQLite: the main connection is lent to one caller at a time (../db/sqlite-driver.ts), so
// holding it is enough. A connection holds it from its first statement that is not a plain
// SELECT (plain SELECTs before that go to the read workers): a raw `select 1` claims it before
// the check reads. PostgreSQL: an advisory lock on (table, id), taken and released on the
// connection we hold.
function alone<R>(
  db: Kysely<Database>,
  [table, id]: readonly [string, number],
  work: (db: Kysely<Database>) => Promise<R>,
): Promise<R> {
  return db.connection().execute(async (conn) => {
    if (!isPostgres(conn)) {
      await sql`select 1`.execute(conn)
      return work(conn)
    }
    const key = sql`${tableKey(table)}::int4, ${id}::int4`
    await sql`select pg_advisory_lock(${key})`.execute(conn)
    try {
      return await work(conn)
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn)
    }
  })
}

/** The lock's first key: 32 bits of the table name's SHA-256. */
function tableKey(table: string): number {
  return createHash('sha256').update(table).digest().readInt32BE(0)
}
