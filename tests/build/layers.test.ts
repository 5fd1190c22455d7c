// The layers of the architecture (README.md): `server/` never imports `src/` or `scripts/` (what
// both need, such as the schema checker's core, lives in server/), and `src/` never imports `server/`.
// Both may import `types/` (the record types generated from schemas/), which imports none of them.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file))
    .map((file) => path.join(dir, file))
}

/** The top-level folders `file`'s relative imports reach. */
function reachedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map((m) => m[1])
  return specifiers.map(
    (s) => path.relative('.', path.resolve(path.dirname(file), s)).split(path.sep)[0],
  )
}

describe('layers', () => {
  test.each([
    ['server', ['src', 'scripts']],
    ['src', ['server', 'scripts']],
    ['types', ['src', 'server', 'scripts']],
  ])('%s imports nothing from %j', (folder, forbidden) => {
    const crossings = sourceFiles(folder).flatMap((file) =>
      reachedFolders(file)
        .filter((top) => forbidden.includes(top))
        .map((top) => `${file} → ${top}/`),
    )
    expect(crossings).toEqual([])
  })
})
