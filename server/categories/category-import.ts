// How a CSV row creates or updates a category of either hierarchy (../imports/): the export's
// columns read back (./category-export.ts: the parent by its ID), the route's own body handling
// and writes. The parent is checked before any write, by the rule the writes use. Rows are
// checked and written one at a time: a row's parent check must see the rows written before it
// (two rows could otherwise each pass and together close a loop), and a hierarchy is small.
import type { EntityImport, Refusal } from '../imports/entity-import'
import type { CategoryKind } from './category-kinds'
import {
  assertValidParent,
  createCategory,
  InvalidParentError,
  updateCategory,
} from './category-queries'
import { categoryInput, parentDetail } from './category-routes'

type Body = Parameters<typeof categoryInput>[1]

export function categoryImport(kind: CategoryKind): EntityImport {
  return {
    body: (record) => ({ ...record }),
    batch: 1,
    async check(db, rows) {
      const refusals: Refusal[][] = []
      for (const { id, body } of rows) {
        try {
          await assertValidParent(db, kind.table, id, categoryInput(kind, body as Body).parentId)
          refusals.push([])
        } catch (error) {
          if (!(error instanceof InvalidParentError)) throw error
          refusals.push([{ field: kind.parentField, detail: parentDetail(kind, error) }])
        }
      }
      return refusals
    },
    create: async (trx, records) => {
      const ids: number[] = []
      for (const { body, attributes } of records) {
        ids.push(
          await createCategory(trx, kind.table, categoryInput(kind, body as Body), attributes),
        )
      }
      return ids
    },
    update: async (trx, records) => {
      for (const { id, body, attributes } of records) {
        await updateCategory(trx, kind.table, id, categoryInput(kind, body as Body), attributes)
      }
    },
  }
}
