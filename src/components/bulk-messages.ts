// The words of bulk actions: the bar's count, the Delete dialog and the result toast
// ("12 products disabled"; "3 product categories deleted; 2 refused: …", the refused grouped by
// their reason so that many refusals still read as a few lines, each record named as its row
// shows it, or by its id when no row the operator saw named it).
import { formatAboutCount } from '../lib/format'
import type { BulkAction } from './bulk-selection'
import type { Nouns } from './trash-messages'

export interface BulkResult {
  done: number[]
  refused: Array<{ id: number; detail: string }>
}

const DONE: Record<BulkAction, string> = {
  enable: 'enabled',
  disable: 'disabled',
  delete: 'deleted',
  restore: 'restored',
}

/** The ids shown per reason; the rest are counted. */
const SHOWN_IDS = 5

const format = new Intl.NumberFormat('en-NG')

/** "12 products"; "about 2.5M products" for a count the server says is not exact (a list's
 * total just after a write, decision 030). */
export function counted(target: Nouns, count: number, exact = true): string {
  const number = exact ? format.format(count) : formatAboutCount(count)
  return `${number} ${count === 1 ? target.one : target.many}`
}

export const BULK_TEXTS = {
  selected: (target: Nouns, count: number, exact = true) =>
    `${counted(target, count, exact)} selected`,
  selectAll: (total: number, exact = true) =>
    `Select all ${exact ? format.format(total) : formatAboutCount(total)} matching the filters`,
  confirmTitle: 'Are you sure?',
  confirmText: (target: Nouns, count: number, exact = true) =>
    `This action cannot be undone. This will permanently delete ${counted(target, count, exact)}.`,
  failed: 'Bulk action failed. Please try again.',
  /** Changes heard while rows are chosen, the list held still (lib/live-change-hub.ts). */
  heldChanges: (count: number) =>
    `${format.format(count)} ${count === 1 ? 'change' : 'changes'} — Refresh`,
}

export function bulkResultText(
  target: Nouns,
  action: BulkAction,
  result: BulkResult,
  names: ReadonlyMap<number, string> = new Map(),
) {
  const head = `${counted(target, result.done.length)} ${DONE[action]}`
  if (result.refused.length === 0) return head
  const byReason = new Map<string, number[]>()
  for (const { id, detail } of result.refused) {
    byReason.set(detail, [...(byReason.get(detail) ?? []), id])
  }
  const reasons = [...byReason].map(
    ([detail, ids]) => `${detail.replace(/\.$/, '')} (${recordList(ids, names)})`,
  )
  return `${head}; ${format.format(result.refused.length)} refused: ${reasons.join('; ')}`
}

function recordList(ids: number[], names: ReadonlyMap<number, string>): string {
  const shown = ids
    .slice(0, SHOWN_IDS)
    .map((id) => {
      const name = names.get(id)
      return name === undefined ? `#${id}` : `"${name}"`
    })
    .join(', ')
  const more = ids.length - SHOWN_IDS
  return more > 0 ? `${shown} and ${format.format(more)} more` : shown
}
