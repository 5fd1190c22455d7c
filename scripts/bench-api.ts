// API throughput benchmark: `npm run bench:api` (see --help). Seeds (or reuses) a big database,
// starts the real server, and for every scenario in scripts/bench/api-scenarios.ts prints
// requests/s and latency at 8 and 32 connections next to the same query timed in-process (the
// ceiling the HTTP layer cannot beat), the trivial /api/health route and a bare Fastify route
// (the reference for the HTTP layer itself); before them, the fixed cost of a request priced
// piece by piece (scripts/bench/http-costs.ts); then json-server 0.17 over 100,000 of the same
// products as an outside yardstick. Figures only: nothing here fails on a slow result.
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { apiScenarios, dataFacts, type Scenario } from './bench/api-scenarios'
import { type Figures, fire, type Shot } from './bench/cannon'
import {
  type PieceCost,
  priceRequestPieces,
  STAGE_PATH,
  startStageServers,
} from './bench/http-costs'
import { exportProducts, JSON_SERVER, startJsonServer } from './bench/json-server'
import { int, median, ms, printTable, ratio } from './bench/report'
import { mib, sampleRss } from './bench/rss'
import { BENCH_PG_CLUSTER, ensureSeeded, openDatabase, shortCount } from './bench/seed'
import { startWriter, type WriterFigures } from './bench/writer'
import { SEARCH_TERMS } from './seed-demo/words'
import { ensureDatabase, startPgCluster } from './support/pg-cluster'
import { login, REPO_ROOT, type Storage, settle, startServer } from './support/server-process'

const HELP = `Usage: npm run bench:api -- [options]
  --products N          products to seed (default 1000000)
  --providers N         service providers to seed (default products / 10)
  --duration S          seconds per measured run (default 10)
  --connections A,B     connection counts (default 8,32)
  --pg                  PostgreSQL (a cluster under .bench/ the script starts and stops)
  --fresh               seed again even if the cached database is right
  --only TEXT           only scenarios whose name contains TEXT, or one of TEXT|TEXT|…
                        (health always runs)
  --skip-stages         skip the per-stage cost of a request (bare Fastify always runs)
  --query-runs N        in-process repetitions per query, median taken (default 200, 3 s max)
  --query-cores N       cores the server runs queries on (default $BENCH_QUERY_CORES or 1)
  --json-products N     products given to json-server (default 100000; 0 skips it)
  --log-level LEVEL     the server's LOG_LEVEL (default warn)
  --writer              while each scenario runs, a write a second through the API (product 1
                        disabled, then enabled again), as operators at work make them
  --data-dir DIR        the cached database's directory instead of .bench/'s (a copy, for a
                        tree with newer migrations: they would migrate the shared one)
Databases are cached in .bench/<sqlite|pg>-<products>-<providers>/.`

const options = parseOptions()

interface Row {
  scenario: string
  connections: number
  figures: Figures
  matched?: number
  queryMs: number
  /** What --writer did during the run. */
  writes?: WriterFigures
}

async function main(): Promise<void> {
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
    await run(cleanups)
  } finally {
    await cleanUp()
  }
}

