// The audit (lib/history.ts) of a route's write: the signed-in operator writes, `snapshot` reads
// the record as GET shows it. Routes build one per request and hand it to the write they call.
import type { FastifyRequest } from 'fastify'
import { requireOperator } from '../auth/authenticate'
import { type Audit, auditor, type HistoryEntity, type HistoryOwner } from './history'

export function requestAudit(
  entity: HistoryEntity,
  snapshot: Audit['snapshot'],
  owner?: HistoryOwner,
): (request: FastifyRequest) => Audit {
  return (request) => auditor(requireOperator(request).id, entity, snapshot, owner)
}
