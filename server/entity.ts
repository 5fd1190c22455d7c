// An entity descriptor: what a collection is, said once, in its own folder. The generic plugins
// (lists/list-routes.ts, lib/delete-routes.ts, bulk/bulk-routes.ts, history/history-routes.ts,
// search/search-routes.ts, openapi.ts) read descriptors and never an entity's internals, so a
// capability added to one collection is added to all of them (the trash and revert too: server/trash); an entity's own routes (create, read, update, nested
// lists) are its `routes` plugin. ./entities.ts lists the product's entities; README
// "Adding an entity" walks through one.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely, Transaction } from 'kysely'
import type { Database, Db } from './db/types'
import type { EntityImport } from './imports/entity-import'
import type { CsvColumn } from './lib/csv-export'
import type { DeleteOutcome } from './lib/delete-rules'
import type { Audit } from './lib/history'
import type { Dated, ListSource } from './lists/list-engine'
import type { RawQuery } from './lists/list-params'
import type { SortFields } from './lists/sorts'
import type { PresenceRecord } from './presence/presence-store'
import type { EntitySearch } from './search/search'

/** A table that holds an entity's records (by id). */
export type EntityTable = keyof Database & string

export interface Entity<
  // biome-ignore lint/suspicious/noExplicitAny: a descriptor of any filter and rows
  Filter extends object = any,
  // biome-ignore lint/suspicious/noExplicitAny: a descriptor of any filter and rows
  Row extends { id: number } = any,
  ExportRow extends { id: number } = Row,
> {
  /** The list's path, e.g. `/api/products`; a record is `${collection}/:id`. */
  collection: string
  /** Where its records live; PUT and DELETE of one record lock by it (lib/etag.ts). */
  table: EntityTable
  /** Its schema file's `$id` (bodies are checked against `<schemaId>#/definitions/create|update`;
   * custom fields are the properties with no column); history names its records by it. */
  schemaId: string
  /** The 404 text of a missing record. */
  notFound: string
  /** The columns that name a record to a person, joined by a space (the dashboard's recent
   * changes name each record by them); without them a record is known by its id. */
  nameColumns?: readonly string[]
  list: {
    // biome-ignore lint/suspicious/noExplicitAny: whatever the source reads before its queries
    source: ListSource<Filter, Row, any>
    /** The list's query parameters (page, sort and filters) as a querystring schema. */
    params: Record<string, unknown>
    /** The filter those parameters ask for (already checked by `params`). */
    filter: (query: RawQuery) => Filter
    sorts: SortFields
    defaultSort: string
    /** The whole answer is kept until the next write (lists read far more than written). */
    cacheBodies?: boolean
  }
  /** The record as GET shows it, before custom fields; undefined when it does not exist. */
  find: (db: Db, id: number) => Promise<object | undefined>
  /** Deletes it under its rules, inside the caller's transaction (single and bulk alike). */
  remove?: (trx: Transaction<Database>, id: number) => Promise<DeleteOutcome>
  /** Something can hold a record, so its delete may be refused (409). */
  canBeHeld?: boolean
  /** What goes to the trash with a record besides its own row, and what a restore checks
   * (decision 022). Without it, the record's row alone. */
  trash?: TrashParts
  /** Its PUT as a function, so a revert saves through the very same path (decision 022). */
  update?: (app: FastifyInstance) => EntityUpdate
  /** The bulk route's filters where they differ from the list's. */
  bulkFilter?: { params: Record<string, unknown>; filter: (query: RawQuery) => Filter }
  /** Records have an `enabled` column: bulk Enable and Disable. */
  enabling?: boolean
  export: {
    /** The file name's start: `<file>-<date>.csv`. */
    file: string
    columns: CsvColumn<Dated<ExportRow>>[]
    /** Where its rows differ from the list's (a category's parent by name). */
    // biome-ignore lint/suspicious/noExplicitAny: whatever the source reads before its queries
    source?: ListSource<Filter, ExportRow, any>
  }
  /** How a CSV row creates or updates a record (../imports/): the export's columns read back. */
  import?: EntityImport
  /** How the top bar's search finds its records and shows them (./search/); without it, the
   * search leaves the collection out. */
  search?: EntitySearch
  /** Its own routes: create, update, nested lists. */
  routes?: (app: FastifyInstance, db: Kysely<Database>) => void
  /** Records of its own, not entities, that have edit pages too (a product's images): where
   * their presence routes are (../presence/). */
  nestedPresence?: NestedPresence[]
}

/** A nested record's presence route, and the record a path names. */
export interface NestedPresence {
  /** e.g. `/api/products/:id/images/:imageId/presence`. */
  url: string
  /** The path's parameters, in order (`['id', 'imageId']`). */
  params: string[]
  /** The record the path names, as its edit page asks for it (`{collection:
   * 'products/7/images', id: 12}`), or undefined if there is none (404 `notFound`). */
  find: (db: Db, params: unknown) => Promise<PresenceRecord | undefined>
  notFound: string
}

/** The collection's path under /api (`products`): how live changes and recent changes name it. */
export const collectionName = (entity: Pick<Entity, 'collection'>): string =>
  entity.collection.replace(/^\/api\//, '')

/** A row of any table, as Kysely reads it. */
export type Row = Record<string, unknown>
/** A record's rows in the trash, by table (camelCase names); its own row under its table. */
export type TrashRows = Record<string, Row[]>

export interface TrashParts {
  /** Rows of other tables that belong to a record, by the column naming it (links, images),
   * in the order a restore inserts them. */
  parts: Array<{ table: EntityTable; key: string }>
  /** Columns of the record's row that name one of its parts (a product's preview image):
   * null until the parts are back. */
  later?: string[]
  /** Before a restore: why the record can no longer stand (the 409's detail), or the rows to
   * put back, less what is gone and may be dropped (links to categories deleted since). */
  check?: (trx: Transaction<Database>, rows: TrashRows) => Promise<string | TrashRows>
}

export interface EntityUpdate {
  /** The PUT body that saves the record as GET shows it. */
  body: (shown: Record<string, unknown>) => Record<string, unknown>
  /** Saves a valid PUT body (throwing the PUT's own errors); the record as PUT answers it,
   * undefined when it does not exist. */
  write: (
    conn: Kysely<Database>,
    id: number,
    body: Record<string, unknown>,
    audit: Audit,
  ) => Promise<object | undefined>
  /** A revert's first step, inside its transaction: puts back what the version right after
   * history entry `to` had beside its fields (images kept since, a preview), recording each
   * change in the record's history as the operator's own. */
  restoreParts?: (
    trx: Transaction<Database>,
    id: number,
    to: number,
    operatorId: number,
  ) => Promise<void>
}

/** An entity's own routes as a Fastify plugin. fastify-plugin keeps them in the app's scope, so
 * they share its hooks (authentication, read-cache invalidation), schemas and error handler. */
export const entityPlugin = fp<{ db: Kysely<Database>; entity: Entity }>(async (app, options) => {
  options.entity.routes?.(app, options.db)
})

/** A capability every entity gets (list, delete, bulk, history) as a Fastify plugin over all
 * the descriptors, in the app's scope like an entity's own routes. */
export function capabilityPlugin(
  register: (app: FastifyInstance, db: Kysely<Database>, entities: readonly Entity[]) => void,
) {
  return fp<{ db: Kysely<Database>; entities: readonly Entity[] }>(async (app, options) => {
    register(app, options.db, options.entities)
  })
}
