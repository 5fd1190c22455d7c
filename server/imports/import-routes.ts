// CSV import of every entity whose descriptor says how (issue 29, decision 021):
// POST /api/{collection}/import with a text/csv body in the export's own format, `?dryRun=true`
// to check only, `?skipInvalid=true` to write the valid rows; POST /api/imports/{batchId}/undo
// reverts a whole import (./import-undo.ts). The body is a stream, kept in a temporary file as it
// arrives (./csv-file.ts), then read back row by row: memory stays flat, and the write
// transaction never waits on the upload.
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { requireOperator } from '../auth/authenticate'
import { WRITE } from '../auth/rights'
import type { Database, Db } from '../db/types'
import type { Entity } from '../entity'
import { HttpError } from '../errors'
import { auditor } from '../lib/history'
import { booleanParam, querySchema } from '../lib/query-schema'
import { errors, ok, pathParams } from '../lib/responses'
import { booleanFilter, type RawQuery } from '../lists/list-params'
import { csvRecords, IMPORT_BODY_LIMIT, spool } from './csv-file'
import { lockedTransaction } from './import-lock'
import { importPlan } from './import-plan'
import { type ImportCounts, runImport } from './import-run'
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
  // Its own scope, so only these routes take text/csv bodies.
  app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload))
    for (const entity of entities) {
      if (!entity.import) continue
      const plan = importPlan(app, entity, entity.import)
      const snapshot = async (conn: Db, id: number) => {
        const record = await entity.find(conn, id)
        return record && plan.custom.show(conn, { id, ...record })
      }
      scope.post(
        `${entity.collection}/import`,
        {
          config: WRITE,
          bodyLimit: IMPORT_BODY_LIMIT,
          schema: importSchema,
          preValidation: takeStream,
        },
        async (request, reply) => {
          const query = request.query as RawQuery
          const dryRun = booleanFilter(query, 'dryRun') === true
          const skipInvalid = booleanFilter(query, 'skipInvalid') === true
          const file = await spool(streams.get(request) as Readable)
          try {
            const records = () => csvRecords(file.path)
            if (dryRun) return answer(await runImport(db, plan, records()), null, skipInvalid)
            const operatorId = requireOperator(request).id
            const batchId = randomUUID()
            const as = { action: 'import', batchId } as const
            const audit = auditor(operatorId, entity.schemaId, snapshot, undefined, as)
            const counts = await lockedTransaction(db, entity.collection, async (trx) => {
              const at = Date.now()
              const counts = await runImport(trx, plan, records(), { trx, audit, skipInvalid })
              if (counts.refused > 0 && !skipInvalid) throw new Refused(counts)
              const { created, updated } = counts
              if (created + updated > 0) {
                await trx
                  .insertInto('imports')
                  .values({
                    batchId,
                    collection: entity.collection,
                    operatorId,
                    at,
                    created,
                    updated,
                  })
                  .execute()
              }
              return counts
            }).catch((error) => {
              if (error instanceof Refused) return error.counts
              throw error
            })
            const written = counts.created + counts.updated > 0 && (skipInvalid || !counts.refused)
            return answer(counts, written ? batchId : null, skipInvalid)
          } finally {
            await file.remove()
          }

          function answer(counts: ImportCounts, batchId: string | null, skip: boolean) {
            const { created, updated, unchanged, errors, rows } = counts
            const status = counts.refused > 0 && !skip ? 400 : 200
            // A refusal answers the same body (the contract), unserialised by the 200 schema.
            const body = { created, updated, unchanged, errors, batchId, rows }
            return reply.code(status as 200).send(body)
          }
        },
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
        return undoImport(app, db, entities, batchId, requireOperator(request).id)
      },
    )
  })
}
