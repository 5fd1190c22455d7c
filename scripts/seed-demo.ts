// Fills the database the server uses (SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is
// set) with believable demo data: both category trees three levels deep, service providers,
// products (Fixed and Range prices, ratings, 1–3 categories each) and, for the small default
// set, images stored as the upload routes store them.
//
//   npm run seed:demo                      small demo set with images
//   npm run seed:demo -- --providers 100000 --products 1000000
//
// Options: --providers N, --products N, --provider-categories N (default 200), --product-categories
// N (default 3000), --seed N (same seed and sizes, same data), --append (add beside the existing
// rows), --force (first delete every provider, product, category and image; operators stay).
// Without --append or --force it refuses a database that already has products.
//
// Search terms with a known share of the rows (substring, any case): of every 200 rows seeded,
// exactly 1 (0.5%) holds the selective term, 10 (5%) the medium one, 50 (25%) the broad one
// (see seed-demo/words.ts):
//   product name:        selective "tigernut", medium "premium", broad "package"
//   provider brand name: selective "sapphire", medium "royal",   broad "ventures"
//   provider email:      selective "proton",   medium "outlook", broad "gmail"
//
// Speed: one transaction; secondary indexes, and the FTS5 tables (SQLite) or pg_trgm indexes
// (PostgreSQL) of migrations 005 and 025, are set aside during the load and built once at the
// end (see seed-demo/target.ts). A running server keeps answering, but for a big load its writes
// wait for the seed (SQLite; they fail after its 5 s busy timeout) and so do its queries on
// the loaded tables (PostgreSQL, whose indexes are dropped inside the transaction).
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../server/config'
import { createDatabase, SQLITE_FILE_NAME } from '../server/db/connection'
import { migrateToLatest } from '../server/db/migrate'
import {
  type Batch,
  type CategoryTargets,
  checkWordLists,
  planCategories,
  productBatches,
  providerBatches,
  sectorCount,
  TABLES,
  type TermTally,
} from './seed-demo/generate'
import { addDemoImages } from './seed-demo/images'
import { PostgresTarget } from './seed-demo/postgres-target'
import { SqliteTarget } from './seed-demo/sqlite-target'
import { type BulkTarget, MARKETPLACE_TABLES, timed } from './seed-demo/target'
import { SEARCH_TERMS } from './seed-demo/words'

interface Sizes {
  providers: number
  products: number
  providerCategories: number
  productCategories: number
}

const DEMO: Sizes = { providers: 8, products: 40, providerCategories: 30, productCategories: 30 }
const SIZED_CATEGORIES = { providerCategories: 200, productCategories: 3000 }
/** Products per provider when only one of the two is given. */
const PRODUCTS_PER_PROVIDER = 10
const BATCH_SIZE = 10_000

class UsageError extends Error {}

async function main(): Promise<void> {
  const started = performance.now()
  const options = parseOptions(process.argv.slice(2))
  if (options === 'help') return console.log(HELP)
  checkWordLists()
  const { sizes, images, force, append, seed } = options
  const config = loadConfig()

  // The app's migrations first, through the app's own connection code.
  const handle = createDatabase(config)
  await migrateToLatest(handle.db).finally(() => handle.destroy())

  const target: BulkTarget = config.databaseUrl
    ? new PostgresTarget(config.databaseUrl)
    : new SqliteTarget(path.join(config.dataDir, SQLITE_FILE_NAME))
  try {
    const before = await countAll(target)
    console.log(`Seeding ${target.where}`)
    if (before.products > 0 && !force && !append) {
      throw new UsageError(
        `The database already has ${before.products} products and ${before.service_providers} service providers; nothing was changed.\n` +
          'Run again with --append to add the new rows beside them, or with --force to DELETE every ' +
          'service provider, product, category and image first (operators and sessions are kept).',
      )
    }
    if (force) {
      const what = MARKETPLACE_TABLES.map((table) => `${before[table]} ${table}`).join(', ')
      console.log(`--force: deleting ${what} (operators and sessions are kept)`)
    } else if (before.products + before.service_providers > 0) {
      console.log(
        `Adding to ${before.products} products and ${before.service_providers} providers already there`,
      )
    }
    const phases = await load(target, sizes, { wipe: force, before, seed })
    if (images) {
      // Through the app's own queries, on the app's own connection.
      const app = createDatabase(config)
      const added = await timedPhase('images', phases, () =>
        addDemoImages(app.db, phases.newProviderIds, phases.newProducts, seed),
      ).finally(() => app.destroy())
      console.log(
        `images: ${added.providerImages} provider images, ${added.productImages} product images`,
      )
    }
    const after = await countAll(target)
    printSummary(after, phases, started)
  } catch (error) {
    await target.rollback()
    throw error
  } finally {
    await target.close()
  }
}

