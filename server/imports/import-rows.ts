// Checking a batch of CSV rows (issue 29, decision 023) with a few set-based queries: the records
// the rows update are read in one go, each row's cells are read back and laid over its record
// (or make a new one) and validated by the forms' own schema, then the entity checks the batch's
// references and uniqueness at once. Nothing here writes.
import { isDeepStrictEqual } from 'node:util'
import type { FastifyError } from 'fastify'
import type { CategoryTableName, Db } from '../db/types'
import { validationDetail } from '../errors'
import { MAX_ID } from '../lists/list-params'
import { type CategoryIndex, CellProblem } from './cells'
import type { Body, CheckedRow, ImportFile } from './entity-import'
import type { Form, ImportColumn, ImportPlan } from './import-plan'

export interface RowError {
  /** As a spreadsheet numbers it: the header is row 1, the first record row 2. */
  row: number
  /** The column's header title ('' when the error concerns no one column). */
  column: string
  detail: string
}

export type Outcome =
  | { kind: 'unchanged' }
  | { kind: 'create'; body: Body }
  /** `before`: the record as GET showed it, for its history. */
  | { kind: 'update'; id: number; body: Body; before: Body }

export interface CheckedOutcome {
  row: number
  /** Absent when the row is refused. */
  outcome?: Outcome
  problems: RowError[]
}

/** What an import remembers across its batches. */
export interface ImportMemory {
  /** The row that named each ID so far. */
  seenIds: Map<number, number>
  file: ImportFile
  categories: (table: CategoryTableName) => Promise<CategoryIndex>
  /** An import of one parent's records (a provider's products): its field and id. */
  under?: { field: string; id: number }
}

export interface PendingRow {
  row: number
  cells: string[]
}

interface Checking extends CheckedOutcome {
  cells: string[]
  id?: number
  refuse(column: string, detail: string): void
}

export async function checkBatch(
  db: Db,
  plan: ImportPlan,
  header: ImportColumn[],
  batch: PendingRow[],
  memory: ImportMemory,
): Promise<CheckedOutcome[]> {
  const idAt = header.findIndex((column) => column.field === 'id')
  const rows: Checking[] = batch.map(({ row, cells }) => {
    const problems: RowError[] = []
    const refuse = (column: string, detail: string) => problems.push({ row, column, detail })
    return { row, cells, problems, refuse }
  })
  // The IDs first: their records are read in one query.
  for (const checking of rows) {
    const cell = idAt < 0 ? '' : checking.cells[idAt].trim()
    if (cell === '') continue
    const title = header[idAt].title
    const id = /^\d{1,10}$/.test(cell) ? Number(cell) : 0
    if (id < 1 || id > MAX_ID) checking.refuse(title, 'ID must be a record id')
    else if (memory.seenIds.has(id)) {
      checking.refuse(title, `ID ${id} is already on row ${memory.seenIds.get(id)}`)
    } else {
      memory.seenIds.set(id, checking.row)
      checking.id = id
    }
  }
  const ids = rows.flatMap((checking) => (checking.id === undefined ? [] : [checking.id]))
  const records = await plan.shown(db, ids)

  const passed: Array<{ checking: Checking; checked: CheckedRow; titleOf: Map<string, string> }> =
    []
  for (const checking of rows) {
    if (checking.problems.length > 0) continue
    const record = checking.id === undefined ? undefined : records.get(checking.id)
    const result = await checkRow(db, plan, header, checking, record, memory)
    if (result === 'unchanged') checking.outcome = { kind: 'unchanged' }
    else if (result) passed.push({ checking, ...result })
  }

  const refusals =
    (await plan.how.check?.(
      db,
      passed.map((one) => one.checked),
      memory.file,
    )) ?? []
  for (const [index, { checking, checked, titleOf }] of passed.entries()) {
    for (const refusal of refusals[index] ?? []) {
      checking.refuse(
        titleOf.get(refusal.field) ?? columnTitle(plan, refusal.field),
        refusal.detail,
      )
    }
    if (checking.problems.length > 0) continue
    const { id, body } = checked
    const before = id === undefined ? undefined : records.get(id)
    checking.outcome =
      id === undefined || !before ? { kind: 'create', body } : { kind: 'update', id, body, before }
  }
  return rows.map(({ row, outcome, problems }) =>
    problems.length > 0 ? { row, problems } : { row, outcome, problems },
  )
}

/** One row: its cells read back and laid over its record (or a new one), then validated. */
async function checkRow(
  db: Db,
  plan: ImportPlan,
  header: ImportColumn[],
  checking: Checking,
  record: Body | undefined,
  memory: ImportMemory,
): Promise<'unchanged' | { checked: CheckedRow; titleOf: Map<string, string> } | undefined> {
  const { entity, how } = plan
  const { id, refuse } = checking
  const idTitle = header.find((column) => column.field === 'id')?.title ?? 'ID'
  if (id !== undefined && !record) return void refuse(idTitle, entity.notFound)
  const under = memory.under
  if (under && record && !same(record[under.field], under.id)) {
    return void refuse(idTitle, how.under?.otherParent(under.id) ?? entity.notFound)
  }
  const current = record && how.body(record)
  const form: Form = current ? 'update' : 'create'

  // The row's values, by field.
  const values: Body = {}
  const titleOf = new Map<string, string>()
  const cellContext = { db, current, categories: memory.categories }
  for (const [index, column] of header.entries()) {
    if (!column.read || !column.field || column.field === 'id') continue
    titleOf.set(column.field, column.title)
    // As for a JSON body (app.ts): PostgreSQL text cannot hold NUL.
    if (checking.cells[index].includes('\u0000')) {
      refuse(column.title, `${column.field} must not contain NUL characters`)
      continue
    }
    const value = await column.read(checking.cells[index], cellContext)
    if (value instanceof CellProblem) refuse(column.title, value.detail)
    else if (value !== undefined) values[column.field] = value
  }
  if (under && values[under.field] !== undefined && !same(values[under.field], under.id)) {
    refuse(titleOf.get(under.field) ?? under.field, how.under?.otherParent(under.id) ?? '')
  }

  if (current) {
    let changed = false
    for (const [field, value] of Object.entries(values)) {
      if (same(value, current[field])) continue
      if (!plan.fields.update.has(field)) {
        refuse(titleOf.get(field) ?? field, `${field} cannot be changed by an update`)
      }
      changed = true
    }
    if (!changed) return checking.problems.length > 0 ? undefined : 'unchanged'
  }

  const body: Body = current ? { ...current, ...values } : { ...values }
  if (under && !current) body[under.field] = under.id
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
    const title = titleOf.get(field) ?? columnTitle(plan, field)
    // A cell already refused (and left out) is not refused again as missing.
    if (!checking.problems.some((problem) => problem.column === title)) {
      refuse(title, validationDetail(error, plan.titles))
    }
    return undefined
  }
  // Checked by the entity too, even with a cell refused, so the answer lists every error.
  return { checked: { row: checking.row, id: current ? id : undefined, body }, titleOf }
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
