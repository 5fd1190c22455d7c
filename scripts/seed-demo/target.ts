// What the seed needs from a database: counts and ids, one transaction, fast inserts. Both
// targets also set derived structures aside for the load and rebuild them at the end (the
// "index step"): building an index or a text-search index once over all rows is much faster
// than updating it row by row (measured at 200,000 products on SQLite: 5.1 s of CPU with
// everything set aside, 6.1 s with live indexes, 7.9 s with live FTS5 triggers). It is generic:
// whatever indexes, FTS5 triggers (SQLite) and foreign keys (PostgreSQL) the migrations give
// the loaded tables are read from the catalog, dropped and recreated from their own SQL, all
// inside the one transaction, so a failed or interrupted seed leaves nothing half done.
import type { Batch } from './generate'

/** Every table the seed writes or --force empties, children before parents. */
export const MARKETPLACE_TABLES = [
  'product_images',
  'product_category_links',
  'products',
  'provider_images',
  'service_provider_category_links',
  'service_providers',
  'product_categories',
  'service_provider_categories',
]

export interface BeginOptions {
  /** Delete every row of MARKETPLACE_TABLES first (operators and sessions stay). */
  wipe: boolean
  /** Tables about to receive many rows: their secondary indexes are built after the load. */
  bulkTables: string[]
}

export interface BulkTarget {
  /** Where the data goes, for messages (a file path, or a URL without its password). */
  readonly where: string
  count(table: string): Promise<number>
  /** The largest id in the table, 0 when empty. */
  maxId(table: string): Promise<number>
  ids(table: string): Promise<number[]>
  begin(options: BeginOptions): Promise<void>
  insert(batch: Batch): Promise<void>
  /** Rebuilds what begin() set aside, then commits; `step` reports each part's duration. */
  commit(step: StepReport): Promise<void>
  rollback(): Promise<void>
  close(): Promise<void>
}

/** Reports a step's wall time, and this process's CPU time in it (the machine may be busy). */
export type StepReport = (name: string, ms: number, cpuMs: number) => void

/** Runs `work` and reports its duration. */
export async function timed<T>(
  name: string,
  step: StepReport,
  work: () => T | Promise<T>,
): Promise<T> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = await work()
  const { user, system } = process.cpuUsage(cpu)
  step(name, performance.now() - started, (user + system) / 1000)
  return result
}
