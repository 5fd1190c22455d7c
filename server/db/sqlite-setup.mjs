// What every better-sqlite3 connection on the product's file shares: the main connection
// (./connection.ts) and each read worker's (./read-worker.mjs). Plain JavaScript, so that a
// worker thread loads it without a TypeScript loader (under tsx, Vitest and plain node alike).

/** A second connection or process (the operator CLI) waits this long for a lock, not failing. */
export const BUSY_TIMEOUT_MS = 5000

// SQLite's lower() folds ASCII only, so a filter "àmàlà" would miss "Àmàlà" while PostgreSQL
// finds it. Case-insensitive filters compare lower(column) with a pattern lowered in
// JavaScript; make lower() the same full Unicode lowering on every connection.
export function addUnicodeLower(file) {
  file.function('lower', { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  )
}

/** Compiled statements kept; SQL texts with lists of ids (`in (?, ?, …)`) vary in length. */
const MAX_STATEMENTS = 500

// Kysely prepares every query afresh, and better-sqlite3 compiles the SQL each time: that cost a
// list request a fifth of its time. The same SQL text now reuses its compiled statement (a
// statement keeps no state between runs, and SQLite recompiles it by itself after a migration).
// Least recently used texts are forgotten first.
export function reusingStatements(file) {
  const statements = new Map()
  return (sqlText) => {
    let statement = statements.get(sqlText)
    if (statement) statements.delete(sqlText)
    else {
      statement = file.prepare(sqlText)
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value)
    }
    statements.set(sqlText, statement)
    return statement
  }
}
