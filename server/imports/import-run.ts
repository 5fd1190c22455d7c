// One import (issue 29, decision 021): every row of the file checked as it is read, and written at
// once inside the import's single transaction while no row has failed (or `skipInvalid`). A row
// with an ID updates that record, laying its columns over the record as it is; a row without one
// creates. After a failed row nothing more is written, but every row is still checked, so the
// answer lists every error; the caller then rolls the transaction back. A dry run only checks.
import { isDeepStrictEqual } from 'node:util'
import type { FastifyError } from 'fastify'
import type { Transaction } from 'kysely'
import type { CategoryTableName, Database, Db } from '../db/types'
import { HttpError, validationDetail } from '../errors'
import type { Audit } from '../lib/history'
import { type CategoryIndex, CellProblem, categoryIndex } from './cells'
import type { Body } from './entity-import'
import type { Form, ImportColumn, ImportPlan } from './import-plan'

/** The contract's limit (413 beyond). */
export const MAX_ROWS = 100_000
/** The answer lists at most this many errors (the first ones, by row). */
export const MAX_ERRORS = 1000
/** The answer shows this many rows first, each with what it does (the import dialog's preview). */
export const PREVIEW_ROWS = 20

export interface RowError {
  /** As a spreadsheet numbers it: the header is row 1, the first record row 2. */
  row: number
  /** The column's header title ('' when the error concerns no one column). */
  column: string
  detail: string
}

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
  audit: Audit
  /** Writing stops at the first refused row unless invalid rows are skipped. */
  skipInvalid: boolean
}

