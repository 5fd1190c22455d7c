// Live changes under load: `npm run bench:events` (see --help). Prints
// - 500 (`--streams`) open streams on one instance (SQLite), a write every second for
//   `--minutes` (default 10): delivery latency to every stream (p50/p99, from the write's request
//   to the event's arrival) and the server's RSS sampled along the way;
// - a server restart: the streams reconnect by themselves (with the web app's backoff) and the
//   next write reaches them all;
// - two instances on one (throwaway) PostgreSQL: a write through either reaches the streams of
//   both, with its latency.
// Figures only: nothing here fails on a slow result.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { retryDelayMs } from '../src/machines/live-changes-machine'
import { int, ms, percentile, printTable } from './bench/report'
import { mib } from './bench/rss'
import { BENCH_PG_CLUSTER } from './bench/seed'
import { type EventStream, openEventStream, type StreamedEvent } from './support/event-stream'
import { ensureDatabase, startPgCluster } from './support/pg-cluster'
import {
  login,
  type ServerProcess,
  type Storage,
  sleep,
  startServer,
} from './support/server-process'

const HELP = `Usage: npm run bench:events -- [options]
  --streams N     open streams on one instance (default 500)
  --minutes M     how long writes run while RSS is sampled (default 10; decimals allowed)
  --pg-streams N  streams on each of the two PostgreSQL instances (default 100)
  --pg-writes N   writes through each PostgreSQL instance (default 20)`

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '500' },
    minutes: { type: 'string', default: '10' },
    'pg-streams': { type: 'string', default: '100' },
    'pg-writes': { type: 'string', default: '20' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(HELP)
  process.exit(0)
}
const streamCount = Number(values.streams)
const minutes = Number(values.minutes)
const pgStreams = Number(values['pg-streams'])
const pgWrites = Number(values['pg-writes'])

/** A stream that opens again after it ends, waiting as the web app does (1 s, 2 s… 30 s). */
interface Subscriber {
  current: EventStream | null
  opens: number
  stop(): void
}

function subscribe(
  baseUrl: () => string,
  token: string,
  onEvent: (event: StreamedEvent) => void,
): Subscriber {
  const subscriber: Subscriber = { current: null, opens: 0, stop: () => {} }
  let stopped = false
  subscriber.stop = () => {
    stopped = true
    subscriber.current?.close()
  }
  void (async () => {
    let failures = 0
    while (!stopped) {
      try {
        const stream = await openEventStream(baseUrl(), token, onEvent)
        if (stream.status !== 200) throw new Error(`refused: ${stream.status}`)
        subscriber.current = stream
        subscriber.opens += 1
        failures = 0
        await stream.ended
      } catch {
        // Not listening (restarting): wait and try again.
      }
      if (stopped) return
      failures += 1
      await sleep(retryDelayMs(failures))
    }
  })()
  return subscriber
}

/** Write → arrival on every stream, per written id. */
class Deliveries {
  private sentAt = new Map<number, number>()
  private arrived = new Map<number, number>()
  readonly latencies: number[] = []
  sent(id: number, at: number) {
    this.sentAt.set(id, at)
  }
  onEvent = (event: StreamedEvent) => {
    const at = this.sentAt.get(event.id)
    if (at === undefined) return
    this.latencies.push(performance.now() - at)
    this.arrived.set(event.id, (this.arrived.get(event.id) ?? 0) + 1)
  }
  count(id: number) {
    return this.arrived.get(id) ?? 0
  }
}

