// json-server 0.17 (an in-memory mock API many front-ends start from) over the same products,
// as an outside yardstick for our list routes. Run through npx, never installed.
import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import type { DatabaseHandle } from '../../server/db/connection'
import { readPage } from '../../server/lists/list-engine'
import { productSorts, sortRequest } from '../../server/lists/sorts'
import { productList } from '../../server/products/product-queries'
import { freePort, waitUntilOk } from '../support/server-process'

export const JSON_SERVER = 'json-server@0.17.4'

/** Writes `{ products: [...] }` with `count` products as GET /api/products answers them. */
export async function exportProducts(
  { db }: DatabaseHandle,
  count: number,
  file: string,
): Promise<number> {
  const pageSize = 3000
  const products: unknown[] = []
  for (let page = 1; products.length < count; page += 1) {
    const newest = sortRequest({}, productSorts, 'newest')
    const { rows } = await readPage(db, productList, {}, { page, pageSize }, newest)
    if (rows.length === 0) break
    products.push(...rows.slice(0, count - products.length))
  }
  writeFileSync(file, JSON.stringify({ products }))
  return products.length
}

export interface JsonServer {
  url: string
  pid: number
  stop(): void
}

export async function startJsonServer(file: string): Promise<JsonServer> {
  const port = await freePort()
  let log = ''
  // Its own process group: npx starts json-server as a grandchild, and stop() ends them all.
  const child: ChildProcess = spawn(
    'npx',
    ['--yes', JSON_SERVER, '--port', String(port), '--host', '127.0.0.1', '--quiet', file],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-5000)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  const url = `http://127.0.0.1:${port}`
  try {
    // The first run downloads json-server; loading 100,000 products takes a few seconds more.
    await waitUntilOk(`${url}/products?_limit=1`, 180_000, () => {
      if (child.exitCode !== null) throw new Error(`json-server exited:\n${log}`)
    })
  } catch (error) {
    stop()
    throw error
  }
  return { url, pid: child.pid ?? 0, stop }
}
