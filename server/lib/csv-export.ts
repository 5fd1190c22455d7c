// CSV exports of the lists (decision 014): every row matching the list's filters, streamed as
// it is read, batch by batch, so memory stays flat however many rows there are. csv-stringify
// quotes the cells and neutralises formulas (OWASP's CSV injection advice: a text cell starting
// with = + - @ tab or CR gets a leading '); numbers are written as numbers, so a negative
// number stays a number. A UTF-8 BOM makes spreadsheet programs read ₦ and accents.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify } from 'csv-stringify'
import type { FastifyReply } from 'fastify'
import type { Db } from '../db/types'
import type { CellReader } from '../imports/cells'
import type { Dated, ExportRows } from '../lists/list-engine'
import type { CategoryRef } from './category-links'
import type { Attributes, CustomFields } from './custom-fields'

type Cell = string | number | null | undefined

/** A column of an export: its header and how a row fills it. */
export interface CsvColumn<Row> {
  title: string
  /** The schema field the column shows: a new title an analyst gives it becomes the header. */
  field?: string
  value: (row: Row) => Cell
  /** How an import reads the cell back into `field` (../imports/cells.ts); a column without it
   * is the export's alone (Created, a photo's presence) and an import passes it by. */
  read?: CellReader
}

/** Naira with kobo, as spreadsheets read a number: 1500 → "1500.00". */
export const money = (naira: number | null): Cell => (naira === null ? null : naira.toFixed(2))

/** Categories by name, several joined with "; ". */
export const categoryNames = (categories: CategoryRef[]): string =>
  categories.map((category) => category.name).join('; ')

export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No')

/** An instant (milliseconds) as ISO 8601 in UTC. */
export const isoDate = (ms: number | undefined): Cell =>
  ms === undefined ? null : new Date(ms).toISOString()

/** A custom field's value as a cell: yes/no, a number, text; a list joined with "; ". */
function customCell(value: unknown): Cell {
  if (value === undefined || value === null) return null
  if (typeof value === 'boolean') return yesNo(value)
  if (typeof value === 'number' || typeof value === 'string') return value
  if (Array.isArray(value)) return value.map((item) => String(customCell(item) ?? '')).join('; ')
  return JSON.stringify(value)
}

/**
 * The export's columns and rows with the entity's custom fields (decision 008) as columns after
 * the built-in ones, each titled as its schema titles it (else its name). Their values are read
 * with each batch by id: one more query a batch, none while the schema declares no such field.
 */
export function withCustomColumns<Row extends { id: number }>(
  db: Db,
  custom: CustomFields,
  columns: CsvColumn<Dated<Row>>[],
  rows: ExportRows<Row>,
): [CsvColumn<Dated<Row>>[], ExportRows<Row>] {
  if (custom.titled.length === 0) return [columns, rows]
  const values = new WeakMap<Dated<Row>, Attributes>()
  async function* batches() {
    for await (const batch of rows.batches) {
      const shown = await custom.showAll(
        db,
        batch.map(({ id }) => ({ id })),
      )
      const byId = new Map(shown.map((record) => [record.id, record as Attributes]))
      for (const row of batch) values.set(row, byId.get(row.id) ?? {})
      yield batch
    }
  }
  const customColumns = custom.titled.map(({ name, title }) => ({
    title,
    value: (row: Dated<Row>) => customCell(values.get(row)?.[name]),
  }))
  return [[...columns, ...customColumns], { total: rows.total, batches: batches() }]
}

/**
 * The first batch is read before anything is sent, so a failure there still answers with the
 * usual `{detail}` error. A failure later cannot change the status any more: the response is
 * cut off (no closing chunk, so no client takes it for a whole file) and the error logged.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  collection: string,
  columns: CsvColumn<Dated<Row>>[],
  { total, batches }: ExportRows<Row>,
): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]()
  const first = await iterator.next()
  async function* records() {
    yield columns.map((column) => column.title)
    for (let batch = first; !batch.done; batch = await iterator.next()) {
      for (const row of batch.value) yield columns.map((column) => column.value(row))
    }
  }
  const csv = stringify({ bom: true, escape_formulas: true, record_delimiter: 'windows' })
  pipeline(Readable.from(records()), csv).catch((error) => {
    reply.log.error({ err: error }, `CSV export of ${collection} failed after it had begun`)
  })
  const day = new Date().toISOString().slice(0, 10)
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${collection}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .header('x-total-count', String(total))
    .send(csv)
}
