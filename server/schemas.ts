import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'

// The JSON Schemas in /schemas are the request contract shared with the web app's forms.
// They are registered with Fastify at start-up so routes can say
// `schema: { body: { $ref: 'product-create#' } }` and validate exactly what the forms do.

export const DEFAULT_SCHEMAS_DIR = fileURLToPath(new URL('../schemas/', import.meta.url))

type JsonSchema = Record<string, unknown> & { $id: string }

const SCHEMA_KEYWORDS = ['$schema', '$id', 'type', 'properties', '$defs', 'allOf', 'anyOf', 'oneOf']

/** Reads every JSON Schema file in `dir`; a file without `$id` gets its base name as id. */
export function loadSchemas(dir: string = DEFAULT_SCHEMAS_DIR): JsonSchema[] {
  if (!existsSync(dir)) return []
  const schemas: JsonSchema[] = []
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const file = path.join(dir, name)
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      // A broken contract must stop the server at start-up, not fail requests later.
      throw new Error(`Invalid JSON in schema file ${file}`, { cause: error })
    }
    // The folder may also hold UI schemas (labels, widgets) for the forms: only objects that
    // look like JSON Schemas are registered.
    if (!isJsonSchema(parsed)) continue
    schemas.push({ ...parsed, $id: String(parsed.$id ?? path.basename(name, '.json')) })
  }
  return schemas
}

export function registerSchemas(app: FastifyInstance, dir?: string): void {
  for (const schema of loadSchemas(dir)) app.addSchema(schema)
}

/**
 * The ui schema of data schema `id` (`<id>.ui.json` in `dir`), read for its field titles only
 * (lib/field-titles.ts): the forms' presentation is the web app's. A file missing or broken is
 * none (the web app reports its mistakes; the server keeps naming fields by the data schema).
 */
export function loadUiSchema(
  id: string,
  dir: string = DEFAULT_SCHEMAS_DIR,
): Record<string, unknown> | undefined {
  const file = path.join(dir, `${id}.ui.json`)
  if (!/^[\w-]+$/.test(id) || !existsSync(file)) return undefined
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

function isJsonSchema(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.some((key) => SCHEMA_KEYWORDS.includes(key)) && !keys.some((k) => k.startsWith('ui:'))
}
