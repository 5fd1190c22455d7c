// CSV export benchmark: `npm run bench:export` (see --help). Seeds (or reuses) the benchmarks'
// big database, starts the real server, downloads GET /api/products/export (every product) as
// a client would, and prints rows/s, bytes and the server's resident memory as the rows go by:
// a streamed export keeps it flat however many rows have been sent. Figures only: nothing here
// fails on a slow result.
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { countRecords, type RecordCount } from '../src/lib/csv-records'
import { int, printTable } from './bench/report'
import { mib, sampleRss } from './bench/rss'
import { BENCH_PG_CLUSTER, ensureSeeded, shortCount } from './bench/seed'
import { ensureDatabase, startPgCluster } from './support/pg-cluster'
import { login, REPO_ROOT, type Storage, startServer } from './support/server-process'

const HELP = `Usage: npm run bench:export -- [options]
  --products N     products to seed (default 1000000)
  --providers N    service providers to seed (default products / 10)
  --pg             PostgreSQL (a cluster under .bench/ the script starts and stops)
  --fresh          seed again even if the cached database is right
  --query TEXT     the export's query string, e.g. "sort=price&enabled=true" (default none)
Databases are cached in .bench/<sqlite|pg>-<products>-<providers>/ (shared with bench:api).`

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    providers: { type: 'string' },
    pg: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    query: { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(HELP)
  process.exit(0)
}
const products = Number(values.products)
const providers = Number(values.providers ?? Math.max(1, Math.floor(products / 10)))

/** Memory is read at every tenth of the rows. */
const CHECKPOINTS = 10

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<unknown>> = []
  try {
    const name = `${values.pg ? 'pg' : 'sqlite'}-${shortCount(products)}-${shortCount(providers)}`
    const cacheDir = path.join(REPO_ROOT, '.bench', name)
    let storage: Storage = { dataDir: cacheDir }
    if (values.pg) {
      const cluster = await startPgCluster({ ...BENCH_PG_CLUSTER, keepDir: cacheDir })
      cleanups.push(() => cluster.close())
      storage = { databaseUrl: await ensureDatabase(cluster.url, 'backoffice') }
    }
    const seeding = await ensureSeeded(storage, { products, providers }, { fresh: values.fresh })
    const server = await startServer(storage)
    cleanups.push(() => server.stop())
    const token = await login(server.url)
    const rss = sampleRss(server.pid, 200)
    const idle = rss.peak()
    console.log(
      `\nbench:export — ${values.pg ? 'postgres' : 'sqlite'} .bench/${name} (${seeding}); ` +
        `node ${process.version}; ${os.cpus().length} cores shared by server, database and ` +
        `client (figures are noisy). Server RSS before the export: ${mib(idle)}\n`,
    )

    const query = values.query ? `?${values.query}` : ''
    const started = performance.now()
    const response = await fetch(`${server.url}/api/products/export${query}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok || !response.body) throw new Error(`Export answered ${response.status}`)
    const total = Number(response.headers.get('x-total-count'))
    const rows: string[][] = []
    let count: RecordCount = { records: 0, quoted: false }
    let bytes = 0
    let next = 1
    for await (const chunk of response.body) {
      bytes += chunk.byteLength
      count = countRecords(chunk, count)
      const sent = count.records - 1
      while (next <= CHECKPOINTS && sent >= (total * next) / CHECKPOINTS) {
        const seconds = (performance.now() - started) / 1000
        rows.push([int(sent), seconds.toFixed(1), int(sent / seconds), mib(rss.peak())])
        next += 1
      }
    }
    const seconds = (performance.now() - started) / 1000
    const peak = rss.stop()
    const sent = count.records - 1
    printTable(['rows sent', 'seconds', 'rows/s so far', 'server peak RSS so far'], rows)
    console.log(
      `\n${int(sent)} of ${int(total)} rows, ${mib(bytes)} of CSV in ${seconds.toFixed(1)} s: ` +
        `${int(sent / seconds)} rows/s, ${(bytes / 1024 / 1024 / seconds).toFixed(1)} MiB/s.\n` +
        `Server peak RSS ${mib(peak)} (idle ${mib(idle)}; growth ${mib(peak - idle)}).` +
        (values.pg ? '\n(PostgreSQL runs in its own processes, not counted above.)' : ''),
    )
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(console.error)
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
