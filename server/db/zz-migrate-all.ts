import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely'
import * as operatorsAndSessions from './migrations/2026-11-22-001-operators-and-sessions'
import * as categories from './migrations/2026-11-22-002-categories'
import * as serviceProviders from './migrations/2026-11-22-003-service-providers'
import * as products from './migrations/2026-11-22-004-products'
import * as textSearch from './migrations/2026-11-23-005-text-search'
import * as priceBounds from './migrations/2026-11-23-006-price-bounds'
import * as providerThumbnails from './migrations/2026-11-23-007-provider-thumbnails'
import * as attributes from './migrations/2026-11-25-008-attributes'
import * as sortIndexes from './migrations/2026-11-25-009-sort-indexes'
import * as loginLimits from './migrations/2026-11-25-010-login-limits'
import * as history from './migrations/2026-11-25-011-history'
import * as categoryNameSearch from './migrations/2026-11-25-015-category-name-search'
import * as priceSortCoversBounds from './migrations/2026-11-26-016-price-sort-covers-bounds'
import * as team from './migrations/2026-11-27-017-team'
import * as trash from './migrations/2026-11-27-019-trash'
import * as imports from './migrations/2026-11-27-020-imports'
import * as keptImages from './migrations/2026-11-27-021-kept-images'
import * as presence from './migrations/2026-11-27-022-presence'
import * as dashboardQueues from './migrations/2026-11-27-023-dashboard-queues'
import * as searchIndexes from './migrations/2026-11-27-024-search-indexes'
import * as providerPersonAndPhoneSearch from './migrations/2026-11-27-025-provider-person-and-phone-search'
import * as categorySearch from './migrations/2026-11-27-026-category-search'
import type { Database } from './types'

// Migrations are imported explicitly rather than read from a folder at run time: that works the
// same under tsx, a bundler or a compiled build. Add each new file here, keyed by its name;
// Kysely runs them in key order, hence the date prefix.
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-operators-and-sessions': operatorsAndSessions,
  '2026-11-22-002-categories': categories,
  '2026-11-22-003-service-providers': serviceProviders,
  '2026-11-22-004-products': products,
  '2026-11-23-005-text-search': textSearch,
  '2026-11-23-006-price-bounds': priceBounds,
  '2026-11-23-007-provider-thumbnails': providerThumbnails,
  '2026-11-25-008-attributes': attributes,
  '2026-11-25-009-sort-indexes': sortIndexes,
  '2026-11-25-010-login-limits': loginLimits,
  '2026-11-25-011-history': history,
  '2026-11-25-015-category-name-search': categoryNameSearch,
  '2026-11-26-016-price-sort-covers-bounds': priceSortCoversBounds,
  '2026-11-27-017-team': team,
  '2026-11-27-019-trash': trash,
  '2026-11-27-020-imports': imports,
  '2026-11-27-021-kept-images': keptImages,
  '2026-11-27-022-presence': presence,
  '2026-11-27-023-dashboard-queues': dashboardQueues,
  '2026-11-27-024-search-indexes': searchIndexes,
  '2026-11-27-025-provider-person-and-phone-search': providerPersonAndPhoneSearch,
  '2026-11-27-026-category-search': categorySearch,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results = [] } = await migrator.migrateToLatest()
  const failed = results.find((result) => result.status === 'Error')
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : ''
    throw new Error(`Database migration failed${name}: ${describe(error)}`, { cause: error })
  }
  return results.map((result) => result.migrationName)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