interface Phases {
  /** [step, wall ms, CPU ms of this process] */
  timings: Array<[string, number, number]>
  tally: TermTally
  newProviderIds: number[]
  newProducts: Array<{ id: number; name: string }>
}

async function load(
  target: BulkTarget,
  sizes: Sizes,
  { wipe, before, seed }: { wipe: boolean; before: Record<string, number>; seed: number },
): Promise<Phases> {
  const phases: Phases = {
    timings: [],
    tally: newTally(),
    newProviderIds: [],
    newProducts: [],
  }
  const now = Date.now()
  const existing = (table: string) => (wipe ? 0 : before[table])
  // Tables receiving at least as many rows as they hold get their indexes built afterwards.
  const planned: Record<string, number> = {
    [TABLES.productCategories.name]: sizes.productCategories,
    [TABLES.providerCategories.name]: sizes.providerCategories,
    [TABLES.providers.name]: sizes.providers,
    [TABLES.providerLinks.name]: sizes.providers,
    [TABLES.products.name]: sizes.products,
    [TABLES.productLinks.name]: sizes.products,
  }
  const bulkTables = Object.keys(planned).filter(
    (table) => planned[table] > 0 && planned[table] >= existing(table),
  )
  await target.begin({ wipe, bulkTables })

  // Ids are read inside the transaction, so the rows they name cannot go away meanwhile.
  const firstId = async (table: string) => (await target.maxId(table)) + 1
  // Categories: a new tree, or (when none are asked for) the ones already there.
  const productTree = await categoryTargets(target, 'product', sizes.productCategories, now)
  const providerTree = await categoryTargets(target, 'provider', sizes.providerCategories, now)
  if (sizes.products > 0 && productTree.targets.bySector[0].length === 0) {
    throw new UsageError('Products need product categories: pass --product-categories N')
  }
  if (sizes.providers > 0 && providerTree.targets.bySector[0].length === 0) {
    throw new UsageError('Providers need provider categories: pass --provider-categories N')
  }
  const sectors = sectorCount(productTree.targets, providerTree.targets)
  const providerFirstId = await firstId(TABLES.providers.name)
  const productFirstId = await firstId(TABLES.products.name)
  const existingProviders =
    sizes.providers === 0 && sizes.products > 0 ? await target.ids(TABLES.providers.name) : []
  if (sizes.products > 0 && sizes.providers === 0 && existingProviders.length === 0) {
    throw new UsageError('Products need service providers: pass --providers N')
  }

  await timedPhase('categories', phases, async () => {
    for (const batch of [productTree.batch, providerTree.batch]) {
      if (batch && batch.length > 0) await target.insert(batch)
    }
  })
  console.log(
    `categories: ${sizes.productCategories} product, ${sizes.providerCategories} provider (3 levels)`,
  )

  const providerSectors = new Uint8Array(sizes.providers)
  await timedPhase('providers', phases, async () => {
    const progress = reporter('providers', sizes.providers)
    const batches = providerBatches(
      {
        count: sizes.providers,
        firstId: providerFirstId,
        batchSize: BATCH_SIZE,
        categories: providerTree.targets,
        sectors,
        seed,
        now,
      },
      providerSectors,
      phases.tally,
    )
    for (const { providers, links } of batches) {
      await target.insert(providers)
      await target.insert(links)
      progress(providers.length)
    }
  })
  for (let i = 0; i < sizes.providers; i += 1) phases.newProviderIds.push(providerFirstId + i)

  await timedPhase('products', phases, async () => {
    const progress = reporter('products', sizes.products)
    const batches = productBatches(
      {
        count: sizes.products,
        firstId: productFirstId,
        batchSize: BATCH_SIZE,
        categories: productTree.targets,
        providerIds: sizes.providers > 0 ? phases.newProviderIds : existingProviders,
        providerSectors: sizes.providers > 0 ? providerSectors : new Uint8Array(0),
        sectors,
        seed,
        now,
      },
      phases.tally,
    )
    for (const { products, links } of batches) {
      await target.insert(products)
      await target.insert(links)
      progress(products.length)
      // The demo's images need the new products (a handful; never kept for big runs).
      if (sizes.products <= 1000) phases.newProducts.push(...idsAndNames(products))
    }
  })

  console.log('building indexes and text search...')
  await target.commit((...step) => phases.timings.push(step))
  return phases
}

async function categoryTargets(
  target: BulkTarget,
  kind: 'product' | 'provider',
  count: number,
  now: number,
): Promise<{ targets: CategoryTargets; batch?: Batch }> {
  const table = kind === 'product' ? TABLES.productCategories : TABLES.providerCategories
  if (count > 0) {
    const plan = planCategories(kind, count, (await target.maxId(table.name)) + 1, now)
    return { targets: plan, batch: plan.batch }
  }
  return { targets: { bySector: [await target.ids(table.name)], known: false } }
}

