// What an entity tells the import capability (./import-routes.ts) besides its export columns,
// whose `read` says how each cell reads back: the current record as a body (what a row's
// columns are laid over), and its own create and update, the very functions its routes call.
import type { Transaction } from 'kysely'
import type { Database, Db } from '../db/types'
import type { AttributesWrite } from '../lib/custom-fields'
import type { Audit } from '../lib/history'

export type Body = Record<string, unknown>

/** A refusal the schema cannot see: a missing reference, a taken email. */
export interface Refusal {
  field: string
  detail: string
}

/** What an import remembers across rows. */
export interface ImportFile {
  seen: Map<string, unknown>
  row: number
}

export interface EntityImport {
  /** The record as GET shows it (custom fields included) as a body of its update form; it may
   * hold more (a category reader compares `<field>Names` with the cell). */
  body: (record: Body) => Body
  /** What the route's hooks do to a body before validation (pricing spelt `range`). */
  normalise?: (body: Body) => void
  /**
   * Its references and uniqueness rules, checked before any write (the write functions check
   * them again and would abort the whole import). `file.seen` is this import's memory (emails of
   * earlier rows), `file.row` the row's number; `id` is the record a row updates.
   */
  check?: (db: Db, body: Body, id: number | undefined, file: ImportFile) => Promise<Refusal[]>
  create: (
    trx: Transaction<Database>,
    body: Body,
    attributes: AttributesWrite,
    audit: Audit,
  ) => Promise<number>
  update: (
    trx: Transaction<Database>,
    id: number,
    body: Body,
    attributes: AttributesWrite,
    audit: Audit,
  ) => Promise<void>
}
