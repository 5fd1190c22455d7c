// Load and race test for issue #6: `npm run bench:load` (see --help). A fresh small database,
// the real server, 200 connections for 60 s of mixed reads and writes (lists, details, creates,
// updates, image uploads, make-preview), then invariants checked in the database and through
// the API, then deliberate races. Exits 1 on any connection error, any 5xx or any broken
// invariant; latency and throughput are printed, never judged.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { fire } from './bench/cannon'
import {
  apiCategoryCheck,
  type Check,
  concurrentSaves,
  createdRecords,
  databaseInvariants,
  previewRace,
  rowCounts,
} from './bench/load-checks'
import { mixedWorkload } from './bench/load-workload'
import { makePngs } from './bench/png'
import { int, ms, percentile, printTable } from './bench/report'
import { mib, sampleRss } from './bench/rss'
import { BENCH_PG_CLUSTER, ensureSeeded, openDatabase } from './bench/seed'
import { ensureDatabase, startPgCluster } from './support/pg-cluster'
import {
  apiClient,
  login,
  REPO_ROOT,
  type Storage,
  settle,
  startServer,
  storageEnv,
} from './support/server-process'

const HELP = `Usage: npm run bench:load -- [options]
  --duration S       seconds of load (default 60)
  --connections N    concurrent connections (default 200)
  --pg               PostgreSQL on a throwaway cluster (default SQLite in a temporary directory)
  --products N       products to seed (default 2000)
  --providers N      service providers to seed (default 200)
  --timeout S        seconds without an answer that count as an error (default 10)
  --race-rounds N    rounds of the two-operators race per record kind (default 10)
  --log-level LEVEL  the server's LOG_LEVEL (default warn)
Exits 1 on any connection error or timeout, any 5xx, or any broken invariant.`

const OPERATOR_2 = { username: 'bench-operator-2', password: 'second-operator-password' }

async function main(): Promise<number> {
  const options = parseOptions()
  const cleanups: Array<() => Promise<void> | void> = []
  // Last started, first stopped; each once, even when Ctrl-C arrives while cleaning up.
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error) => console.error('Cleanup failed:', error))
    }
  }
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)))
  try {
    return await run(options, cleanups)
  } finally {
    await cleanUp()
  }
}

