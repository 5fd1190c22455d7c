// One import (issue 29, decision 023): the file's rows read as a stream, a batch at a time (500
// rows): each batch checked with a few set-based queries (./import-rows.ts), then written at
// once inside the import's single transaction (./import-write.ts) while no row has failed (or
// `skipInvalid`). A row with an ID updates that record, laying its columns over the record as it
// is; a row without one creates. After a failed row nothing more is written, but every row is
// still checked, so the answer lists every error; the caller then rolls the transaction back.
// A dry run only checks.
import type { Transaction } from 'kysely'
import type { CategoryTableName, Database, Db } from '../db/types'
import { HttpError } from '../errors'
import { type CategoryIndex, categoryIndex } from './cells'
import { csvRecords, type SpooledFile } from './csv-file'
import type { ImportColumn, ImportPlan } from './import-plan'
import { checkBatch, type ImportMemory, type PendingRow, type RowError } from './import-rows'
import { type RecordsToWrite, type WrittenAs, writeRecords } from './import-write'

export type { RowError }

/** The contract's limit (413 beyond). */
export const MAX_ROWS = 100_000
/** The answer lists at most this many errors (the first ones, by row). */
export const MAX_ERRORS = 1000
/** Rows checked and written together: a few statements each, whatever the batch's size. */
export const BATCH = 500
/** The answer shows this many rows first, each with what it does (the import dialog's preview). */
export const PREVIEW_ROWS = 20

/** One of the file's first rows, as the import dialog previews it. */
export interface RowPreview {
  row: number
  status: 'create' | 'update' | 'unchanged' | 'error'
  /** The row's ID cell, when it holds a record id. */
  id: number | null
  /** The row's name (its `name` cell, a provider's `brandName`, as the trash names records). */
  name: string | null
}

export interface ImportCounts {
  created: number
  updated: number
  unchanged: number
  errors: RowError[]
  /** The first PREVIEW_ROWS rows. */
  rows: RowPreview[]
  /** Rows refused (the list stops at MAX_ERRORS). */
  refused: number
}

export interface ImportWrite {
  trx: Transaction<Database>
  as: WrittenAs
  /** Writing stops at the first refused row unless invalid rows are skipped. */
  skipInvalid: boolean
}

export interface ImportOptions {
  /** Absent: a dry run. */
  write?: ImportWrite
  /** An import of one parent's records (a provider's products): its id. */
  underId?: number
}

const tooManyRows = () =>
  new HttpError(413, `The file has more than ${MAX_ROWS.toLocaleString('en')} rows`)

/** 413 at once, before any row is checked, for a file of more than MAX_ROWS rows. Its records
 * are counted only when it has more line breaks than that (a quoted cell may hold some). */
export async function assertRowLimit(file: SpooledFile): Promise<void> {
  if (file.lineBreaks <= MAX_ROWS) return
  let rows = -1
  for await (const _ of csvRecords(file.path)) if (++rows > MAX_ROWS) throw tooManyRows()
}

/** Reads `records` (header first) and checks each row; writes them when `write` is given. */
export async function runImport(
  db: Db,
  plan: ImportPlan,
  records: AsyncIterable<string[]>,
  { write, underId }: ImportOptions = {},
): Promise<ImportCounts> {
  const counts: ImportCounts = {
    created: 0,
    updated: 0,
    unchanged: 0,
    errors: [],
    rows: [],
    refused: 0,
  }
  const reader: Db = write?.trx ?? db
  const indexes = new Map<CategoryTableName, Promise<CategoryIndex>>()
  const under = plan.how.under
  const memory: ImportMemory = {
    seenIds: new Map(),
    file: { seen: new Map() },
    categories: (table) => {
      if (!indexes.has(table)) indexes.set(table, categoryIndex(reader, table))
      return indexes.get(table) as Promise<CategoryIndex>
    },
    under: under && underId !== undefined ? { field: under.field, id: underId } : undefined,
  }
  const size = plan.how.batch ?? BATCH

  const flush = async (header: ImportColumn[], batch: PendingRow[]) => {
    const toWrite: RecordsToWrite = { creates: [], updates: [] }
    const checked = await checkBatch(reader, plan, header, batch, memory)
    for (const [index, { outcome, problems }] of checked.entries()) {
      if (counts.rows.length < PREVIEW_ROWS) {
        const { row, cells } = batch[index]
        counts.rows.push({ row, status: outcome?.kind ?? 'error', ...previewOf(header, cells) })
      }
      if (!outcome) {
        counts.refused += 1
        counts.errors.push(...problems.slice(0, MAX_ERRORS - counts.errors.length))
      } else if (outcome.kind === 'unchanged') counts.unchanged += 1
      else if (outcome.kind === 'create') {
        counts.created += 1
        toWrite.creates.push(outcome.body)
      } else {
        counts.updated += 1
        toWrite.updates.push(outcome)
      }
    }
    if (write && (write.skipInvalid || counts.refused === 0)) {
      await writeRecords(write.trx, plan, toWrite, write.as)
    }
  }

  let header: ImportColumn[] | undefined
  let batch: PendingRow[] = []
  let row = 1
  for await (const record of records) {
    if (!header) {
      header = headerColumns(plan, record)
      continue
    }
    row += 1
    if (row - 1 > MAX_ROWS) throw tooManyRows()
    batch.push({ row, cells: record.map(unguard) })
    if (batch.length >= size) {
      await flush(header, batch)
      batch = []
    }
  }
  if (!header) throw new HttpError(400, 'The file is empty: it has no header row')
  if (row === 1) throw new HttpError(400, 'The file has a header row but no rows')
  if (batch.length > 0) await flush(header, batch)
  return counts
}

/** A row's id and name for the preview, read from its own cells. */
function previewOf(header: ImportColumn[], cells: string[]): Pick<RowPreview, 'id' | 'name'> {
  const cell = (field: string) => {
    const at = header.findIndex((column) => column.field === field && column.read)
    return at < 0 ? '' : (cells[at] ?? '').trim()
  }
  const idCell = cells[header.findIndex((column) => column.field === 'id')]?.trim() ?? ''
  const name = cell('name') || cell('brandName')
  return { id: /^\d{1,10}$/.test(idCell) ? Number(idCell) : null, name: name || null }
}

/** The export's formula guard: a `'` before = + - @ tab or CR is taken off again. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)

const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** The header's columns in its order: an unknown or repeated title refuses the file. */
function headerColumns(plan: ImportPlan, titles: string[]): ImportColumn[] {
  const columns = titles.map((title, index) => {
    const cleaned = index === 0 ? title.replace(/^\uFEFF/, '') : title
    const column = plan.columns.find((known) => sameTitle(known.title, cleaned))
    if (!column) {
      const known = plan.columns.map((known) => known.title).join(', ')
      throw new HttpError(400, `Unknown column "${cleaned}": the columns are ${known}`)
    }
    return column
  })
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index)
  if (repeated) throw new HttpError(400, `The column "${repeated.title}" appears twice`)
  return columns
}
