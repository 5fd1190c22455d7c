// `"errorMessage": { "pattern": "Digits, spaces, ( ) and -, with an optional + first" }`, written
// beside a field's "pattern": what the form and the API say when a value does not match, instead
// of "not in the expected format" or the bare expression. The syntax is ajv-errors' (an object
// keyed by rule), limited to "pattern" (every other rule has a plain message of its own). It is
// an annotation, not a dependency: the server (server/errors.ts) and the form
// (src/forms/plain-errors.ts) read it from the schema that holds the pattern.
import type { KeywordDefinition } from 'ajv'

export const ERROR_MESSAGE_KEYWORD: KeywordDefinition = {
  keyword: 'errorMessage',
  schemaType: 'object',
}

/** The rules that may carry their own message. */
export const OWN_MESSAGE_RULES = ['pattern']

/** The message a schema gives its own "pattern", if any. */
export function patternMessage(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  const own = (schema as { errorMessage?: { pattern?: unknown } }).errorMessage
  return typeof own?.pattern === 'string' ? own.pattern : undefined
}