async function run(
  options: ReturnType<typeof parseOptions>,
  cleanups: Array<() => Promise<void> | void>,
): Promise<number> {
  let storage: Storage
  if (options.pg) {
    const cluster = await startPgCluster(BENCH_PG_CLUSTER)
    cleanups.push(() => cluster.close())
    storage = { databaseUrl: await ensureDatabase(cluster.url, 'backoffice') }
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    storage = { dataDir }
  }
  const sizes = { products: options.products, providers: options.providers }
  await ensureSeeded(storage, sizes, { fresh: true })
  const handle = openDatabase(storage)
  cleanups.push(() => handle.destroy())

  const server = await startServer(storage, { logLevel: options.logLevel })
  cleanups.push(async () => {
    await server.stop()
  })
  await addOperator(storage, OPERATOR_2)
  const token = await login(server.url)
  const api = apiClient(server.url, token)
  const secondOperator = apiClient(server.url, await login(server.url, OPERATOR_2))

  // Images to make previews of from the first second on.
  const pngs = await makePngs(8)
  const images: Array<{ productId: number; imageId: number }> = []
  for (let productId = 1; productId <= 20; productId += 1) {
    const body = { image: pngs[productId % 8].toString('base64'), imageName: 'bench-load-seed' }
    const created = await api.post(`/api/products/${productId}/images`, body)
    if (created.status !== 201) throw new Error(`Image upload failed: ${created.text}`)
    images.push({ productId, imageId: created.json().id })
  }
  const dropdown = (await api.get('/api/product-categories?pageSize=3000')).json()
  const categoryIds = dropdown.data.map((category: { id: number }) => category.id)

  const before = await rowCounts(handle)
  console.log(
    `\nbench:load — ${handle.dialect}, ${int(sizes.products)} products / ${int(sizes.providers)} providers, ` +
      `${options.connections} connections for ${options.duration} s (writes stop ${options.writeMargin} s before the end, ` +
      `so every write is answered); ${os.cpus().length} cores shared by server, database and load generator`,
  )
  const rss = sampleRss(server.pid)
  const writesUntil = Date.now() + (options.duration - options.writeMargin) * 1000
  const workload = mixedWorkload({ ...sizes, categoryIds, images, pngs }, writesUntil)
  const figures = await fire({
    url: server.url,
    connections: options.connections,
    duration: options.duration,
    timeout: options.timeout,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    shot: workload.shot,
    onResponse: workload.onResponse,
  })
  const peakRss = rss.peak()
  // Requests that timed out may still be running server-side; the checks wait for them.
  await settle(server.url)

  const fivexx = Object.entries(figures.statuses)
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0)
  console.log(
    `\nTotal requests ${int(figures.requests)} (${int(figures.rps)} req/s); errors ${figures.errors} ` +
      `(timeouts ${figures.timeouts}); non-2xx ${figures.non2xx}; 5xx ${fivexx}; ` +
      `p50 ${figures.p50} ms, p99 ${figures.p99} ms; peak server RSS ${mib(peakRss)}`,
  )
  const non2xx = Object.entries(figures.statuses).filter(([code]) => !code.startsWith('2'))
  console.log(
    `Non-2xx by status: ${non2xx.length ? non2xx.map(([code, n]) => `${code}: ${n}`).join(', ') : 'none'}\n`,
  )
  printTable(
    ['operation', 'sent', 'answered', 'p50 ms', 'p99 ms', 'statuses'],
    Object.entries(workload.tally).map(([op, { sent, statuses, latencies }]) => [
      op,
      int(sent),
      int(latencies.length),
      ms(percentile(latencies, 0.5)),
      ms(percentile(latencies, 0.99)),
      Object.entries(statuses)
        .map(([code, count]) => `${code}: ${count}`)
        .join(', '),
    ]),
  )

  const after = await rowCounts(handle)
  const unanswered = (op: string) => workload.tally[op].sent - workload.tally[op].latencies.length
  const checks: Check[] = [
    ...(await databaseInvariants(handle)),
    await createdRecords(
      handle,
      'product',
      workload.names,
      after.products - before.products,
      unanswered('product create'),
    ),
    await createdRecords(
      handle,
      'image',
      workload.names,
      after.images - before.images,
      unanswered('product image upload'),
    ),
    await apiCategoryCheck(api),
  ]
  const raceIds = { products: [3, 5, 8, 13, 21], providers: [2, 3, 5, 7, 11] }
  const races = [
    ...(await concurrentSaves(api, secondOperator, options.raceRounds, raceIds)),
    ...(await previewRace(api, 34, pngs[1])),
    ...(await databaseInvariants(handle)).map((c) => ({ ...c, name: `after races: ${c.name}` })),
  ]
  console.log('\nInvariants after the load:')
  for (const c of checks)
    console.log(`  ${c.ok ? '✓' : '✗'} ${c.name}${c.detail ? ` (${c.detail})` : ''}`)
  console.log('Race checks:')
  for (const c of races)
    console.log(`  ${c.ok ? '✓' : '✗'} ${c.name}${c.detail ? ` (${c.detail})` : ''}`)
  if (!server.alive()) console.log('✗ The server process died during the run')

  const failures = [
    figures.errors > 0 && `${figures.errors} connection errors/timeouts`,
    fivexx > 0 && `${fivexx} responses with a 5xx status`,
    ...[...checks, ...races].filter((c) => !c.ok).map((c) => c.name),
  ].filter(Boolean)
  if (fivexx > 0) console.log(`\nServer log (last lines):\n${server.output().slice(-3000)}`)
  console.log(failures.length === 0 ? '\nPASS' : `\nFAIL: ${failures.join('; ')}`)
  return failures.length === 0 ? 0 : 1
}

/** A second operator, made with the operator CLI as an administrator would. */
function addOperator(storage: Storage, operator: typeof OPERATOR_2): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli/operator.ts', 'add', operator.username],
    { cwd: REPO_ROOT, env: { ...process.env, ...storageEnv(storage) }, stdio: 'pipe' },
  )
  child.stdin.end(`${operator.password}\n${operator.password}\n`)
  let output = ''
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`operator add failed: ${output}`)),
    ),
  )
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '200' },
      pg: { type: 'boolean', default: false },
      products: { type: 'string', default: '2000' },
      providers: { type: 'string', default: '200' },
      timeout: { type: 'string', default: '10' },
      'race-rounds': { type: 'string', default: '10' },
      'log-level': { type: 'string', default: 'warn' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(HELP)
    process.exit(0)
  }
  const number = (name: string, raw: string, min: number) => {
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`--${name} must be a whole number ≥ ${min}`)
    }
    return value
  }
  const duration = number('duration', values.duration, 2)
  return {
    duration,
    // Writes stop this long before the end, so none is cut off without its answer.
    writeMargin: Math.min(5, Math.max(1, Math.round(duration / 5))),
    connections: number('connections', values.connections, 1),
    pg: values.pg,
    // Image and race checks use products 1–34 and providers 1–11.
    products: number('products', values.products, 40),
    providers: number('providers', values.providers, 12),
    timeout: number('timeout', values.timeout, 1),
    raceRounds: number('race-rounds', values['race-rounds'], 1),
    logLevel: values['log-level'],
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
