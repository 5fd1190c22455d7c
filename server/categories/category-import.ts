// How a CSV row creates or updates a category of either hierarchy (../imports/): the export's
// columns read back (./category-export.ts: the parent by its ID), the route's own body handling
// and writes. The parent is checked before any write, by the rule the writes use.
import type { EntityImport } from '../imports/entity-import'
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
    async check(db, body, id) {
      try {
        await assertValidParent(db, kind.table, id, categoryInput(kind, body as Body).parentId)
        return []
      } catch (error) {
        if (!(error instanceof InvalidParentError)) throw error
        return [{ field: kind.parentField, detail: parentDetail(kind, error) }]
      }
    },
    create: (trx, body, attributes, audit) =>
      createCategory(trx, kind.table, categoryInput(kind, body as Body), attributes, audit),
    update: async (trx, id, body, attributes, audit) => {
      await updateCategory(
        trx,
        kind.table,
        id,
        categoryInput(kind, body as Body),
        attributes,
        audit,
      )
    },
  }
}
