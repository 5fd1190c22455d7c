// Several instances on one PostgreSQL: `npm run bench:cluster` (see --help). On a throwaway
// cluster seeded with `npm run seed:demo`, it prints
// - throughput of one instance and of two instances side by side, for a mix of list pages,
//   filtered lists and single records (autocannon, the same connections in total);
// - staleness: how long after a write through instance A instance B's lists show it;
// - the drain sequence after SIGTERM: readiness 503, refused, exit.
// Figures only: nothing here fails on a slow result.
import { parseArgs } from 'node:util'
import { type Figures, fire, type Shot } from './bench/cannon'
import { int, median, ms, percentile, printTable } from './bench/report'
import { BENCH_PG_CLUSTER, ensureSeeded } from './bench/seed'
import { ensureDatabase, startPgCluster } from './support/pg-cluster'
import {
  apiClient,
  login,
  type ServerProcess,
  settle,
  sleep,
  startServer,
} from './support/server-process'

const HELP = `Usage: npm run bench:cluster -- [options]
  --products N       products to seed (default 20000; providers: products / 10)
  --duration S       seconds per throughput run (default 10)
  --connections N    connections in total, split over the instances (default 32)
  --writes N         writes timed for staleness (default 30)
  --drain-delay S    SHUTDOWN_DELAY_SECONDS of the instance stopped at the end (default 2)`

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    writes: { type: 'string', default: '30' },
    'drain-delay': { type: 'string', default: '2' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(HELP)
  process.exit(0)
}
const products = Number(values.products)
const duration = Number(values.duration)
const connections = Number(values.connections)
const drainDelay = Number(values['drain-delay'])

/** A read mix like an operator's: list pages, a filter, single records. */
function readShot(i: number): Shot {
  const id = 1 + ((i * 7919) % products)
  switch (i % 4) {
    case 0:
      return { path: `/api/products?page=${1 + (i % 20)}` }
    case 1:
      return { path: '/api/products?name=premium' }
    case 2:
      return { path: `/api/products/${id}` }
    default:
      return { path: '/api/service-providers' }
  }
}

async function throughput(servers: ServerProcess[], tokens: string[]): Promise<Figures[]> {
  return Promise.all(
    servers.map((server, n) => {
      let i = n
      const next = () => {
        i += servers.length
        return readShot(i)
      }
      return fire({
        url: server.url,
        connections: Math.max(1, Math.round(connections / servers.length)),
        duration,
        headers: { authorization: `Bearer ${tokens[n]}` },
        shot: next,
      })
    }),
  )
}

async function main(): Promise<void> {
  const cluster = await startPgCluster(BENCH_PG_CLUSTER)
  const servers: ServerProcess[] = []
  try {
    const storage = { databaseUrl: await ensureDatabase(cluster.url, 'backoffice') }
    await ensureSeeded(storage, { products, providers: Math.max(1, products / 10) })
    const [a, b] = await Promise.all([
      startServer(storage),
      startServer(storage, { env: { SHUTDOWN_DELAY_SECONDS: String(drainDelay) } }),
    ])
    servers.push(a, b)
    const tokens = [await login(a.url), await login(b.url)]

    // Throughput: warm up, then one instance alone, then both.
    await throughput([a], [tokens[0]])
    await settle(a.url)
    const [one] = await throughput([a], [tokens[0]])
    await settle(a.url)
    await settle(b.url)
    const two = await throughput([a, b], tokens)
    const twoRps = two.reduce((sum, figures) => sum + figures.rps, 0)
    console.log(`\nThroughput, ${connections} connections in total, ${duration} s each:`)
    printTable(
      ['instances', 'req/s', 'p50', 'p99', 'errors'],
      [
        ['1', int(one.rps), ms(one.p50), ms(one.p99), int(one.errors + one.non2xx)],
        [
          '2',
          int(twoRps),
          ms(Math.max(...two.map((f) => f.p50))),
          ms(Math.max(...two.map((f) => f.p99))),
          int(two.reduce((sum, f) => sum + f.errors + f.non2xx, 0)),
        ],
      ],
    )
    console.log(`two / one: ${(twoRps / one.rps).toFixed(2)}×`)

    // Staleness: each write through A, then B's list polled until it shows it.
    const apiA = apiClient(a.url, tokens[0])
    const apiB = apiClient(b.url, tokens[1])
    const lags: number[] = []
    for (let i = 0; i < Number(values.writes); i += 1) {
      const name = `Bench category ${Date.now()}-${i}`
      const list = () => apiB.get('/api/product-categories?pageSize=3000')
      await list()
      await apiA.create('/api/product-categories', {
        name,
        description: 'x',
        parentCategoryId: null,
      })
      const wrote = performance.now()
      while (!(await list()).text.includes(name)) await sleep(1)
      lags.push(performance.now() - wrote)
    }
    console.log(
      `\nStaleness (write on A → seen in B's category list), ${lags.length} writes: median ${ms(median(lags))}, p90 ${ms(percentile(lags, 90))}, max ${ms(Math.max(...lags))}`,
    )

    // Drain: SIGTERM B while a client keeps asking it.
    const killed = performance.now()
    b.child.kill('SIGTERM')
    let unready = 0
    let refused = 0
    let servedWhileUnready = 0
    while (!refused) {
      try {
        const health = await fetch(`${b.url}/api/health`)
        if (health.status === 503 && !unready) unready = performance.now() - killed
        if (unready && (await apiB.get('/api/products?pageSize=1')).status === 200) {
          servedWhileUnready += 1
        }
      } catch {
        refused = performance.now() - killed
      }
      await sleep(20)
    }
    await b.exited
    const exited = performance.now() - killed
    console.log(
      `\nDrain (SHUTDOWN_DELAY_SECONDS=${drainDelay}): readiness 503 after ${ms(unready)}, ${servedWhileUnready} requests served while unready, connections refused after ${ms(refused)}, exit ${JSON.stringify(b.child.exitCode)} after ${ms(exited)}`,
    )
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    await cluster.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