/** Reads `records` (header first) and checks each row; writes them when `write` is given. */
export async function runImport(
  db: Db,
  plan: ImportPlan,
  records: AsyncIterable<string[]>,
  write?: ImportWrite,
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
  const categories = (table: CategoryTableName) => {
    if (!indexes.has(table)) indexes.set(table, categoryIndex(reader, table))
    return indexes.get(table) as Promise<CategoryIndex>
  }
  const seenIds = new Map<number, number>()
  const seen = new Map<string, unknown>()
  let header: ImportColumn[] | undefined
  let row = 1
  for await (const record of records) {
    if (!header) {
      header = headerColumns(plan, record)
      continue
    }
    row += 1
    if (row - 1 > MAX_ROWS) {
      throw new HttpError(413, `The file has more than ${MAX_ROWS.toLocaleString('en')} rows`)
    }
    const problems: RowError[] = []
    const refuse = (column: string, detail: string) => problems.push({ row, column, detail })
    const cells = record.map(unguard)
    const checked = await checkRow(plan, header, cells, {
      db: reader,
      categories,
      seen,
      seenIds,
      row,
      refuse,
    })
    const outcome = problems.length > 0 ? undefined : checked
    if (counts.rows.length < PREVIEW_ROWS) {
      counts.rows.push({ row, status: outcome?.kind ?? 'error', ...previewOf(header, cells) })
    }
    if (!outcome) {
      counts.refused += 1
      for (const problem of problems) {
        if (counts.errors.length < MAX_ERRORS) counts.errors.push(problem)
      }
      continue
    }
    if (outcome.kind === 'unchanged') {
      counts.unchanged += 1
      continue
    }
    if (write && (write.skipInvalid || counts.refused === 0)) {
      const attributes = plan.custom.write(outcome.form, outcome.body)
      if (outcome.kind === 'create') {
        await plan.how.create(write.trx, outcome.body, attributes, write.audit)
      } else {
        await plan.how.update(write.trx, outcome.id, outcome.body, attributes, write.audit)
      }
    }
    if (outcome.kind === 'create') counts.created += 1
    else counts.updated += 1
  }
  if (!header) throw new HttpError(400, 'The file is empty: it has no header row')
  if (row === 1) throw new HttpError(400, 'The file has a header row but no rows')
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

type Outcome =
  | { kind: 'unchanged' }
  | { kind: 'create'; form: 'create'; body: Body }
  | { kind: 'update'; form: 'update'; id: number; body: Body }

interface RowContext {
  db: Db
  categories: (table: CategoryTableName) => Promise<CategoryIndex>
  seen: Map<string, unknown>
  seenIds: Map<number, number>
  row: number
  refuse: (column: string, detail: string) => void
}

async function checkRow(
  plan: ImportPlan,
  header: ImportColumn[],
  cells: string[],
  context: RowContext,
): Promise<Outcome | undefined> {
  const { entity, how } = plan
  const idAt = header.findIndex((column) => column.field === 'id')
  const idCell = idAt < 0 ? '' : cells[idAt].trim()
  let id: number | undefined
  let current: Body | undefined
  if (idCell !== '') {
    const idTitle = header[idAt].title
    id = /^\d{1,10}$/.test(idCell) ? Number(idCell) : undefined
    if (id === undefined || id < 1) return void context.refuse(idTitle, 'ID must be a record id')
    const earlier = context.seenIds.get(id)
    if (earlier !== undefined) {
      return void context.refuse(idTitle, `ID ${id} is already on row ${earlier}`)
    }
    context.seenIds.set(id, context.row)
    const record = await entity.find(context.db, id)
    if (!record) return void context.refuse(idTitle, entity.notFound)
    current = how.body(await plan.custom.show(context.db, { id, ...record }))
  }
  const form: Form = current ? 'update' : 'create'

  // The row's values, by field.
  const values: Body = {}
  const titleOf = new Map<string, string>()
  const cellContext = { db: context.db, current, categories: context.categories }
  for (const [index, column] of header.entries()) {
    if (!column.read || !column.field || column.field === 'id') continue
    const value = await column.read(cells[index], cellContext)
    if (value instanceof CellProblem) context.refuse(column.title, value.detail)
    else if (value !== undefined) values[column.field] = value
    titleOf.set(column.field, column.title)
  }

  if (current) {
    let changed = false
    for (const [field, value] of Object.entries(values)) {
      if (same(value, current[field])) continue
      if (!plan.fields.update.has(field)) {
        context.refuse(titleOf.get(field) ?? field, `${field} cannot be changed by an update`)
      }
      changed = true
    }
    if (!changed) return { kind: 'unchanged' }
  }

  const body: Body = current ? { ...current, ...values } : { ...values }
  how.normalise?.(body)
  for (const [name, value] of Object.entries(plan.defaults[form])) {
    if (body[name] === undefined) body[name] = structuredClone(value)
  }
  const validate = plan.validate(form)
  if (!validate(body)) {
    const issue = validate.errors?.[0]
    const params = (issue?.params ?? {}) as Record<string, unknown>
    const field = String(params.missingProperty ?? '') || (issue?.instancePath.split('/')[1] ?? '')
    const error = { validation: validate.errors, validationContext: 'body' } as FastifyError
    context.refuse(
      titleOf.get(field) ?? columnTitle(plan, field),
      validationDetail(error, plan.titles),
    )
    return undefined
  }
  for (const refusal of (await how.check?.(context.db, body, id, {
    seen: context.seen,
    row: context.row,
  })) ?? []) {
    context.refuse(titleOf.get(refusal.field) ?? columnTitle(plan, refusal.field), refusal.detail)
  }
  if (current && id !== undefined) return { kind: 'update', form: 'update', id, body }
  return { kind: 'create', form: 'create', body }
}

/** The title of the column that fills `field`, for an error about a field the row left out. */
function columnTitle(plan: ImportPlan, field: string): string {
  return plan.columns.find((column) => column.read && column.field === field)?.title ?? field
}

/** Equal as a record would store them: text trimmed, empty text and null alike, lists as sets. */
function same(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(comparable(a), comparable(b))
}

function comparable(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (value === undefined) return null
  if (Array.isArray(value)) return value.map(comparable).sort()
  return value
}
