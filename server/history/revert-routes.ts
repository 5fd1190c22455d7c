// POST /{collection}/{id}/revert `{"to": <history entry id>}` of every entity with an update
// (decision 022): the record is put back as it was right after that entry (./revert.ts) and
// saved as a new update through the entity's own PUT (`Entity.update`): the same validation
// and errors, If-Match honoured (412 when stale), recorded in the history as `revert`.
// Fields the schema no longer declares are left out; fields added since keep their values.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { WRITE } from '../auth/rights'
import { formProperties } from '../db/entity-columns'
import type { Database, Db } from '../db/types'
import type { Entity, EntityUpdate } from '../entity'
import { HttpError } from '../errors'
import { customFields } from '../lib/custom-fields'
import { writeIfMatch } from '../lib/etag'
import { type Audit, auditor } from '../lib/history'
import { errors, ok, pathParams } from '../lib/responses'
import { MAX_ID, pathId } from '../lists/list-params'
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
  response: { ...ok.record, ...errors(412) },
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
        const audit = asRevert(auditor(requireOperator(request).id, entity.schemaId, shown))
        const record = await writeIfMatch(db, request, {
          record: [entity.table, id],
          current: (conn) => shown(conn, id),
          write: async (conn) => {
            const current = await shown(conn, id)
            if (!current) return undefined
            const { to } = request.body
            const version = await versionAfter(conn, entity.schemaId, id, to, current, custom.shown)
            return update.write(conn, id, checked(version), audit)
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

/** The entity's update records `revert` instead of `update`. */
function asRevert(audit: Audit): Audit {
  return {
    snapshot: audit.snapshot,
    record: (db, action, id, before) =>
      audit.record(db, action === 'update' ? 'revert' : action, id, before),
  }
}