function idsAndNames(batch: Batch): Array<{ id: number; name: string }> {
  const [ids, , names] = batch.columns
  return ids.map((id, i) => ({ id: id as number, name: names[i] as string }))
}

function newTally(): TermTally {
  return { products: 0, providers: 0, terms: {} }
}

async function countAll(target: BulkTarget): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of MARKETPLACE_TABLES) counts[table] = await target.count(table)
  return counts
}

function timedPhase<T>(name: string, phases: Phases, work: () => Promise<T>): Promise<T> {
  return timed(name, (...step) => phases.timings.push(step), work)
}

/** Prints "products 300,000 / 1,000,000 (4.1 s)" about every tenth of the way. */
function reporter(label: string, total: number) {
  const started = performance.now()
  const step = Math.max(BATCH_SIZE, Math.ceil(total / 10))
  let done = 0
  let next = step
  return (count: number) => {
    done += count
    if (done < next && done < total) return
    next += step
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`${label}: ${fmt(done)} / ${fmt(total)} (${seconds} s)`)
  }
}

function printSummary(counts: Record<string, number>, phases: Phases, started: number): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  console.log('\nDone. Rows now in the database:')
  for (const table of MARKETPLACE_TABLES) console.log(`  ${table.padEnd(32)} ${fmt(counts[table])}`)
  const steps = phases.timings.map(([name, ms, cpu]) => `${name} ${seconds(ms)} (${seconds(cpu)})`)
  console.log(`Time (CPU of this process): ${steps.join(', ')}`)
  const { tally } = phases
  if (tally.products + tally.providers > 0) {
    console.log('Search terms (share of the rows seeded now):')
    const share = (term: string, of: number) =>
      `"${term}" ${((100 * (tally.terms[term] ?? 0)) / Math.max(1, of)).toFixed(2)}%`
    for (const [field, terms] of Object.entries(SEARCH_TERMS)) {
      const of = field === 'productName' ? tally.products : tally.providers
      const list = Object.entries(terms).map(([tier, term]) => `${tier} ${share(term, of)}`)
      console.log(`  ${field.padEnd(12)} ${list.join(', ')}`)
    }
  }
  const { user, system } = process.cpuUsage()
  const load = os.loadavg()[0].toFixed(1)
  console.log(
    `Total: ${seconds(performance.now() - started)} (CPU ${seconds((user + system) / 1000)}; load average ${load} on ${os.availableParallelism()} cores)`,
  )
}

function fmt(n: number): string {
  return n.toLocaleString('en-US')
}

// ---------------------------------------------------------------------------------------------

interface Options {
  sizes: Sizes
  /** The default demo set gets images; sized runs do not. */
  images: boolean
  force: boolean
  append: boolean
  seed: number
}

const HELP = `Usage: npm run seed:demo -- [--providers N] [--products N]
       [--provider-categories N] [--product-categories N] [--seed N] [--append | --force]

Without size options: a small demo set (${DEMO.providers} providers, ${DEMO.products} products,
${DEMO.productCategories} + ${DEMO.providerCategories} categories) with images.
With any size option, the others default to ${SIZED_CATEGORIES.productCategories} product and ${SIZED_CATEGORIES.providerCategories} provider categories,
and ${PRODUCTS_PER_PROVIDER} products per provider; no images.
  --append  add to a database that already has products
  --force   delete every service provider, product, category and image first (operators stay)`

function parseOptions(args: string[]): Options | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      providers: { type: 'string' },
      products: { type: 'string' },
      'provider-categories': { type: 'string' },
      'product-categories': { type: 'string' },
      seed: { type: 'string' },
      force: { type: 'boolean', default: false },
      append: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return 'help'
  if (values.force && values.append) throw new UsageError('Use --force or --append, not both')
  const count = (name: keyof typeof values) => {
    const raw = values[name]
    if (raw === undefined) return undefined
    if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) > 2_000_000_000) {
      throw new UsageError(`--${name} must be a whole number`)
    }
    return Number(raw)
  }
  const given = {
    providers: count('providers'),
    products: count('products'),
    providerCategories: count('provider-categories'),
    productCategories: count('product-categories'),
  }
  const sized = Object.values(given).some((value) => value !== undefined)
  const providers =
    given.providers ??
    (given.products === undefined ? 1000 : Math.ceil(given.products / PRODUCTS_PER_PROVIDER))
  const sizes: Sizes = sized
    ? {
        providers,
        products: given.products ?? providers * PRODUCTS_PER_PROVIDER,
        providerCategories: given.providerCategories ?? SIZED_CATEGORIES.providerCategories,
        productCategories: given.productCategories ?? SIZED_CATEGORIES.productCategories,
      }
    : DEMO
  return {
    sizes,
    images: !sized,
    force: values.force === true,
    append: values.append === true,
    seed: count('seed') ?? 1,
  }
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown }).code
  const expected =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
  console.error(expected ? (error as Error).message : error)
  process.exitCode = 1
})
