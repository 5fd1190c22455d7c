// Times the pickers' category search (decision 015) at a large hierarchy on SQLite: 100,000
// product categories in a throwaway database, a few searches each asked many times; prints the
// median and p99 per search. Usage: npx tsx scripts/bench-category-search.ts [count]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { searchCategories } from '../server/categories/category-search'
import { createDatabase } from '../server/db/connection'
import { migrateToLatest } from '../server/db/migrate'

const count = Number(process.argv[2] ?? 100_000)
const dataDir = mkdtempSync(join(tmpdir(), 'category-search-'))
const handle = createDatabase({ dataDir, databaseUrl: null })
const { db } = handle
try {
  await migrateToLatest(db)
  const words = ['Home', 'Cleaning', 'Tanks', 'Garden', 'Repairs', 'Plumbing', 'Paint', 'Roof']
  const now = Date.now()
  // Five levels: every category below the first 8 has a parent among the earlier ones.
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const n = start + i
      return {
        name: `${words[n % words.length]} ${n}`,
        description: 'bench',
        parentId: n < 8 ? null : Math.floor(n / 8),
        createdAt: now,
        updatedAt: now,
      }
    })
    await db.insertInto('productCategories').values(rows).execute()
  }
  for (const q of ['', 'tan', 'tanks 9999', 'zzz-none', 'o']) {
    const times: number[] = []
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now()
      await searchCategories(db, 'productCategories', { q, limit: 20 })
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const at = (p: number) => times[Math.floor((times.length - 1) * p)].toFixed(2)
    console.log(
      `q=${JSON.stringify(q)}: median ${at(0.5)} ms, p99 ${at(0.99)} ms (${count} categories)`,
    )
  }
} finally {
  await handle.destroy()
  rmSync(dataDir, { recursive: true, force: true })
}
