// A record's history (GET /{entity}/{id}/history, decision 011) and how it reads: who did what
// when, and each changed field as "Field: before → after". Pure functions beside one query, and
// the two calls of "Restore this version" (POST /{entity}/{id}/revert, decision 022).
import { api } from './api-client'
import { formatNaira } from './format'
import { listQuery } from './query-client'

export interface Change {
  before: unknown
  after: unknown
}

export interface HistoryEntry {
  id: number
  /** ISO 8601, UTC. */
  at: string
  operator: { id: number; username: string | null }
  action: string
  /** A product image's id for the image actions, else null. */
  partId: number | null
  changes: Record<string, Change>
}

export const HISTORY_PAGE_SIZE = 10
export const HISTORY_LOAD_FAILED = 'Error while loading data'

/** One page of the history of the record at `recordPath` (e.g. `/products/7`), newest first. */
export function historyQuery(recordPath: string, page: number) {
  return listQuery<HistoryEntry>(
    `${recordPath}/history`,
    { page, pageSize: HISTORY_PAGE_SIZE },
    HISTORY_LOAD_FAILED,
  )
}

/** What restoring a version would change (`?dryRun=true`), then restoring it: both send the
 * record's ETag as If-Match, so a record changed since the page loaded it answers 412. */
export const revertApi = {
  preview: (recordPath: string, to: number, etag: string | null) =>
    api
      .post<{ changes: HistoryEntry['changes'] }>(
        `${recordPath}/revert`,
        { to },
        { dryRun: true },
        etag,
      )
      .then((answer) => answer.changes),
  restore: (recordPath: string, to: number, etag: string | null) =>
    api.post<unknown>(`${recordPath}/revert`, { to }, undefined, etag),
}

/** Entries that are no version of the record's fields: the server refuses to restore them. */
const NOT_A_VERSION = new Set(['delete', 'restore', 'purge'])

/** Whether the entry offers "Restore this version". */
export const isVersion = ({ action }: Pick<HistoryEntry, 'action'>) => !NOT_A_VERSION.has(action)

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  'image-add': 'Image added',
  'image-update': 'Image edited',
  'image-delete': 'Image deleted',
  'image-preview': 'Preview image changed',
  'photo-upload': 'Passport photo uploaded',
  'photo-delete': 'Passport photo removed',
  'logo-upload': 'Brand logo uploaded',
  'logo-delete': 'Brand logo removed',
  revert: 'Earlier version restored',
  restore: 'Restored from the trash',
  import: 'Imported',
  undo: 'Import undone',
}

/** "Updated", "Image 12 added"; an action this screen does not know reads as it is sent. */
export function actionText({ action, partId }: Pick<HistoryEntry, 'action' | 'partId'>): string {
  const text = ACTIONS[action] ?? action
  return partId === null ? text : text.replace(/^Image/, `Image ${partId}`)
}

/** The operator's name, or who they were when the account no longer exists. */
export function operatorText({ operator }: Pick<HistoryEntry, 'operator'>): string {
  return operator.username ?? `Operator ${operator.id}`
}

/** The time in the operator's own locale and time zone: "25 Nov 2026, 18:04". */
export function timeText(at: string, locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return format.format(new Date(at))
}

/** A field name as a label: `estimatedDeliveryDays` → "Estimated delivery days" (as forms/field-titles.ts humanises a key). */
export function fieldText(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Fields holding naira (the products' prices): shown as money. */
const MONEY_FIELDS = new Set(['price', 'minPrice', 'maxPrice'])

export interface ChangeLine {
  field: string
  label: string
  text: string
}

/** What the record's page calls its fields (forms/field-titles.ts): `usual` unless renamed. */
export interface FieldLabels {
  label(field: string, usual: string): string
}

/**
 * The lines an entry shows, "Field: before → after", each field named as the record's page
 * names it (`titles`: its schema title once an analyst renamed it, a custom field's title). A create shows only the new values and a
 * delete only the old ones; a field empty on both sides (a create without categories) shows none.
 */
export function changeLines(
  { action, changes }: Pick<HistoryEntry, 'action' | 'changes'>,
  titles?: FieldLabels,
) {
  const lines: ChangeLine[] = []
  for (const [field, change] of Object.entries(changes)) {
    const [before, after] = [valueText(change.before, field), valueText(change.after, field)]
    if (before === after) continue
    const text = action === 'create' ? after : action === 'delete' ? before : `${before} → ${after}`
    const usual = fieldText(field)
    lines.push({ field, label: titles ? titles.label(field, usual) : usual, text })
  }
  return lines
}

/** A value as a person reads it: "—" for none, Yes/No, naira, category names, text as it is. */
export function valueText(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatNaira(value)
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => nameOf(item)).join(', ')
  }
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function nameOf(item: unknown): string {
  if (typeof item === 'object' && item !== null && 'name' in item) return String(item.name)
  return valueText(item)
}
