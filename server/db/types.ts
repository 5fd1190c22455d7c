import type { Generated, Insertable, Selectable } from 'kysely'

// Table types as the application sees them. Columns are snake_case in the database and
// camelCase here: connection.ts installs Kysely's CamelCasePlugin, so rows come back in the
// same shape as the API's JSON.
//
// Times are epoch milliseconds stored as bigint: one representation that compares and sorts
// the same on SQLite and PostgreSQL (connection.ts parses PostgreSQL's int8 as a number).

export interface OperatorsTable {
  id: Generated<number>
  username: string
  passwordHash: string
  createdAt: number
}

export interface SessionsTable {
  /** SHA-256 of the bearer token, hex; the token itself is never stored. */
  tokenHash: string
  operatorId: number
  expiresAt: number
  createdAt: number
}

/** Both category hierarchies share one shape (service-provider and product categories). */
export interface CategoriesTable {
  id: Generated<number>
  name: string
  description: string
  parentId: number | null
  createdAt: number
  updatedAt: number
}

export interface Database {
  operators: OperatorsTable
  sessions: SessionsTable
  serviceProviderCategories: CategoriesTable
  productCategories: CategoriesTable
}

export type CategoryTableName = 'serviceProviderCategories' | 'productCategories'

export type OperatorRow = Selectable<OperatorsTable>
export type NewOperator = Insertable<OperatorsTable>
export type SessionRow = Selectable<SessionsTable>
