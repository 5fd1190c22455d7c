// How a CSV cell reads back into a body field (issue 29): the inverse of what the export writes
// (lib/csv-export.ts). A reader gives the field's value, undefined to leave the field out (an
// empty number or yes/no cell: the form's default on create, the current value on update), or a
// CellProblem. A value of the wrong kind ("abc" for a number) is passed through as it is, so the
// schema refuses it in the API's own words ("price must be number").
import type { CategoryTableName, Db } from '../db/types'

export class CellProblem {
  constructor(readonly detail: string) {}
}

/** What a reader may need besides the cell: the database, the record the row updates. */
export interface CellContext {
  db: Db
  /** The record as a body of its update form, when the row updates one. */
  current?: Record<string, unknown>
  /** Lookups read once per import. */
  categories: (table: CategoryTableName) => Promise<CategoryIndex>
}

export type CellReader = (cell: string, context: CellContext) => unknown

export const text: CellReader = (cell) => cell

/** A whole number or a decimal; empty leaves the field out. */
export const number: CellReader = (cell) => {
  const trimmed = cell.trim()
  if (trimmed === '') return undefined
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed
}

/** A nullable id (a parent): empty is null. */
export const optionalId: CellReader = (cell, context) =>
  cell.trim() === '' ? null : number(cell, context)

/** Naira as the export writes it ("1250.50") or as people type it ("₦1,250.50"). */
export const money: CellReader = (cell, context) => {
  const plain = cell
    .trim()
    .replace(/^₦\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '')
  return number(plain, context)
}

const YES = new Set(['yes', 'true', '1', 'y'])
const NO = new Set(['no', 'false', '0', 'n'])

/** Yes / No as the export writes it (true/false and 1/0 too); empty leaves the field out. */
export const yesNo: CellReader = (cell) => {
  const word = cell.trim().toLowerCase()
  if (word === '') return undefined
  if (YES.has(word)) return true
  if (NO.has(word)) return false
  return cell
}

/** Several values as the export joins them ("a; b"), each read by `item`. */
export function list(item: CellReader): CellReader {
  return (cell, context) =>
    cell.trim() === ''
      ? []
      : splitList(cell).map((part) => {
          const value = item(part, context)
          return value instanceof CellProblem ? part : value
        })
}

const splitList = (cell: string) =>
  cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)

/** The categories of a hierarchy by name: a category's name, or its full path when two share it. */
export interface CategoryIndex {
  /** The ids a name or a full path ("Home > Cleaning") names, in any case. */
  find(nameOrPath: string): number[]
}

/** Path separators people use: the pickers' "›", and ">" or "/". */
const PATH_SEPARATOR = /\s*(?:›|>|\/)\s*/

export async function categoryIndex(db: Db, table: CategoryTableName): Promise<CategoryIndex> {
  const rows = await db.selectFrom(table).select(['id', 'name', 'parentId']).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  const byKey = new Map<string, number[]>()
  const add = (key: string, id: number) => {
    const ids = byKey.get(key) ?? []
    ids.push(id)
    byKey.set(key, ids)
  }
  for (const row of rows) {
    const path: string[] = []
    const seen = new Set<number>()
    for (let at = byId.get(row.id); at && !seen.has(at.id); at = byId.get(at.parentId ?? -1)) {
      seen.add(at.id)
      path.unshift(at.name.trim().toLowerCase())
    }
    add(`name:${path[path.length - 1]}`, row.id)
    add(`path:${path.join('>')}`, row.id)
  }
  return {
    find(nameOrPath) {
      const parts = nameOrPath.trim().toLowerCase().split(PATH_SEPARATOR).filter(Boolean)
      if (parts.length === 1) return byKey.get(`name:${parts[0]}`) ?? []
      return byKey.get(`path:${parts.join('>')}`) ?? []
    },
  }
}

/**
 * Categories by name or full path, several joined with "; " (as the export writes them). An
 * unchanged cell keeps the record's categories even where a name is shared, so an exported file
 * reads back as it was.
 */
export function categories(table: CategoryTableName, field: string, what: string): CellReader {
  return async (cell, context) => {
    const names = splitList(cell)
    const current = context.current?.[`${field}Names`]
    if (typeof current === 'string' && names.join('; ') === splitList(current).join('; ')) {
      return context.current?.[field]
    }
    const index = await context.categories(table)
    const ids: number[] = []
    for (const name of names) {
      const found = index.find(name)
      if (found.length === 0) return new CellProblem(`"${name}" is not an existing ${what}`)
      if (found.length > 1) {
        return new CellProblem(
          `"${name}" names ${found.length} categories: write its full path (Parent > ${name})`,
        )
      }
      if (!ids.includes(found[0])) ids.push(found[0])
    }
    return ids
  }
}

/** A reader for a custom field, from its property's JSON Schema type. */
export function readerForSchema(schema: Record<string, unknown>): CellReader {
  const types = [schema.type].flat()
  if (types.includes('boolean')) return yesNo
  if (types.includes('integer') || types.includes('number')) return number
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as Record<string, unknown>
    return list(readerForSchema(items))
  }
  return text
}
