// Times the pickers' category search (decisions 015 and 029) at a large hierarchy, in-process: a
// throwaway database of N product categories (default 1,000,000, five levels), filled as a
// database made before migration 026 would be, then migration 026 timed on it, then each kind
// of search asked many times (at most 20 hits, as the pickers ask): prints how many names match,
// how many the search found, and its median and p99.
//
// Usage: npx tsx scripts/bench-category-search.ts [--pg] [count]
//   --pg   on a throwaway PostgreSQL cluster (started and removed here) instead of SQLite
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { searchCategories } from '../server/categories/category-search'
import { createDatabase } from '../server/db/connection'
import { migrateToLatest } from '../server/db/migrate'
import * as migration026 from '../server/db/migrations/2026-11-27-026-category-search'
import type { Db } from '../server/db/types'
import { BENCH_PG_CLUSTER } from './bench/seed'
import { ensureDatabase, startPgCluster } from './support/pg-cluster'

const { values, positionals } = parseArgs({
  options: { pg: { type: 'boolean', default: false } },
  allowPositionals: true,
})
const count = Number(positionals[0] ?? 1_000_000)
const LEVELS = 5
const ROUNDS = 200
const LIMIT = 20

// Names "<first> <second> <n>": each first word starts a sixteenth of the names, each second
// word is in a sixteenth of them, spread over every first word.
const FIRST = ['Auto', 'Baby', 'Beauty', 'Books', 'Fashion', 'Food', 'Garden', 'Health'].concat([
  'Home',
  'Kitchen',
  'Music',
  'Office',
  'Pets',
  'Sports',
  'Tools',
  'Toys',
])
const SECOND = ['Accessories', 'Care', 'Cleaning', 'Décor', 'Equipment', 'Furniture', 'Lighting']
  .concat(['Painting', 'Parts', 'Plumbing', 'Rentals', 'Repairs', 'Services', 'Storage'])
  .concat(['Supplies', 'Tanks'])
const name = (n: number) => `${FIRST[n % 16]} ${SECOND[Math.floor(n / 16) % 16]} ${n}`

const SEARCHES: Array<[string, string]> = [
  ['prefix', 'garden pl'],
  ['rare substring', 'plumbing 424'],
  ['common substring', 'cleaning'],
  ['common substring, one stretch of the alphabet', 'ools'],
  ['2 letters', 'pl'],
  ['2 letters, no match', 'zq'],
  ['no match', 'qxzv'],
  ['blank (every name in order)', ''],
]

const cleanups: Array<() => Promise<void> | void> = []
try {
  let databaseUrl: string | null = null
  let dataDir = join(tmpdir(), 'unused')
  if (values.pg) {
    const cluster = await startPgCluster(BENCH_PG_CLUSTER)
    cleanups.push(() => cluster.close())
    databaseUrl = await ensureDatabase(cluster.url, 'backoffice')
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'category-search-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  }
  const handle = createDatabase({ dataDir, databaseUrl })
  cleanups.push(() => handle.destroy())
  const { db } = handle
  console.log(`${count} product categories, ${LEVELS} levels, on ${handle.dialect}`)

  await migrateToLatest(db)
  // The rows go in as they would have before migration 026, which then indexes them.
  await migration026.down(db)
  await timed('insert', () => insertCategories(db))
  await timed('migration 026', () => migration026.up(db))
  if (handle.dialect === 'postgres') {
    await timed('vacuum analyze', () => sql`vacuum analyze product_categories`.execute(db))
  }

  for (const [kind, q] of SEARCHES) {
    const matches = await countMatches(db, q)
    const found = (await search(db, q)).length
    for (let i = 0; i < 4; i += 1) await search(db, q)
    const times: number[] = []
    for (let i = 0; i < ROUNDS; i += 1) {
      const started = performance.now()
      await search(db, q)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const at = (p: number) => times[Math.floor((times.length - 1) * p)].toFixed(2)
    console.log(
      `${kind} q=${JSON.stringify(q)} (${matches.starting} start with it, ${matches.later} hold it later; ${found} found): median ${at(0.5)} ms, p99 ${at(0.99)} ms`,
    )
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup()
}

function search(db: Db, q: string) {
  return searchCategories(db, 'productCategories', { q, limit: LIMIT })
}

/** Five levels: the first `fanout` categories at the top, each later one under an earlier one,
 * the smallest fanout that fits `count` in five levels. */
async function insertCategories(db: Db) {
  let fanout = 2
  while (
    Array.from({ length: LEVELS }, (_, i) => fanout ** (i + 1)).reduce((a, b) => a + b) < count
  )
    fanout += 1
  const now = Date.now()
  const batch = 2000
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
      const n = start + i
      // Ids start at 1 in a fresh table, so category n has id n + 1.
      const parent = n < fanout ? null : Math.floor(n / fanout) - 1
      return {
        name: name(n),
        description: 'bench',
        parentId: parent === null ? null : parent + 1,
        createdAt: now,
        updatedAt: now,
      }
    })
    await db.insertInto('productCategories').values(rows).execute()
  }
}

/** How many names start with the text, and how many hold it elsewhere (a scan, not timed). */
async function countMatches(db: Db, q: string) {
  const text = q.toLowerCase()
  const row = await db
    .selectFrom('productCategories')
    .select([
      sql<number>`sum(case when substr(lower(name), 1, ${text.length}) = ${text} then 1 else 0 end)`.as(
        'starting',
      ),
      sql<number>`count(*)`.as('all'),
    ])
    .where(sql`lower(name)`, 'like', `%${text}%`)
    .executeTakeFirstOrThrow()
  const starting = Number(row.starting ?? 0)
  return { starting, later: Number(row.all) - starting }
}

async function timed(label: string, work: () => Promise<unknown>) {
  const started = performance.now()
  await work()
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