async function run(cleanups: Array<() => Promise<void> | void>): Promise<void> {
  const { products, providers } = options
  const cacheName = `${options.pg ? 'pg' : 'sqlite'}-${shortCount(products)}-${shortCount(providers)}`
  const cacheDir = options.dataDir ?? path.join(REPO_ROOT, '.bench', cacheName)
  let storage: Storage = { dataDir: cacheDir }
  if (options.pg) {
    const cluster = await startPgCluster({ ...BENCH_PG_CLUSTER, keepDir: cacheDir })
    cleanups.push(() => cluster.close())
    storage = { databaseUrl: await ensureDatabase(cluster.url, 'backoffice') }
  }
  const seeding = await ensureSeeded(storage, { products, providers }, { fresh: options.fresh })

  const handle = openDatabase(storage)
  cleanups.push(() => handle.destroy())
  const facts = await dataFacts(handle)
  const scenarios = apiScenarios(handle, facts).filter(
    (scenario) =>
      scenario.name.startsWith('health') ||
      options.only.split('|').some((text) => scenario.name.includes(text)),
  )

  const server = await startServer(storage, { logLevel: options.logLevel })
  cleanups.push(async () => {
    await server.stop()
  })
  const rss = sampleRss(server.pid)
  const token = await login(server.url)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

  console.log(
    `\nbench:api — ${handle.dialect} ${path.relative(REPO_ROOT, cacheDir)} (${seeding}): ${int(facts.products)} products, ` +
      `${int(facts.providers)} providers; ${options.duration} s per run after a 1 s warm-up; ` +
      `server LOG_LEVEL=${options.logLevel}; ${readWorkersNote(handle.dialect)}; ` +
      `${options.writer ? 'a write a second during every run (--writer)' : 'no writes'}; ` +
      `node ${process.version}; ${os.cpus().length} cores ` +
      `shared by server, database and load generator (figures are noisy)\n`,
  )

  const stageRows = await measureStages(storage, server.url)
  const pieces = await priceRequestPieces(handle, token)

  const rows: Row[] = []
  for (const scenario of scenarios) {
    const { queryMs, matched } = await timeQuery(scenario)
    for (const connections of options.connections) {
      const shoot = { url: server.url, connections, headers, shot: scenario.shot }
      // Writes start with the warm-up, so the measured run meets them in their steady state.
      const writer = options.writer ? startWriter(server.url, headers, 1) : undefined
      await fire({ ...shoot, duration: 1 })
      await settle(server.url)
      const figures = await fire({ ...shoot, duration: options.duration })
      const writes = await writer?.stop()
      const backlog = await settle(server.url)
      rows.push({ scenario: scenario.name, connections, figures, matched, queryMs, writes })
      console.log(
        `  ${scenario.name} @${connections}: ${int(figures.rps)} req/s, p99 ${figures.p99} ms` +
          `${writes ? `; ${writes.writes} writes (p99 ${writes.p99} ms, ${writes.failed} failed)` : ''}` +
          `${figures.errors + figures.non2xx > 0 ? `, ${figures.errors} errors, statuses ${JSON.stringify(figures.statuses)}` : ''}` +
          `${backlog > 1000 ? `; the server needed ${(backlog / 1000).toFixed(1)} s to finish requests left over` : ''}`,
      )
    }
  }
  await server.stop()
  const peakRss = rss.stop()

  console.log()
  printStages(stageRows, pieces)
  console.log()
  printResults(rows, stageRows)
  console.log(
    `\nPeak server RSS: ${mib(peakRss)} (pid ${server.pid}, sampled every 500 ms + VmHWM)`,
  )
  if (options.pg) console.log('(PostgreSQL runs in its own processes, not counted above.)')

  if (options.jsonProducts > 0) await compareWithJsonServer(handle, rows, cleanups)
}

/** The server reads SQLITE_READ_WORKERS from the environment this script passes on. */
function readWorkersNote(dialect: string): string {
  if (dialect !== 'sqlite') return 'SQLITE_READ_WORKERS ignored (PostgreSQL)'
  return `SQLITE_READ_WORKERS=${loadConfig(process.env).sqliteReadWorkers}`
}

interface StageRow {
  stage: string
  connections: number
  figures: Figures
}

const STAGE_ROUNDS = 3

/**
 * The ladder of scripts/bench/http-stages.ts (bare Fastify, then one piece of the product's HTTP
 * layer added at a time), then the real server's public routes without and with one query: what
 * a request costs before any handler work. Other work on the machine comes and goes, so the
 * stages take turns over three rounds and each keeps its best run.
 */
async function measureStages(storage: Storage, serverUrl: string) {
  const servers = await startStageServers(storage, options.logLevel)
  const best = new Map<string, StageRow>()
  try {
    const ladder = options.skipStages ? servers.stages.slice(0, 1) : servers.stages
    const targets = ladder.map(({ name, url }) => ({ name, url, path: STAGE_PATH }))
    if (!options.skipStages) {
      for (const route of ['/api/health/live', '/api/health']) {
        targets.push({ name: `product server, ${route}`, url: serverUrl, path: route })
      }
    }
    const headers = { authorization: `Bearer ${servers.token}` }
    const duration = Math.max(2, Math.round(options.duration / STAGE_ROUNDS))
    for (let round = 0; round < STAGE_ROUNDS; round += 1) {
      for (const { name, url, path: stagePath } of targets) {
        for (const connections of options.connections) {
          const shoot = { url, connections, headers, shot: { path: stagePath } }
          if (round === 0) await fire({ ...shoot, duration: 1 })
          const figures = await fire({ ...shoot, duration })
          const key = `${name}@${connections}`
          if (figures.rps > (best.get(key)?.figures.rps ?? 0)) {
            best.set(key, { stage: name, connections, figures })
          }
        }
      }
      console.log(`  request stages: round ${round + 1} of ${STAGE_ROUNDS} done`)
    }
  } finally {
    servers.stop()
  }
  return [...best.values()]
}

