// Bulk Delete: each record through the very `deletion()` of its single DELETE
// (../lib/delete-routes.ts), inside the bulk's one transaction: each record moves to the trash
// and its deletion is recorded in its history as DELETE records it. A record the rules keep is listed with the 409 text
// the single DELETE would give.
import type { Deletion } from '../lib/delete-routes'
import type { BulkApply, Refusal } from './bulk'

export function deleting<Scope>(deletion: Deletion): BulkApply<Scope> {
  return async (trx, ids, { operatorId }) => {
    const done: number[] = []
    const refused: Refusal[] = []
    let pending = ids
    // A category chosen with its subcategories: once they are gone it holds nothing more, so
    // the kept ones are tried again while a pass still deletes something (at most the depth).
    for (;;) {
      const held: Refusal[] = []
      let deleted = 0
      for (const id of pending) {
        const result = await deletion.remove(trx, id, operatorId)
        if (result.outcome === 'missing') refused.push({ id, detail: deletion.notFound })
        else if (result.outcome === 'refused') held.push({ id, detail: result.detail })
        else {
          deleted += 1
          done.push(id)
        }
      }
      if (deleted === 0 || held.length === 0) {
        refused.push(...held)
        break
      }
      pending = held.map((refusal) => refusal.id)
    }
    const order = new Map(ids.map((id, index) => [id, index]))
    refused.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    return { done, refused }
  }
}