async function createCategory(
  baseUrl: string,
  token: string,
  name: string,
  ...trackers: Deliveries[]
) {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/product-categories`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, description: 'bench:events', parentCategoryId: null }),
  })
  if (response.status !== 201) throw new Error(`write failed: ${response.status}`)
  const { id } = (await response.json()) as { id: number }
  // Registered after the answer: an event can only arrive once the write has committed, and
  // it is matched by id, so it is counted against the time the request was sent.
  for (const tracker of trackers) tracker.sent(id, started)
  return id
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await sleep(20)
  }
  return true
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024
}

const latencyRow = (label: string, latencies: number[]) => [
  label,
  int(latencies.length),
  ms(percentile(latencies, 0.5)),
  ms(percentile(latencies, 0.99)),
  // Not Math.max(...latencies): 500 streams × 600 writes is more arguments than the stack holds.
  ms(percentile(latencies, 1)),
]

async function oneInstance() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-events-'))
  const storage: Storage = { dataDir }
  let server: ServerProcess = await startServer(storage)
  const token = await login(server.url)
  const deliveries = new Deliveries()
  const subscribers = Array.from({ length: streamCount }, () =>
    subscribe(() => server.url, token, deliveries.onEvent),
  )
  try {
    await until(() => subscribers.every((s) => s.opens === 1), 60_000)
    console.log(
      `\n${streamCount} streams open on one instance (SQLite); a write every second for ${minutes} min\n`,
    )
    const rows: string[][] = []
    const end = Date.now() + minutes * 60_000
    const sampleEvery = Math.max(5_000, (minutes * 60_000) / 10)
    let nextSample = Date.now()
    let writes = 0
    let lastId = 0
    while (Date.now() < end) {
      if (Date.now() >= nextSample) {
        rows.push([
          `${((Date.now() - end) / 60_000 + minutes).toFixed(1)} min`,
          mib(rssOf(server.pid)),
          int(writes),
        ])
        nextSample += sampleEvery
      }
      lastId = await createCategory(server.url, token, `Bench ${Date.now()}-${writes}`, deliveries)
      writes += 1
      await sleep(1_000)
    }
    await until(() => deliveries.count(lastId) === streamCount, 10_000)
    rows.push(['end', mib(rssOf(server.pid)), int(writes)])
    printTable(['time', 'server RSS', 'writes so far'], rows)
    const expected = writes * streamCount
    console.log(
      `\nDelivered ${int(deliveries.latencies.length)} of ${int(expected)} events (writes × streams)\n`,
    )
    printTable(
      ['write → every stream', 'events', 'p50 ms', 'p99 ms', 'max ms'],
      [latencyRow('SQLite, one instance', deliveries.latencies)],
    )

    // A restart: the same database, the streams find it again by themselves.
    const stopped = performance.now()
    await server.stop()
    server = await startServer(storage)
    const ready = performance.now()
    const back = await until(() => subscribers.every((s) => s.opens === 2), 120_000)
    const reconnected = performance.now()
    const after = await createCategory(
      server.url,
      token,
      `Bench after restart ${Date.now()}`,
      deliveries,
    )
    const reached = await until(() => deliveries.count(after) === streamCount, 10_000)
    console.log(
      `\nRestart: down ${ms(ready - stopped)} ms (stop to healthy); ` +
        `${back ? 'all' : 'NOT all'} ${streamCount} streams reconnected ${ms(reconnected - ready)} ms after it was ready; ` +
        `the next write reached ${int(deliveries.count(after))} of ${streamCount}${reached ? '' : ' (timed out)'}`,
    )
  } finally {
    for (const subscriber of subscribers) subscriber.stop()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function twoInstances() {
  const cluster = await startPgCluster(BENCH_PG_CLUSTER)
  try {
    const storage = { databaseUrl: await ensureDatabase(cluster.url, 'bench_events') }
    const a = await startServer(storage)
    const b = await startServer(storage)
    try {
      const token = await login(a.url)
      const onA = new Deliveries()
      const onB = new Deliveries()
      const subscribers = [
        ...Array.from({ length: pgStreams }, () => subscribe(() => a.url, token, onA.onEvent)),
        ...Array.from({ length: pgStreams }, () => subscribe(() => b.url, token, onB.onEvent)),
      ]
      await until(() => subscribers.every((s) => s.opens === 1), 60_000)
      const rows: string[][] = []
      for (const [label, writer] of [
        ['through A', a],
        ['through B', b],
      ] as const) {
        const fromA = onA.latencies.length
        const fromB = onB.latencies.length
        let lastId = 0
        for (let i = 0; i < pgWrites; i += 1) {
          const name = `Bench ${label} ${Date.now()}-${i}`
          lastId = await createCategory(writer.url, token, name, onA, onB)
          await sleep(100)
        }
        await until(
          () => onA.count(lastId) === pgStreams && onB.count(lastId) === pgStreams,
          10_000,
        )
        rows.push(latencyRow(`${label} → A's streams`, onA.latencies.slice(fromA)))
        rows.push(latencyRow(`${label} → B's streams`, onB.latencies.slice(fromB)))
      }
      console.log(
        `\nTwo instances on one PostgreSQL, ${pgStreams} streams on each, ${pgWrites} writes through each\n`,
      )
      printTable(['write → streams', 'events', 'p50 ms', 'p99 ms', 'max ms'], rows)
      for (const subscriber of subscribers) subscriber.stop()
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  } finally {
    await cluster.close()
  }
}

await oneInstance()
await twoInstances()
