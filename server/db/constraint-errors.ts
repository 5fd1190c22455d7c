// Recognising a unique-constraint violation is driver knowledge, so it lives beside the
// connection: queries ask "did this insert hit the unique key on table.column?" and turn a yes
// into their own domain error, whichever database raised it.

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
