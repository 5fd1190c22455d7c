// The fixed cost of a request, for `npm run bench:api`: the ladder of ./http-stages.ts measured
// over HTTP like the scenarios (bare Fastify first: the reference), and the per-request pieces
// that do not fit a ladder (session lookup, ETag, JSON of a list page) timed in-process.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import fastJsonStringify from 'fast-json-stringify'
import { resolveSession } from '../../server/auth/sessions'
import { hashToken } from '../../server/auth/tokens'
import type { DatabaseHandle } from '../../server/db/connection'
import { etagOf } from '../../server/lib/etag'
import { RECORD_SCHEMA } from '../../server/lib/responses'
import { readPage } from '../../server/lists/list-engine'
import { pageRequest, pagination } from '../../server/lists/list-params'
import { productSorts, sortRequest } from '../../server/lists/sorts'
import { findProduct, productList } from '../../server/products/product-queries'
import { REPO_ROOT, type Storage, storageEnv } from '../support/server-process'
import { median } from './report'

export const STAGE_PATH = '/api/ping'

export interface Stage {
  name: string
  url: string
}

export interface StageServers {
  stages: Stage[]
  /** A bearer token for the authenticated stage (the others ignore it). */
  token: string
  stop(): void
}

/** Starts ./http-stages.ts on the benchmark's database; resolves once all stages listen. */
export function startStageServers(storage: Storage, logLevel: string): Promise<StageServers> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/http-stages.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...storageEnv(storage), LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = () => {
    if (child.exitCode === null) child.kill()
  }
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`http-stages exited early (${code})`)))
    createInterface({ input: child.stdout }).once('line', (line) => {
      resolve({ ...(JSON.parse(line) as Omit<StageServers, 'stop'>), stop })
    })
  })
}

export interface PieceCost {
  name: string
  /** Median microseconds per call. */
  micros: number
}

/** Per-call cost of the request pieces the ladder cannot isolate, measured in this process. */
export async function priceRequestPieces(
  { db }: DatabaseHandle,
  token: string,
): Promise<PieceCost[]> {
  const policy = { ttlHours: 12 }
  const page = pageRequest({})
  const { rows, total } = await readPage(
    db,
    productList,
    {},
    page,
    sortRequest({}, productSorts, 'newest'),
  )
  const listBody = { data: rows, pagination: pagination(page, total) }
  const product = await findProduct(db, rows[0]?.id ?? 1)
  return [
    { name: 'token hash (SHA-256)', micros: await perCall(() => hashToken(token)) },
    {
      name: 'session lookup, write request (database)',
      micros: await perCall(() => resolveSession(db, token, policy)),
    },
    {
      name: 'session lookup, read request (read cache)',
      micros: await perCall(() => resolveSession(db, token, policy, { cached: true })),
    },
    { name: 'ETag of a product detail', micros: await perCall(() => etagOf(product)) },
    {
      name: 'JSON.stringify of a product detail',
      micros: await perCall(() => JSON.stringify(product)),
    },
    {
      name: 'a product detail through its response schema (Record)',
      micros: await perCall(() => serialiseRecord(product)),
    },
    {
      name: `JSON.stringify of a products page (${rows.length} rows)`,
      micros: await perCall(() => JSON.stringify(listBody)),
    },
  ]
}

/** What Fastify runs for an answer declared as a Record (server/lib/responses.ts). */
const serialiseRecord = fastJsonStringify(RECORD_SCHEMA)

/** Median µs per call over seven batches of 500 calls, after a warm-up batch. */
async function perCall(work: () => unknown): Promise<number> {
  const batch = 500
  const times: number[] = []
  for (let round = 0; round < 8; round += 1) {
    const started = performance.now()
    for (let i = 0; i < batch; i += 1) await work()
    if (round > 0) times.push(((performance.now() - started) * 1000) / batch)
  }
  return median(times)
}