function printStages(stages: StageRow[], pieces: PieceCost[]): void {
  const bare = (connections: number) =>
    stages.find((row) => row.connections === connections)?.figures.rps ?? Number.NaN
  printTable(
    ['stage (one trivial route)', 'conns', 'req/s', 'µs/req', '+µs', '×bare'],
    stages.map(({ stage, connections, figures }, index) => {
      const micros = 1e6 / figures.rps
      const previous = stages.slice(0, index).findLast((row) => row.connections === connections)
      return [
        stage,
        String(connections),
        int(figures.rps),
        int(micros),
        previous ? int(micros - 1e6 / previous.figures.rps) : '',
        ratio(figures.rps / bare(connections)),
      ]
    }),
  )
  console.log(
    `\nBest of ${STAGE_ROUNDS} interleaved runs each. µs/req: 1,000,000 ÷ req/s, the load ` +
      "generator's share of the 2 cores included; +µs: more than the row above at the same " +
      'connections (what that row adds).\n',
  )
  printTable(
    ['request piece (in-process)', 'µs per call'],
    pieces.map(({ name, micros }) => [name, micros.toFixed(1)]),
  )
}

/**
 * Median of up to --query-runs in-process runs (at least 3, within about 3 s), after warm-up
 * runs for half a second (at least three): this connection's page cache starts cold while the
 * server's is warm, and a first scenario's code is not yet optimised (with three warm-up runs
 * and 15 timed, the unfiltered list timed 0.78 ms and the same query sorted newest first 0.43).
 */
async function timeQuery(scenario: Scenario): Promise<{ queryMs: number; matched?: number }> {
  const matched = await scenario.query()
  const warming = performance.now()
  for (let runs = 1; runs < 3 || performance.now() - warming < 500; runs += 1) {
    await scenario.query()
  }
  const times: number[] = []
  const started = performance.now()
  while (
    times.length < options.queryRuns &&
    (times.length < 3 || performance.now() - started < 3000)
  ) {
    const t0 = performance.now()
    await scenario.query()
    times.push(performance.now() - t0)
  }
  return { queryMs: median(times), matched }
}

function printResults(rows: Row[], stages: StageRow[]): void {
  const health = new Map(
    rows.filter((row) => row.scenario.startsWith('health')).map((row) => [row.connections, row]),
  )
  const bare = new Map(
    stages
      .filter((row) => row.stage === 'bare Fastify')
      .map((row) => [row.connections, row.figures.rps]),
  )
  printTable(
    [
      'scenario',
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      'err+non2xx',
      'rows matched',
      'query ms',
      '×ceiling',
      '×health',
      '×bare',
      ...(options.writer ? ['writes (p99 ms)'] : []),
    ],
    rows.map(({ scenario, connections, figures, matched, queryMs, writes }) => {
      const ceiling = (1000 / queryMs) * options.queryCores
      const healthRps = health.get(connections)?.figures.rps ?? Number.NaN
      return [
        scenario,
        String(connections),
        int(figures.rps),
        String(figures.p50),
        String(figures.p99),
        `${figures.errors}+${figures.non2xx}`,
        matched === undefined ? '' : int(matched),
        ms(queryMs),
        ratio(figures.rps / ceiling),
        ratio(figures.rps / healthRps),
        ratio(figures.rps / (bare.get(connections) ?? Number.NaN)),
        ...(writes
          ? [`${writes.writes} (${writes.p99})${writes.failed ? `, ${writes.failed} failed` : ''}`]
          : []),
      ]
    }),
  )
  console.log(
    `\nquery ms: median in-process time of the route's query functions (no HTTP, no JSON).\n` +
      `×ceiling: req/s ÷ (1000 ÷ query ms × ${options.queryCores} query core(s), --query-cores / ` +
      'BENCH_QUERY_CORES); 1.00 means the HTTP layer costs nothing. Above 1 is possible when the ' +
      'database works beside Node (PostgreSQL) or caches what in-process timing repeated.\n' +
      '×health: req/s ÷ /api/health req/s at the same connections.\n' +
      '×bare: req/s ÷ a bare Fastify route (same Node, same run) at the same connections.',
  )
}

