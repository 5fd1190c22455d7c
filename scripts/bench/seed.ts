// A seeded database of the asked size, made with `npm run seed:demo` (scripts/seed-demo.ts) and
// reused while it still holds exactly the seeded rows: seeding a million products takes minutes.
import { spawn } from 'node:child_process'
import { type RawBuilder, sql } from 'kysely'
import { createDatabase } from '../../server/db/connection'
import { migrateToLatest } from '../../server/db/migrate'
import type { PgClusterOptions } from '../support/pg-cluster'
import { REPO_ROOT, type Storage, storageEnv } from '../support/server-process'

/** The benchmarks' PostgreSQL cluster: room for a million products' pages (the default 128MB
 * of shared buffers would measure the disk cache). */
export const BENCH_PG_CLUSTER: PgClusterOptions = {
  tempPrefix: 'bench-pg-',
  settings: ['shared_buffers=512MB', 'max_connections=200'],
}

export interface Sizes {
  products: number
  providers: number
}

/** 1000000 → "1m", 100000 → "100k": names for cached data directories. */
export function shortCount(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}m`
  if (n >= 1000 && n % 1000 === 0) return `${n / 1000}k`
  return String(n)
}

export function openDatabase(storage: Storage) {
  return createDatabase({
    dataDir: 'dataDir' in storage ? storage.dataDir : '',
    databaseUrl: 'databaseUrl' in storage ? storage.databaseUrl : null,
  })
}

/**
 * Seeds (`--force`) unless the database already holds the asked providers and products 1..N.
 * Products a previous benchmark created (ids above N) are deleted so every run reads the same
 * rows. Returns what it did.
 */
export async function ensureSeeded(
  storage: Storage,
  sizes: Sizes,
  { fresh = false } = {},
): Promise<'reused' | 'seeded'> {
  if (!fresh && (await trimToSeeded(storage, sizes))) return 'reused'
  await runSeed(storage, sizes)
  return 'seeded'
}

async function trimToSeeded(storage: Storage, sizes: Sizes): Promise<boolean> {
  const { db, destroy } = openDatabase(storage)
  try {
    await migrateToLatest(db)
    const count = async (query: RawBuilder<{ n: number }>) =>
      Number((await query.execute(db)).rows[0].n)
    const providers = await count(sql`select count(*) as n from service_providers`)
    const seeded = await count(
      sql`select count(*) as n from products where id <= ${sizes.products}`,
    )
    if (providers !== sizes.providers || seeded !== sizes.products || seeded === 0) return false
    // Links and images go with their product (on delete cascade).
    const extra = await sql`delete from products where id > ${sizes.products}`.execute(db)
    if (Number(extra.numAffectedRows ?? 0) > 0) {
      console.log(`Deleted ${extra.numAffectedRows} products left by an earlier benchmark`)
    }
    return true
  } finally {
    await destroy()
  }
}

function runSeed(storage: Storage, sizes: Sizes): Promise<void> {
  const args = ['--providers', String(sizes.providers), '--products', String(sizes.products)]
  console.log(`Seeding: npm run seed:demo -- ${args.join(' ')} --force`)
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', ...args, '--force'],
    { cwd: REPO_ROOT, env: { ...process.env, ...storageEnv(storage) }, stdio: 'inherit' },
  )
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed:demo failed (exit ${code})`)),
    )
  })
}
