import { type CompiledQuery, type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../../server/db/types'

// The plan a database makes for a query, for tests that check an index serves it. PostgreSQL
// prefers a scan on small test tables, so sequential scans are switched off for the check: that
// still fails when no index can serve the query. It runs in a transaction that is rolled back,
// so `prepare` may change the schema for the check (drop an index that would stand in).

export async function queryPlan(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  query: CompiledQuery,
  prepare?: (trx: Transaction<Database>) => Promise<void>,
): Promise<string> {
  const rollback = new Error('rollback')
  let plan = ''
  await db
    .transaction()
    .execute(async (trx) => {
      if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx)
      await prepare?.(trx)
      const explained = await trx.executeQuery({
        ...query,
        sql: `explain ${dialect === 'sqlite' ? 'query plan ' : ''}${query.sql}`,
      })
      plan = (explained.rows as Array<Record<string, string>>)
        .map((row) => row['QUERY PLAN'] ?? row.detail)
        .join('\n')
      throw rollback
    })
    .catch((error) => {
      if (error !== rollback) throw error
    })
  return plan
}
