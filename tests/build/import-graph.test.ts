import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

// The server's layers point down only (README, "The server: entities and generic plugins"):
// generic code never reaches into an entity's folder, db/ knows nothing of lists or entities, and
// neither the server nor the web app has an import circle. Read from the source files' import
// statements (type-only imports count: a circle of types is still a circle to read through).

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const ENTITY_FOLDERS = ['categories', 'products', 'service-providers']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith('.d.mts') ? [file] : []
  })
}

/** The relative imports of each file, resolved to files of the repository. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(path.join(ROOT, dir))) {
    const text = readFileSync(file, 'utf8')
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1])
    const targets = specifiers.flatMap((specifier) => {
      const base = path.resolve(path.dirname(file), specifier)
      const found = ['', '.ts', '.tsx', '.mjs', '/index.ts'].map((end) => base + end)
      const target = found.find((candidate) => {
        try {
          return statSync(candidate).isFile()
        } catch {
          return false
        }
      })
      return target ? [target] : []
    })
    graph.set(file, targets)
  }
  return graph
}

const relative = (file: string) => path.relative(ROOT, file)

/** Every circle of imports, each as the files it passes through. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map(relative))
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return found
}

describe('import graph', () => {
  const server = importGraph('server')
  const imports = (from: string) =>
    [...server].flatMap(([file, targets]) =>
      relative(file).startsWith(from)
        ? targets.map((target) => `${relative(file)} → ${relative(target)}`)
        : [],
    )

  test('the server and the web app have no import circle', () => {
    expect(circles(server)).toEqual([])
    expect(circles(importGraph('src'))).toEqual([])
  })

  test('generic code never imports an entity folder', () => {
    const entity = new RegExp(`→ server/(${ENTITY_FOLDERS.join('|')})/`)
    for (const generic of ['server/lib/', 'server/lists/', 'server/bulk/', 'server/history/']) {
      expect(imports(generic).filter((line) => entity.test(line))).toEqual([])
    }
  })

  test('db/ imports nothing above it', () => {
    const above = imports('server/db/').filter(
      (line) => !/→ server\/(db|config)\b/.test(line) && !line.startsWith('server/db/migrations'),
    )
    expect(above).toEqual([])
  })

  test('the checker sees a circle and a reach into an entity folder', () => {
    // The rules above are only as good as the graph: a made-up pair proves both are found.
    const a = path.join(ROOT, 'server/lib/a.ts')
    const b = path.join(ROOT, 'server/products/b.ts')
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['server/lib/a.ts', 'server/products/b.ts']])
  })
})