async function compareWithJsonServer(
  handle: ReturnType<typeof openDatabase>,
  rows: Row[],
  cleanups: Array<() => Promise<void> | void>,
): Promise<void> {
  const file = path.join(os.tmpdir(), `bench-json-server-${process.pid}.json`)
  const count = await exportProducts(handle, options.jsonProducts, file)
  cleanups.push(() => rmSync(file, { force: true }))
  console.log(`\njson-server: ${JSON_SERVER} via npx over ${int(count)} of the same products`)
  let server: Awaited<ReturnType<typeof startJsonServer>>
  try {
    server = await startJsonServer(file)
  } catch (error) {
    console.log(`json-server could not be started; comparison skipped.\n${error}`)
    return
  }
  cleanups.push(() => server.stop())
  const rss = sampleRss({ group: server.pid })
  const term = SEARCH_TERMS.productName.selective
  // Page 1 of 30 rows on both sides, so the responses are the same size.
  const pairs: Array<{ ours: string; theirs: Shot }> = [
    {
      ours: `products, name "${term}"`,
      theirs: { path: `/products?name_like=${term}&_page=1&_limit=30` },
    },
    { ours: 'products, unfiltered', theirs: { path: '/products?_page=1&_limit=30' } },
  ]
  const table: string[][] = []
  for (const { ours, theirs } of pairs) {
    const ourRow = rows.find((row) => row.scenario.startsWith(ours) && row.connections === 8)
    const shoot = { url: server.url, connections: 8, shot: theirs }
    await fire({ ...shoot, duration: 1 })
    const figures = await fire({ ...shoot, duration: options.duration })
    table.push([
      theirs.path,
      int(figures.rps),
      String(figures.p50),
      String(figures.p99),
      `${figures.errors}+${figures.non2xx}`,
      ourRow ? int(ourRow.figures.rps) : '–',
      ourRow ? ratio(ourRow.figures.rps / figures.rps) : '–',
    ])
  }
  server.stop()
  printTable(
    [
      'json-server @8 connections',
      'req/s',
      'p50 ms',
      'p99 ms',
      'err+non2xx',
      'ours req/s',
      'ours ÷ theirs',
    ],
    table,
  )
  console.log(
    `json-server peak RSS: ${mib(rss.stop())}. ` +
      `Ours answers from ${int(options.products)} rows, json-server from ${int(count)} in memory.`,
  )
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '1000000' },
      providers: { type: 'string' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '8,32' },
      pg: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      only: { type: 'string', default: '' },
      'skip-stages': { type: 'boolean', default: false },
      'query-runs': { type: 'string', default: '200' },
      'query-cores': { type: 'string', default: process.env.BENCH_QUERY_CORES ?? '1' },
      'json-products': { type: 'string', default: '100000' },
      'log-level': { type: 'string', default: 'warn' },
      writer: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(HELP)
    process.exit(0)
  }
  const number = (name: string, raw: string | undefined, min = 1) => {
    const value = Number(raw)
    if (!Number.isFinite(value) || value < min)
      throw new Error(`--${name} must be a number ≥ ${min}`)
    return value
  }
  const products = number('products', values.products)
  return {
    products,
    providers: values.providers
      ? number('providers', values.providers)
      : Math.max(1, Math.ceil(products / 10)),
    duration: number('duration', values.duration),
    connections: values.connections.split(',').map((c) => number('connections', c)),
    pg: values.pg,
    fresh: values.fresh,
    only: values.only,
    skipStages: values['skip-stages'],
    queryRuns: number('query-runs', values['query-runs']),
    queryCores: number('query-cores', values['query-cores']),
    jsonProducts: number('json-products', values['json-products'], 0),
    logLevel: values['log-level'],
    writer: values.writer,
    dataDir: values['data-dir'] && path.resolve(values['data-dir']),
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
