// CSV import of every entity whose descriptor says how (issue 29, decision 023):
// POST /api/{collection}/import with a text/csv body in the export's own format, `?dryRun=true`
// to check only, `?skipInvalid=true` to write the valid rows; the records under one parent
// (a provider's products) at `{parent}/:id/{collection}/import`; POST /api/imports/{batchId}/undo reverts a
// whole import (./import-undo.ts). The body is a stream, kept in a temporary file as it arrives
// (./csv-file.ts), then read back a batch of rows at a time: memory stays flat, and the write
// transaction never waits on the upload.
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { WRITE } from '../auth/rights'
import type { Database } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { booleanParam, querySchema } from '../lib/query-schema'
import { errors, ok, pathParams } from '../lib/responses'
import { booleanFilter, pathId, type RawQuery } from '../lists/list-params'
import { csvRecords, IMPORT_BODY_LIMIT, spool } from './csv-file'
import { lockedTransaction } from './import-lock'
import { type ImportPlan, importPlan } from './import-plan'
import { assertRowLimit, type ImportCounts, runImport } from './import-run'
import { undoImport } from './import-undo'

const importQuery = querySchema({ dryRun: booleanParam, skipInvalid: booleanParam })

const importSchema = {
  description:
    "A CSV file in the export's format. 200 with the counts and the first 20 rows' outcomes; 400 with the same body (and nothing written) when a row is refused, unless skipInvalid; 413 beyond 100,000 rows; 409 while another import of this list runs.",
  consumes: ['text/csv'],
  querystring: importQuery,
  body: { type: 'string', description: 'The CSV file (UTF-8, a header row of column titles)' },
  response: { ...ok.imported, ...errors(409) },
}

/** The body stream, kept aside before validation (the schema sees a placeholder string). */
const streams = new WeakMap<FastifyRequest, Readable>()

async function takeStream(request: FastifyRequest) {
  const body = request.body as Readable | undefined
  if (typeof body?.pipe !== 'function') {
    throw new HttpError(415, 'Unsupported content type: send the file as text/csv')
  }
  streams.set(request, body)
  request.body = ''
}

/** Carries the counts of a refused import out of its transaction, rolling it back. */
class Refused extends Error {
  constructor(readonly counts: ImportCounts) {
    super('import refused')
  }
}

export function registerImportRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
): void {
  const plans = new Map<string, ImportPlan>()
  for (const entity of entities) {
    if (entity.import) plans.set(entity.collection, importPlan(app, entity, entity.import))
  }

  /** Runs one import of `plan`'s collection; of one parent's records when `parent` is given
   * (its id from the path, undefined when the path names none). */
  async function handle(
    plan: ImportPlan,
    request: FastifyRequest,
    reply: FastifyReply,
    parent?: { id: number | undefined },
  ) {
    const query = request.query as RawQuery
    const dryRun = booleanFilter(query, 'dryRun') === true
    const skipInvalid = booleanFilter(query, 'skipInvalid') === true
    // Read to its end first, so that a client still sending can read a refusal.
    const file = await spool(streams.get(request) as Readable)
    try {
      const under = plan.how.under
      const underId = parent?.id
      if (under && parent && (underId === undefined || !(await under.exists(db, underId)))) {
        throw new HttpError(404, under.notFound)
      }
      await assertRowLimit(file)
      const records = () => csvRecords(file.path)
      if (dryRun) return answer(await runImport(db, plan, records(), { underId }), null)
      const operatorId = requireOperator(request).id
      const batchId = randomUUID()
      const as = { operatorId, action: 'import', batchId } as const
      const collection = plan.entity.collection
      const counts = await lockedTransaction(db, collection, async (trx) => {
        const at = Date.now()
        const write = { trx, as, skipInvalid }
        const counts = await runImport(trx, plan, records(), { write, underId })
        if (counts.refused > 0 && !skipInvalid) throw new Refused(counts)
        const { created, updated } = counts
        if (created + updated > 0) {
          await trx
            .insertInto('imports')
            .values({ batchId, collection, operatorId, at, created, updated })
            .execute()
        }
        return counts
      }).catch((error) => {
        if (error instanceof Refused) return error.counts
        throw error
      })
      const written = counts.created + counts.updated > 0 && (skipInvalid || !counts.refused)
      return answer(counts, written ? batchId : null)
    } finally {
      await file.remove()
    }

    function answer(counts: ImportCounts, batchId: string | null) {
      const { created, updated, unchanged, errors, rows } = counts
      const status = counts.refused > 0 && !skipInvalid ? 400 : 200
      // A refusal answers the same body (the contract), unserialised by the 200 schema.
      return reply.code(status as 200).send({ created, updated, unchanged, errors, batchId, rows })
    }
  }

  // Its own scope, so only these routes take text/csv bodies.
  app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload))
    const options = {
      config: WRITE,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: importSchema,
      preValidation: takeStream,
    }
    for (const plan of plans.values()) {
      scope.post(`${plan.entity.collection}/import`, options, (request, reply) =>
        handle(plan, request, reply),
      )
      const under = plan.how.under
      if (!under) continue
      // Beside the parent's list of them: /api/service-providers/:id/products/import.
      const children = plan.entity.collection.split('/').at(-1)
      scope.post(
        `${under.collection}/:id/${children}/import`,
        {
          ...options,
          schema: {
            ...importSchema,
            description: `${importSchema.description} The records of one parent: its column may be left out, and a row naming another is refused. 404 when the parent does not exist.`,
            params: pathParams('id'),
          },
        },
        (request, reply) => handle(plan, request, reply, { id: pathId(request.params) }),
      )
    }

    scope.post(
      '/api/imports/:batchId/undo',
      {
        config: WRITE,
        schema: {
          description:
            'Reverts a whole import: deletes the records it created, puts back those it changed. 409 (nothing undone) when one of them changed since, or cannot be deleted.',
          params: pathParams('batchId'),
          response: { ...ok.undone, ...errors(409) },
        },
      },
      async (request) => {
        const { batchId } = request.params as { batchId: string }
        return undoImport(db, plans, batchId, requireOperator(request).id)
      },
    )
  })
}
