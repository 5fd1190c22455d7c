// Bulk loading into PostgreSQL in one transaction. Each batch is one statement,
// `insert ... select * from unnest($1::int4[], $2::text[], ...)`: COPY FROM STDIN would need
// pg-copy-streams, which is not a dependency (measured in psql, COPY stores 10,000 products in
// about a third of the time; the foreign keys and indexes set aside below matter far more).
// Batches are sent without waiting for the previous one, so Node makes the next batch while
// PostgreSQL stores this one.
import pg from 'pg'
import type { Batch } from './generate'
import {
  type BeginOptions,
  type BulkTarget,
  MARKETPLACE_TABLES,
  type StepReport,
  timed,
} from './target'

/** At most this many batches queued on the connection (memory stays bounded). */
const IN_FLIGHT = 2

/** An index or constraint to recreate: its (quoted) name, table and definition. */
interface Saved {
  name: string
  table: string
  definition: string
}

export class PostgresTarget implements BulkTarget {
  readonly where: string
  private readonly client: pg.Client
  private connected = false
  private pending: Array<Promise<unknown>> = []
  private failure: unknown
  private indexes: Saved[] = []
  private foreignKeys: Saved[] = []
  private loaded = new Set<string>()

  constructor(url: string) {
    const shown = new URL(url)
    shown.password = shown.password ? '***' : ''
    this.where = shown.toString()
    this.client = new pg.Client({ connectionString: url })
  }

  private async query<T = Record<string, unknown>>(text: string, values?: unknown[]) {
    if (!this.connected) {
      await this.client.connect()
      this.connected = true
    }
    return (await this.client.query(text, values)).rows as T[]
  }

  async count(table: string): Promise<number> {
    const [row] = await this.query<{ n: string }>(`select count(*) as n from ${table}`)
    return Number(row.n)
  }

  async maxId(table: string): Promise<number> {
    const [row] = await this.query<{ n: number | null }>(`select max(id) as n from ${table}`)
    return row.n ?? 0
  }

  async ids(table: string): Promise<number[]> {
    const rows = await this.query<{ id: number }>(`select id from ${table} order by id`)
    return rows.map((row) => row.id)
  }

  async begin({ wipe, bulkTables }: BeginOptions): Promise<void> {
    await this.query('begin')
    // Index builds sort in memory up to this much (the default 64 MB spills to disk sooner).
    await this.query(`set local maintenance_work_mem = '256MB'`)
    if (wipe) await this.query(`truncate ${MARKETPLACE_TABLES.join(', ')} restart identity`)
    const tables = [bulkTables]
    // Every index of these tables that no constraint owns (primary keys and unique constraints
    // stay): the btree indexes of migrations 002-004, the pg_trgm GIN indexes of 005.
    this.indexes = await this.query<Saved>(
      `select i.indexrelid::regclass::text as name, i.indrelid::regclass::text as table,
              pg_get_indexdef(i.indexrelid) as definition
         from pg_index i
        where i.indrelid = any (select to_regclass(t)::oid from unnest($1::text[]) t)
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      tables,
    )
    // Their foreign keys: checked row by row they cost more than the inserts themselves; added
    // back afterwards, each is checked by one join over the whole table.
    this.foreignKeys = await this.query<Saved>(
      `select quote_ident(conname) as name, conrelid::regclass::text as table,
              pg_get_constraintdef(oid) as definition
         from pg_constraint
        where contype = 'f'
          and conrelid = any (select to_regclass(t)::oid from unnest($1::text[]) t)`,
      tables,
    )
    for (const { name, table } of this.foreignKeys) {
      await this.query(`alter table ${table} drop constraint ${name}`)
    }
    for (const { name } of this.indexes) await this.query(`drop index ${name}`)
  }

  async insert(batch: Batch): Promise<void> {
    if (this.failure) throw this.failure
    const { table, columns } = batch
    this.loaded.add(table.name)
    const names = table.columns.map(([name]) => name).join(', ')
    const arrays = table.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')
    const sent = this.client
      .query({
        // Named: parsed and planned once per table.
        name: `seed_${table.name}`,
        text: `insert into ${table.name} (${names}) select * from unnest(${arrays})`,
        values: columns,
      })
      .catch((error: unknown) => {
        this.failure ??= error
      })
    this.pending.push(sent)
    if (this.pending.length >= IN_FLIGHT) await this.pending.shift()
  }

  async commit(step: StepReport): Promise<void> {
    await Promise.all(this.pending.splice(0))
    if (this.failure) throw this.failure
    await timed('indexes', step, async () => {
      for (const { definition } of this.indexes) await this.query(definition)
    })
    await timed('foreign keys', step, async () => {
      for (const { name, table, definition } of this.foreignKeys) {
        await this.query(`alter table ${table} add constraint ${name} ${definition}`)
      }
    })
    // Rows were given explicit ids: move each identity past them, as the app's inserts need.
    for (const table of this.loaded) {
      const [{ has }] = await this.query<{ has: boolean }>(
        `select exists (select 1 from information_schema.columns
           where table_schema = current_schema() and table_name = $1 and column_name = 'id') as has`,
        [table],
      )
      if (!has) continue
      await this.query(
        `select setval(pg_get_serial_sequence($1, 'id'), coalesce(max(id), 0) + 1, false)
           from ${table}`,
        [table],
      )
    }
    await timed('commit', step, () => this.query('commit'))
    // What autovacuum would do a little later; the planner needs the statistics right away.
    await timed('analyze', step, () => this.query(`analyze ${[...this.loaded].join(', ')}`))
  }

  async rollback(): Promise<void> {
    await Promise.allSettled(this.pending.splice(0))
    if (this.connected) await this.query('rollback').catch(() => {})
  }

  async close(): Promise<void> {
    if (this.connected) await this.client.end()
  }
}
