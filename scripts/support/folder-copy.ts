// A throwaway copy of the whole repository that a test or benchmark edits as an analyst would,
// file by file, and runs (`npm start`, `npm run dev`) without touching the working tree.
// (A copy of schemas/ alone: tests/support/schema-copy.ts.)
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from './server-process'

// biome-ignore lint/suspicious/noExplicitAny: a test edits any part of a schema file freely
type Json = Record<string, any>

export interface FolderCopy {
  dir: string
  /** Replaces text in a file (as an analyst's editor would), failing if the text is not there. */
  replace(file: string, from: string, to: string): void
  /** Parses a JSON file, lets `edit` change it, writes it back. */
  edit(file: string, edit: (json: Json) => void): void
  remove(): void
}

/** What a copy of the repository leaves out: installed, generated or local-only folders. */
const NOT_COPIED = ['node_modules', '.git', 'data', 'dist', 'test-results', '.bench']

/**
 * The repository in a temporary folder with node_modules linked, not copied; with
 * `withBuild`, the current dist/ too (a build made from the same files, so it starts current).
 */
export function copyRepository({ withBuild = false } = {}): FolderCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'repo-copy-'))
  for (const name of readdirSync(REPO_ROOT)) {
    if (NOT_COPIED.includes(name) && !(withBuild && name === 'dist')) continue
    cpSync(path.join(REPO_ROOT, name), path.join(dir, name), { recursive: true })
  }
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  return editable(dir)
}

function editable(dir: string): FolderCopy {
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
