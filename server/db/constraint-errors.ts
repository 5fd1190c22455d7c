// Recognising a unique-constraint violation is driver knowledge, so it lives beside the
// connection: queries ask "did this insert hit the unique key on table.column?" and turn a yes
// into their own domain error, whichever database raised it. Any other rule a write breaks
// (CHECK, NOT NULL, a foreign key, a number too large) is read here too, and named by the field
// whose column it concerns, so the error handler answers 400 rather than 500.
import { ENTITY_COLUMNS } from './entity-columns'

interface DriverError {
  code?: unknown
  message?: unknown
  table?: unknown
  detail?: unknown
}

/** True when `error` is a unique violation on `table.column` (better-sqlite3 or pg). */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message, table: pgTable, detail } = error as DriverError
  // better-sqlite3: code SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: table.column"
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return typeof message === 'string' && message.includes(`${table}.${column}`)
  }
  // pg: SQLSTATE 23505 (unique_violation), with the table and "Key (column)=(...) already exists."
  if (code === '23505') {
    return pgTable === table && typeof detail === 'string' && detail.startsWith(`Key (${column})=`)
  }
  return false
}

/** A write the database refused for one of its rules (not a unique key: see above). */
export interface ConstraintViolation {
  kind: 'check' | 'not-null' | 'foreign-key' | 'out-of-range'
  /** snake_case, when the driver says (SQLite's foreign-key errors do not). */
  table?: string
  column?: string
  /** The CHECK's text (SQLite) or the constraint's name (PostgreSQL). */
  constraint?: string
}

const SQLITE_KINDS: Record<string, ConstraintViolation['kind']> = {
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not-null',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign-key',
}
const PG_KINDS: Record<string, ConstraintViolation['kind']> = {
  '23514': 'check',
  '23502': 'not-null',
  '23503': 'foreign-key',
  '22003': 'out-of-range',
}

/** What rule a failed write broke, read from a better-sqlite3 or pg error; else undefined. */
export function constraintViolation(error: unknown): ConstraintViolation | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, message } = error as DriverError
  const text = typeof message === 'string' ? message : ''
  if (typeof code !== 'string') return undefined
  const sqlite = SQLITE_KINDS[code]
  if (sqlite) {
    // "NOT NULL constraint failed: products.description", "CHECK constraint failed: <expr>"
    const failed = text.replace(/^.*constraint failed:\s*/, '')
    const [table, column] = sqlite === 'not-null' ? failed.split('.') : []
    return { kind: sqlite, table, column, constraint: sqlite === 'check' ? failed : undefined }
  }
  const pg = PG_KINDS[code]
  if (!pg) return undefined
  const { table, column, constraint, detail } = error as DriverError & {
    column?: unknown
    constraint?: unknown
  }
  // A foreign key names its column only in the detail: "Key (parent_id)=(9) is not present…"
  const keyColumn = typeof detail === 'string' ? /^Key \(([\w]+)\)=/.exec(detail)?.[1] : undefined
  return {
    kind: pg,
    table: typeof table === 'string' ? table : undefined,
    column: typeof column === 'string' ? column : keyColumn,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  }
}

/** Table constraints that span several columns, and the field an operator should look at. */
const NAMED_CHECKS: Record<string, string> = { products_prices_match_pricing: 'pricing' }

/** The property stored in `column` of `table` (snake_case), whichever entity owns it. */
function propertyOf(table: string | undefined, column: string | undefined): string | undefined {
  if (!column) return undefined
  for (const { columns } of Object.values(ENTITY_COLUMNS)) {
    for (const [name, spec] of Object.entries(columns)) {
      if (spec.column === column && (table === undefined || spec.table === table)) return name
    }
  }
  return undefined
}

/** The field a CHECK is about: its name (PostgreSQL) or a column its text mentions (SQLite). */
function checkedProperty(violation: ConstraintViolation): string | undefined {
  const constraint = violation.constraint ?? ''
  if (NAMED_CHECKS[constraint]) return NAMED_CHECKS[constraint]
  const table = violation.table
  const pgColumn =
    table && constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : ''
  const named = propertyOf(table, pgColumn.replace(/_check\d*$/, ''))
  if (named) return named
  const word = /^[a-z_][a-z0-9_]*/.exec(constraint)?.[0]
  return propertyOf(undefined, word)
}

/**
 * A 400 message naming the field for a write the database refused, so even an edit that
 * slipped past the guard above never answers 500.
 */
export function violationDetail(violation: ConstraintViolation): string {
  switch (violation.kind) {
    case 'check': {
      const field = checkedProperty(violation)
      return field
        ? `${field} has a value the database does not accept`
        : 'A value is not accepted by the database'
    }
    case 'not-null': {
      const field = propertyOf(violation.table, violation.column)
      return `${field ?? 'A field'} is required`
    }
    case 'foreign-key': {
      const field = propertyOf(violation.table, violation.column)
      return field
        ? `${field} refers to a record that does not exist`
        : 'A referenced record does not exist'
    }
    case 'out-of-range':
      return 'A number is too large to be stored'
  }
}
