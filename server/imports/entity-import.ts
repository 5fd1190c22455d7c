// What an entity tells the import capability (./import-routes.ts) besides its export columns,
// whose `read` says how each cell reads back: the current record as a body (what a row's
// columns are laid over), its reference and uniqueness checks, and how it writes a batch of
// records (a few multi-row statements: decision 023). The capability records their history.
import type { Transaction } from 'kysely'
import type { Database, Db } from '../db/types'
import type { AttributesWrite } from '../lib/custom-fields'

export type Body = Record<string, unknown>

/** A refusal the schema cannot see: a missing reference, a taken email. */
export interface Refusal {
  field: string
  detail: string
}

/** What an import remembers across rows and batches (emails of earlier rows, providers found). */
export interface ImportFile {
  seen: Map<string, unknown>
}

/** A row that passed the schema, for the entity's own checks: `id` is the record it updates. */
export interface CheckedRow {
  row: number
  id?: number
  body: Body
}

/** A record to create: a valid body of the create form and its custom fields. */
export interface NewRecord {
  body: Body
  attributes: AttributesWrite
}

/** A record to update: a valid body of the update form (the whole record) and its custom fields. */
export interface ChangedRecord extends NewRecord {
  id: number
}

/** Imports of the records under one parent (a provider's products): `{parent}/:id/{collection}/import`, beside the parent's list of them.
 * The file may leave out the parent's column; a row naming another parent is refused. */
export interface ImportUnder {
  /** The parent's collection, e.g. `/api/service-providers`. */
  collection: string
  /** The body field that names the parent. */
  field: string
  /** The 404 text of a missing parent. */
  notFound: string
  exists: (db: Db, id: number) => Promise<boolean>
  /** The refusal of a row naming another parent, or updating another parent's record. */
  otherParent: (parentId: number) => string
}

export interface EntityImport {
  /** The record as GET shows it (custom fields included) as a body of its update form; it may
   * hold more (a category reader compares `<field>Names` with the cell). */
  body: (record: Body) => Body
  /** What the route's hooks do to a body before validation (pricing spelt `range`). */
  normalise?: (body: Body) => void
  /**
   * Its references and uniqueness rules for a batch of rows that passed the schema, checked
   * before any write with a few set-based queries; each row's refusals, in the rows' order.
   * `file` is this import's memory across batches (emails of earlier rows).
   */
  check?: (db: Db, rows: CheckedRow[], file: ImportFile) => Promise<Refusal[][]>
  /** Rows checked and written together (default 500). */
  batch?: number
  /** Creates these records inside the import's transaction; their ids, in the records' order.
   * (The checks ran first; like its single write, it throws on what they would refuse.) */
  create: (trx: Transaction<Database>, records: NewRecord[]) => Promise<number[]>
  update: (trx: Transaction<Database>, records: ChangedRecord[]) => Promise<void>
  under?: ImportUnder
}
