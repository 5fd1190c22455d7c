// A temporary copy of schemas/ that a test edits as an analyst would (a custom field, a new
// label), so the suite proves the product follows the files without touching the real ones.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type Json = Record<string, unknown>

export interface SchemaCopy {
  dir: string
  /** Reads `<name>.json` of the copy, lets `change` edit it, writes it back. */
  edit(name: string, change: (document: Json) => void): void
  remove(): void
}

export function copySchemas(from = 'schemas'): SchemaCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-schemas-'))
  cpSync(from, dir, { recursive: true })
  return {
    dir,
    edit(name, change) {
      const file = path.join(dir, `${name}.json`)
      const document = JSON.parse(readFileSync(file, 'utf8')) as Json
      change(document)
      writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** The object schema of one form, following `"update": { "$ref": "#/definitions/create" }`. */
export function formDefinition(document: Json, form: 'create' | 'update'): Json {
  const definitions = document.definitions as Record<string, Json>
  let definition = definitions[form]
  while (typeof definition.$ref === 'string') {
    definition = definitions[definition.$ref.replace('#/definitions/', '')]
  }
  return definition
}

/** Adds a property to both forms of a schema document (once when one refers to the other). */
export function addProperty(document: Json, name: string, schema: Json, required = false): void {
  for (const form of ['create', 'update'] as const) {
    const definition = formDefinition(document, form)
    ;(definition.properties as Json)[name] = schema
    if (required) {
      const list = (definition.required as string[] | undefined) ?? []
      if (!list.includes(name)) definition.required = [...list, name]
    }
  }
}

/** Removes a property from both forms. */
export function removeProperty(document: Json, name: string): void {
  for (const form of ['create', 'update'] as const) {
    delete (formDefinition(document, form).properties as Json)[name]
  }
}
