// POST /{collection}/{id}/revert `{"to": <history entry id>}` of every entity with an update
// (decision 022): the record is put back as it was right after that entry (./revert.ts) and
// saved as a new update through the entity's own PUT (`Entity.update`): the same validation
// and errors, If-Match honoured (412 when stale), recorded in the history as `revert`.
// Fields the schema no longer declares are left out; fields added since keep their values.
// Images the version had (a product's images and preview, a provider's photo and logo) come back
// too, through the entity's `restoreParts`, from the images kept for it (images/kept-images.ts).
// `?dryRun=true` answers `{"changes"}` instead (field → {before, after}: what the record as GET
// shows it would change) and writes nothing: the web app's "Restore this version" dialog shows
// it before the operator confirms.
import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { WRITE } from '../auth/rights'
import { formProperties } from '../db/entity-columns'
import type { Database, Db } from '../db/types'
import type { Entity, EntityUpdate } from '../entity'
import { HttpError } from '../errors'
import { customFields } from '../lib/custom-fields'
import { writeIfMatch } from '../lib/etag'
import { type Audit, auditor, type Changes, changesBetween, type Snapshot } from '../lib/history'
import { booleanParam, querySchema } from '../lib/query-schema'
import { errors, pathParams } from '../lib/responses'
import { booleanFilter, MAX_ID, pathId, type RawQuery } from '../lists/list-params'
import { createBodyValidator } from '../validation'
import { versionAfter } from './revert'

const schema = {
  params: pathParams('id'),
  body: {
    type: 'object',
    required: ['to'],
    additionalProperties: false,
    properties: {
      to: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_ID,
        'x-detail': { type: 'must be a history entry id', minimum: 'must be a history entry id' },
      },
    },
  },
  querystring: querySchema({ dryRun: booleanParam }),
  response: {
    200: {
      description: 'The record as saved; with dryRun, `{"changes"}`: what the revert would change',
      anyOf: [
        { $ref: 'Record#' },
        {
          type: 'object',
          required: ['changes'],
          properties: {
            changes: {
              description: 'Field → {before, after}, as the history would record them',
              type: 'object',
              additionalProperties: true,
            },
          },
        },
      ],
    },
    ...errors(412),
  },
}

export function registerRevertRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
) {
  for (const entity of entities) {
    if (!entity.update) continue
    const update = entity.update(app)
    const custom = customFields(app, entity.schemaId, entity.table)
    const shown = async (conn: Db, id: number) => {
      const record = await entity.find(conn, id)
      return record && custom.show(conn, { id, ...record })
    }
    const checked = putBody(app, entity.schemaId, update)
    app.post<{ Body: { to: number } }>(
      `${entity.collection}/:id/revert`,
      { config: WRITE, schema },
      async (request) => {
        const id = pathId(request.params)
        if (id === undefined) throw new HttpError(404, entity.notFound)
        const operatorId = requireOperator(request).id
        const audit = asRevert(auditor(operatorId, entity.schemaId, shown))
        const dryRun = booleanFilter(request.query as RawQuery, 'dryRun') === true
        const record = await writeIfMatch(db, request, {
          record: [entity.table, id],
          current: (conn) => shown(conn, id),
          write: async (conn) => {
            const current = await shown(conn, id)
            if (!current) return undefined
            const { to } = request.body
            const version = await versionAfter(conn, entity.schemaId, id, to, current, custom.shown)
            const body = checked(version)
            // Its images first (each change its own entry), then its fields, as one write.
            const revert = async (trx: Transaction<Database>, fieldsAudit: Audit) => {
              await update.restoreParts?.(trx, id, to, operatorId)
              return update.write(trx, id, body, fieldsAudit)
            }
            if (dryRun) return { changes: await changesOf(conn, id, revert, current, shown) }
            return conn.transaction().execute((trx) => revert(trx, audit))
          },
        })
        if (!record) throw new HttpError(404, entity.notFound)
        return record
      },
    )
  }
}

/** The PUT body of a version, with only the fields the update form declares now, checked as
 * PUT checks its body (an invalid one is PUT's own 400). */
function putBody(app: FastifyInstance, schemaId: string, update: EntityUpdate) {
  const document = app.getSchema(schemaId) as Record<string, unknown> | undefined
  // An entity without a schema file (a test's) checks its body in its own write.
  if (!document) return (version: Record<string, unknown>) => update.body(version)
  const declared = formProperties(document, 'update')
  let validate: ReturnType<ReturnType<typeof createBodyValidator>> | undefined
  return (version: Record<string, unknown>) => {
    const body = Object.fromEntries(
      Object.entries(update.body(version)).filter(([name]) => declared.has(name)),
    )
    validate ??= createBodyValidator(app.getSchemas() as Record<string, object>)({
      $ref: `${schemaId}#/definitions/update`,
    })
    if (!validate(body)) {
      throw Object.assign(new Error('invalid version'), {
        statusCode: 400,
        validation: validate.errors,
        validationContext: 'body',
      })
    }
    return body
  }
}

/** Rolls a dry run's write back, carrying out what it would have changed. */
class DryRun extends Error {
  constructor(readonly changes: Changes) {
    super('dry run')
  }
}

/** What `revert` would change in record `id` as GET shows it (from `current`), found by running
 * it in a transaction that is always rolled back: the same rules and errors (400) as the
 * revert itself, and nothing written. */
async function changesOf(
  conn: Kysely<Database>,
  id: number,
  revert: (trx: Transaction<Database>, spy: Audit) => Promise<unknown>,
  current: Snapshot,
  snapshot: Audit['snapshot'],
): Promise<Changes> {
  const changed = async (db: Db) => new DryRun(changesBetween(current, await snapshot(db, id)))
  // The fields' write ends by recording itself: the record is then as the revert leaves it.
  const spy: Audit = {
    snapshot,
    record: async (db) => {
      throw await changed(db)
    },
  }
  try {
    await conn.transaction().execute(async (trx) => {
      await revert(trx, spy)
      // A write that records nothing (a test's entity) is rolled back all the same.
      throw await changed(trx)
    })
  } catch (error) {
    if (error instanceof DryRun) return error.changes
    throw error
  }
  throw new Error('unreachable: a dry run always rolls back')
}

/** The entity's update records `revert` instead of `update`. */
function asRevert(audit: Audit): Audit {
  return {
    snapshot: audit.snapshot,
    record: (db, action, id, before) =>
      audit.record(db, action === 'update' ? 'revert' : action, id, before),
  }
}
