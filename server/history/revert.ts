// A record as it was right after one entry of its history (decision 022), rebuilt backwards
// from the record as GET shows it now: each later entry's changes are undone, newest first.
// Entries that change no field of the record itself are skipped: an image's own changes
// (`partId`), and a delete with its restore, which put the very same record back.
import type { Db } from '../db/types'
import { HttpError } from '../errors'
import type { Changes } from '../lib/history'

type Fields = Record<string, unknown>

/** Actions whose changes are not the record's fields going from one version to the next. */
const NOT_A_VERSION = new Set(['delete', 'restore', 'purge'])

/**
 * `custom` names the custom fields the schema declares now: one an entry shows going from
 * null was added to the schema since (a record saved before has none), so it keeps its
 * current value.
 */
export async function versionAfter(
  db: Db,
  entity: string,
  id: number,
  to: number,
  current: Fields,
  custom: readonly string[],
): Promise<Fields> {
  const entries = await db
    .selectFrom('history')
    .select(['id', 'action', 'partId', 'changes'])
    .where('entity', '=', entity)
    .where('entityId', '=', id)
    .where('id', '>=', to)
    .orderBy('id', 'desc')
    .execute()
  const target = entries.at(-1)
  if (target?.id !== to) {
    throw new HttpError(400, `to ${to} is not an entry of this record's history`)
  }
  if (NOT_A_VERSION.has(target.action)) {
    throw new HttpError(400, `to ${to} is a ${target.action}, not a version of the record`)
  }
  const version: Fields = { ...current }
  const touched = new Set<string>()
  for (const entry of entries.slice(0, -1)) {
    if (entry.partId !== null || NOT_A_VERSION.has(entry.action)) continue
    for (const [field, { before }] of Object.entries(JSON.parse(entry.changes) as Changes)) {
      version[field] = before
      touched.add(field)
    }
  }
  for (const field of custom) {
    if (touched.has(field) && version[field] === null) version[field] = current[field]
  }
  return version
}
