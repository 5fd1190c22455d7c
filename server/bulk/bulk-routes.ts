// The bulk route of every entity's list (decision 013): Delete where the entity can be deleted,
// Enable and Disable where its records have `enabled`, over the generic route of ./bulk.ts; "all
// matching" reads the list's own filters. Lists under a parent (a product's images) register
// theirs with their own routes.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { customFields } from '../lib/custom-fields'
import { deletable, deletion } from '../lib/delete-routes'
import {
  attributeConditions,
  filterParam,
  MISSING_PARAM,
  missingConditions,
  missingParam,
  withAttributes,
} from '../lists/custom-list'
import { matchingIds } from '../lists/list-engine'
import { type BulkApply, filtersOf, registerBulkRoute } from './bulk'
import { deleting } from './bulk-delete'
import { type EnabledRecords, setEnabled } from './bulk-enable'

/** Enable and Disable for a table with `enabled`. */
export function enabling<Scope>(records: (scope: Scope) => EnabledRecords) {
  const to =
    (enabled: boolean): BulkApply<Scope> =>
    (trx, ids, { scope, operatorId }) =>
      setEnabled(trx, records(scope), ids, enabled, operatorId)
  return { enable: to(true), disable: to(false) }
}

const topLevel = async () => undefined

export function registerBulkRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
): void {
  for (const entity of entities) {
    const { params, filter } = entity.bulkFilter ?? entity.list
    const custom = customFields(app, entity.schemaId, entity.table)
    // What a PUT of the record requires: the same refusal in bulk (issue 27).
    const { required } = custom
    const titles = app.fieldTitles(entity.schemaId)
    const named = (field: string) => titles?.named(field) ?? field
    // The custom fields the list filters by (lists/custom-list.ts): "all matching" the list's
    // filters must match what the list shows.
    const own = filtersOf(params)
    const filterable = custom.listed.filter(
      (field) => field.filterable && !Object.hasOwn(own, field.name),
    )
    const filters = { ...own }
    for (const field of filterable) filters[field.name] = filterParam(field)
    const missable = Object.hasOwn(filters, MISSING_PARAM) ? [] : custom.missable
    if (missable.length > 0) filters[MISSING_PARAM] = missingParam(missable)
    registerBulkRoute(app, db, {
      path: entity.collection,
      filters,
      actions: {
        ...(entity.enabling
          ? enabling(() => ({
              table: entity.table,
              notFound: entity.notFound,
              entity: entity.schemaId,
              required,
              named,
            }))
          : {}),
        ...(deletable(entity) ? { delete: deleting(deletion(app, entity)) } : {}),
      },
      scope: topLevel,
      matching: (trx, query, _scope, limit) =>
        matchingIds(
          trx,
          entity.list.source,
          withAttributes(filter(query), [
            ...attributeConditions(query, filterable),
            ...missingConditions(query, missable),
          ]),
          limit,
        ),
    })
  }
}
