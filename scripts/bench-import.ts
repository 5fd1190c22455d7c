// CSV import benchmark: `npm run bench:import` (see --help). Starts the real server on a fresh,
// empty database (SQLite, or PostgreSQL with --pg), makes a provider and a few categories through
// the API, writes a file of N product rows in the export's format, then times a dry run and the
// import of it, the export of the result read back (all unchanged), and that export with every
// description changed imported (all updates), sampling the server's resident memory: a streamed
// import keeps it flat however many rows. Figures only: nothing here fails on a slow result
// (issue 29's targets are printed beside them), and the machine's load is printed with them.
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { int, printTable } from './bench/report'
import { mib, sampleRss } from './bench/rss'
import { ensureDatabase, startPgCluster } from './support/pg-cluster'
import { apiClient, login, type Storage, startServer } from './support/server-process'

const HELP = `Usage: npm run bench:import -- [options]
  --rows N     product rows in the file (default 100000, the import's limit)
  --pg         PostgreSQL (a throwaway cluster the script starts and stops)
  --profile D  writes the server's CPU profile (node --cpu-prof) into folder D`

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    pg: { type: 'boolean', default: false },
    profile: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(HELP)
  process.exit(0)
}
const rows = Number(values.rows)
const CATEGORIES = 20

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<unknown>> = []
  try {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'))
    cleanups.push(() => rm(folder, { recursive: true, force: true }))
    let storage: Storage = { dataDir: path.join(folder, 'data') }
    if (values.pg) {
      const cluster = await startPgCluster()
      cleanups.push(() => cluster.close())
      storage = { databaseUrl: await ensureDatabase(cluster.url, 'backoffice') }
    }
    const nodeArgs = values.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`]
      : []
    const server = await startServer(storage, { nodeArgs })
    cleanups.push(() => server.stop())
    const token = await login(server.url)
    const api = apiClient(server.url, token)
    const providerId = await api.create('/api/service-providers', {
      firstName: 'Ada',
      lastName: 'Obi',
      brandName: 'Bench Foods',
      email: 'bench@example.com',
      phoneNumber: '+2348012345678',
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '1 Bench Road',
      about: 'Benchmarks',
    })
    for (let i = 0; i < CATEGORIES; i += 1) {
      await api.create('/api/product-categories', { name: `Category ${i}`, description: 'Bench' })
    }
    const file = path.join(folder, 'products.csv')
    const lines = [
      'Name,Description,Pricing Type,Price (₦),Min Price (₦),Max Price (₦),Categories,Service Provider ID,Estimated Delivery Days,Enabled',
    ]
    for (let i = 0; i < rows; i += 1) {
      const range = i % 4 === 0
      const prices = range ? `,"₦1,000.00",2500.50` : `${(i % 50_000) + 0.5},,`
      const categories = `Category ${i % CATEGORIES}; Category ${(i + 7) % CATEGORIES}`
      lines.push(
        `Product ${i},"Jollof rice, party size, number ${i}",${range ? 'Range' : 'Fixed'},${prices},${categories},${providerId},${(i % 30) + 1},${i % 10 ? 'Yes' : 'No'}`,
      )
    }
    await writeFile(file, `\uFEFF${lines.join('\r\n')}\r\n`)
    const size = (await stat(file)).size
    const rss = sampleRss(server.pid, 200)
    const idle = rss.peak()
    console.log(
      `\nbench:import — ${values.pg ? 'postgres' : 'sqlite'}, ${int(rows)} product rows ` +
        `(${mib(size)} of CSV); node ${process.version}; ${os.cpus().length} cores shared by ` +
        `server, database and client (figures are noisy); load average ${load()}. ` +
        `Server RSS before: ${mib(idle)}\n`,
    )

    const post = async (query: string, body: Readable | string) => {
      const started = performance.now()
      const response = await fetch(`${server.url}/api/products/import${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: typeof body === 'string' ? body : (Readable.toWeb(body) as ReadableStream),
        duplex: 'half',
      } as RequestInit)
      const answer = (await response.json()) as Record<string, unknown>
      const seconds = (performance.now() - started) / 1000
      return { status: response.status, answer, seconds, peak: rss.peak() }
    }
    const table: string[][] = []
    const record = (step: string, target: string, run: Awaited<ReturnType<typeof post>>) => {
      const { created, updated, unchanged, errors } = run.answer
      const counts = `${created}/${updated}/${unchanged}/${(errors as unknown[] | undefined)?.length ?? run.answer.detail}`
      table.push([
        step,
        String(run.status),
        counts,
        run.seconds.toFixed(1),
        int(rows / run.seconds),
        target,
        mib(run.peak),
      ])
    }
    const pgTarget = '≤ 90 s'
    record(
      'dry run',
      values.pg ? pgTarget : '≤ 30 s',
      await post('?dryRun=true', createReadStream(file)),
    )
    record('import', values.pg ? pgTarget : '≤ 60 s', await post('', createReadStream(file)))
    const exported = await fetch(`${server.url}/api/products/export`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const csv = await exported.text()
    record('export re-imported (dry run)', '', await post('?dryRun=true', csv))
    // Every description changed: each row an update of one column.
    const [header, ...records] = parse(csv, { bom: true }) as string[][]
    const description = header.indexOf('Description')
    for (const cells of records) cells[description] = `${cells[description]} (updated)`
    const changed = stringify([header, ...records])
    record('export changed, imported (updates)', '', await post('', changed))
    const peak = rss.stop()
    printTable(
      [
        'step',
        'status',
        'created/updated/unchanged/errors',
        'seconds',
        'rows/s',
        'target',
        'server peak RSS so far',
      ],
      table,
    )
    console.log(
      `\nServer peak RSS ${mib(peak)} (before ${mib(idle)}; growth ${mib(peak - idle)}); ` +
        `load average ${load()}.` +
        (values.pg ? '\n(PostgreSQL runs in its own processes, not counted above.)' : ''),
    )
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(console.error)
  }
}

/** The machine's load average over 1, 5 and 15 minutes. */
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
