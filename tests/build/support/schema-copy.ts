// A throwaway copy of schemas/ that a test edits as an analyst would, file by file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// biome-ignore lint/suspicious/noExplicitAny: a test edits any part of a schema file freely
type Json = Record<string, any>

export interface SchemaCopy {
  dir: string
  /** Replaces text in a file (the file as an analyst's editor sees it). */
  replace(file: string, from: string, to: string): void
  /** Parses a file, lets `edit` change it, writes it back. */
  edit(file: string, edit: (json: Json) => void): void
  remove(): void
}

export function copySchemas(source = 'schemas'): SchemaCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'schemas-copy-'))
  cpSync(source, dir, { recursive: true })
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8')
  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text)
  return {
    dir,
    replace(file, from, to) {
      const text = read(file)
      if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`)
      write(file, text.replace(from, to))
    },
    edit(file, edit) {
      const json = JSON.parse(read(file)) as Json
      edit(json)
      write(file, `${JSON.stringify(json, null, 2)}\n`)
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
