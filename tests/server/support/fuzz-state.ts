import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../../../server/db/connection'
import type { Database } from '../../../server/db/types'

// Proof that a request changed no stored data, for the API fuzz suite (fuzz.test.ts). Triggers
// added to the suite's throwaway database count every committed insert, update and delete per
// table: reading the counts is one cheap query, where copying every table before and after
// each of thousands of requests was most of the suite's time. A write rolled back with its
// transaction is rolled back from the count too; a write of identical values still counts.

export type WriteCounts = Record<string, number>

/**
 * Installs the counting triggers on every table (read from the database, so a table added later
 * is watched too) and returns a function reading the counts. A session's renewal on use (an
 * update) is a legitimate write of any authenticated request and is not counted. SQLite's
 * full-text tables are left out: triggers of the watched tables keep them in step. So is
 * `login_limits`: counting a refused login there (PostgreSQL) is what the limiter is for.
 */
export async function watchWrites(
  db: Kysely<Database>,
  dialect: Dialect,
): Promise<() => Promise<WriteCounts>> {
  const tables = (await db.introspection.getTables())
    .filter((table) => !table.isView && !/_fts(_|$)/.test(table.name))
    .filter((table) => table.name !== 'login_limits')
    .map((table) => table.name)
  await sql`create table fuzz_writes (table_name text primary key, n integer not null)`.execute(db)
  if (dialect === 'postgres') {
    await sql
      .raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
        begin update fuzz_writes set n = n + 1 where table_name = TG_TABLE_NAME; return null; end
      $$`)
      .execute(db)
  }
  for (const table of tables) {
    await sql`insert into fuzz_writes (table_name, n) values (${table}, 0)`.execute(db)
    const events = table === 'sessions' ? ['insert', 'delete'] : ['insert', 'update', 'delete']
    const statements =
      dialect === 'postgres'
        ? [
            `create trigger fuzz_writes after ${events.join(' or ')} on "${table}"
             for each row execute function fuzz_count_write()`,
          ]
        : events.map(
            (event) => `create trigger "fuzz_${table}_${event}" after ${event} on "${table}"
             begin update fuzz_writes set n = n + 1 where table_name = '${table}'; end`,
          )
    for (const statement of statements) await sql.raw(statement).execute(db)
  }
  return async () => {
    const { rows } = await sql<{ tableName: string; n: number }>`
      select table_name, n from fuzz_writes`.execute(db)
    return Object.fromEntries(rows.map((row) => [row.tableName, Number(row.n)]))
  }
}
