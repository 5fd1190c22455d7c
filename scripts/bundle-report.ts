// What JavaScript each route of the built web app downloads, read from Vite's manifest, and the
// budgets it must keep. `npm run bench:web` prints it; tests/build/bundle-budget.test.ts enforces it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export const MANIFEST_FILE = '.vite/manifest.json'
/** Written by `chunkModulesPlugin`: the modules with code in each chunk, which the manifest lacks. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json'

/**
 * Budgets in kB (1000 bytes, as Vite prints them) of gzipped JavaScript a route loads first, per
 * kind of route, on any screen (a narrow one fetches the menu drawer when idle). History: one
 * route budget of 300 until issue 14, then 310 (the unsaved-changes guard and the colour mode,
 * decision 016), 330–335 (Chakra's Combobox for the searchable pickers, decision 015; roles and
 * the /api/me gate, issue 28) and 338 with the search, the live-change hub and presence (issue
 * 31), which took the sign-in pages to 202. Issue 32 split them by kind, aiming at 150 / 220 /
 * 260, and bought: the signed-in shell and the role check loaded after sign-in (sign-in pages
 * 201 → 185), the confirm dialog on first opening, the list filters' category picker after the
 * first paint, list and record screens in separate chunks, and the narrow drawer fetched when
 * idle (lists 290 → 241, records 290 → 249, forms 337 → 330), then a /login without Chakra
 * (decision 034: 185 → 124; the invite page, which sets a password with Chakra's widgets, is
 * counted with the forms). What remains is React with React Router (98) and Chakra's engine
 * (49) on every other page, and RJSF (66) on forms: docs/performance.md.
 */
export const BUDGETS = { loginKb: 150, readKb: 249, formKb: 330 }

/** The budget a kind of route keeps: /login, forms, and every other page (lists, records, the
 * dashboard, the account page). */
export function budgetOf(kind: RouteKind): { rule: 'login' | 'reads' | 'forms'; kb: number } {
  if (kind === 'login') return { rule: 'login', kb: BUDGETS.loginKb }
  if (kind === 'form') return { rule: 'forms', kb: BUDGETS.formKb }
  return { rule: 'reads', kb: BUDGETS.readKb }
}

interface ManifestChunk {
  file: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>
type ChunkModules = Record<string, string[]>

/** Only form routes may load the form library (RJSF). */
export type RouteKind = 'login' | 'list' | 'detail' | 'form' | 'page'

interface RouteSpec {
  path: string
  kind: RouteKind
  /** Source modules the route needs: its page and, inside the app, the shell (lazy or not). */
  modules: string[]
  /** What it fetches on top under 768 px wide once the page is idle (the shell's menu drawer):
   * reported, outside the first-load budget. */
  narrowIdle: string[]
}

// The routes of src/app/router.tsx and entity-routes.tsx with the module each page lives in.
// `checkBudgets` fails when a lazy page module is missing here, so the table cannot go stale.
/** Chakra's design system, around every page but /login (lazy, decision 034). */
const STYLED = 'src/app/styled-layout.tsx'
const SHELL = 'src/app/app-shell.tsx'
const DRAWER = 'src/app/mobile-drawer.tsx'
/** The role check in front of every form and of Operators (lazy like the shell). */
const RIGHT = 'src/app/require-right.tsx'
const f = (path: string) => `src/features/${path}`
const page = (path: string, kind: RouteKind, module: string, shell = true): RouteSpec => ({
  path,
  kind,
  modules: [STYLED, ...(shell ? [SHELL, ...(kind === 'form' ? [RIGHT] : [])] : []), f(module)],
  narrowIdle: shell ? [DRAWER] : [],
})
const withRight = (route: RouteSpec): RouteSpec => ({
  ...route,
  modules: [...route.modules, RIGHT],
})
/** A form with a category picker, whose code loads with the form (lazy-category-combobox.tsx). */
const withPicker = (route: RouteSpec): RouteSpec => ({
  ...route,
  modules: [...route.modules, 'src/components/category-combobox.tsx'],
})
const categories = (base: string): RouteSpec[] => [
  page(base, 'list', 'categories/list-pages.tsx'),
  page(`${base}/trash`, 'list', 'categories/trash-pages.tsx'),
  withPicker(page(`${base}/new`, 'form', 'categories/form-pages.tsx')),
  page(`${base}/:id`, 'detail', 'categories/detail-pages.tsx'),
  withPicker(page(`${base}/:id/edit`, 'form', 'categories/form-pages.tsx')),
]

export const ROUTES: RouteSpec[] = [
  { path: '/login', kind: 'login', modules: [f('auth/login-page.tsx')], narrowIdle: [] },
  // The page a role is refused, loaded when shown.
  withRight(page('/operators (refused)', 'page', 'errors/access-denied-page.tsx')),
  page('/picker', 'page', 'picker/picker-page.tsx', false),
  page('/not-found', 'page', 'errors/not-found-page.tsx', false),
  page('/dashboard', 'page', 'dashboard/dashboard-page.tsx'),
  // The top bar's search, loaded when first opened (Ctrl+K) over whatever page is shown.
  {
    ...page('/dashboard + search (Ctrl+K)', 'page', 'search/search-dialog.tsx'),
    modules: [STYLED, SHELL, f('dashboard/dashboard-page.tsx'), f('search/search-dialog.tsx')],
  },
  // Sets a password with Chakra's form widgets: a form (decision 034).
  page('/invite', 'form', 'auth/invite-page.tsx', false),
  ...['analytics', 'projects', 'tasks', 'settings'].map((name) =>
    page(`/${name}`, 'page', `samples/${name}-page.tsx`),
  ),
  withRight(page('/operators', 'page', 'operators/operators-page.tsx')),
  page('/profile', 'page', 'account/account-page.tsx'),
  ...categories('/service-provider-categories'),
  page('/service-providers', 'list', 'service-providers/list-pages.tsx'),
  page('/service-providers/trash', 'list', 'service-providers/trash-page.tsx'),
  withPicker(page('/service-providers/new', 'form', 'service-providers/form-pages.tsx')),
  page('/service-providers/:id', 'detail', 'service-providers/detail-pages.tsx'),
  withPicker(page('/service-providers/:id/edit', 'form', 'service-providers/form-pages.tsx')),
  page('/service-providers/:id/products', 'list', 'products/list-pages.tsx'),
  withPicker(page('/service-providers/:id/products/new', 'form', 'products/form-pages.tsx')),
  ...categories('/product-categories'),
  page('/products', 'list', 'products/list-pages.tsx'),
  page('/products/trash', 'list', 'products/trash-page.tsx'),
  page('/products/:id', 'detail', 'products/detail-pages.tsx'),
  withPicker(page('/products/:id/edit', 'form', 'products/form-pages.tsx')),
  page('/products/:id/images', 'list', 'products/list-pages.tsx'),
  page('/products/:id/images/new', 'form', 'products/image-form-pages.tsx'),
  page('/products/:productId/images/:imageId', 'detail', 'products/detail-pages.tsx'),
  page('/products/:productId/images/:imageId/edit', 'form', 'products/image-form-pages.tsx'),
]

/** Records which modules (node_modules paths without the prefix, or src paths) fill each chunk. */
export function chunkModulesPlugin(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkModules = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks[output.fileName] = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => shortModuleId(id))
          .sort()
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: JSON.stringify(chunks, null, 1),
      })
    },
  }
}

function shortModuleId(id: string): string {
  const inPackage = id.lastIndexOf('node_modules/')
  if (inPackage >= 0) return id.slice(inPackage + 'node_modules/'.length)
  return id.startsWith(process.cwd()) ? id.slice(process.cwd().length + 1) : id
}

export interface RouteLoad {
  path: string
  kind: RouteKind
  /** JavaScript files in load order: entry first, then what the route adds. */
  files: string[]
  gzipBytes: number
  /** The same plus what a narrow screen fetches once the page is idle (the shell's drawer). */
  narrowIdleGzipBytes: number
}

export interface BundleReport {
  /** Gzipped bytes of every JavaScript file in the build. */
  sizes: Record<string, number>
  routes: RouteLoad[]
  /** Built modules per chunk file. */
  modules: ChunkModules
  /** Problems reading the build against the route table (unmapped pages, missing modules). */
  problems: string[]
  /** Chunk files whose code builds functions from strings at run time. */
  evalChunks: string[]
  /** Chunks that import themselves through other chunks (their code may run out of order). */
  cycles: string[][]
}

/** Reads a finished `vite build` in `distDir` and works out what each route loads. */
export function readBundle(distDir = 'dist'): BundleReport {
  const manifestPath = join(distDir, MANIFEST_FILE)
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run vite build`)
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const modules = JSON.parse(
    readFileSync(join(distDir, CHUNK_MODULES_FILE), 'utf8'),
  ) as ChunkModules
  const problems: string[] = []

  const code: Record<string, string> = {}
  const sizes: Record<string, number> = {}
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js') || chunk.file in code) continue
    code[chunk.file] = readFileSync(join(distDir, chunk.file), 'utf8')
    sizes[chunk.file] = gzipSync(code[chunk.file]).length // zlib's default level, 6
  }

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
  if (!entryKey) throw new Error('the manifest has no entry chunk')
  const fileOf = (key: string) => manifest[key].file
  const chunkHolding = (module: string) =>
    Object.keys(modules).find((file) => modules[file].includes(module))

  const gzipOf = (files: string[]) => files.reduce((sum, file) => sum + (sizes[file] ?? 0), 0)
  const load = (path: string, modules: string[]): string[] => {
    const keys = [entryKey]
    for (const module of modules) {
      const held = chunkHolding(module)
      if (manifest[module]) keys.push(module)
      else if (!held) problems.push(`${path}: ${module} is not in the build`)
      // Bundled into a shared chunk (lazy here, static elsewhere): the route loads that chunk;
      // one it already loads (login in the entry) adds nothing.
      else keys.push(...Object.keys(manifest).filter((key) => manifest[key].file === held))
    }
    const files = [...staticClosure(manifest, keys)].map(fileOf)
    for (const module of modules) {
      const file = manifest[module]?.file ?? chunkHolding(module)
      if (file && !files.includes(file)) problems.push(`${path}: ${module} is not loaded`)
    }
    return files
  }

  const routes = ROUTES.map((route): RouteLoad => {
    const files = load(route.path, route.modules)
    const narrowFiles = load(route.path, [...route.modules, ...route.narrowIdle])
    return {
      path: route.path,
      kind: route.kind,
      files,
      gzipBytes: gzipOf(files),
      narrowIdleGzipBytes: gzipOf(narrowFiles),
    }
  })

  // Every lazily loaded page must be in the route table, or its routes go unchecked.
  const mapped = new Set(ROUTES.flatMap((route) => route.modules))
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && key.startsWith('src/features/') && !mapped.has(key)) {
      problems.push(`${key} is a lazy page missing from ROUTES in scripts/bundle-report.ts`)
    }
  }

  // ajv compiles schemas by building functions from source text; precompiled validators do not.
  const evalChunks = Object.keys(code).filter((file) => /new Function\s*\(/.test(code[file]))
  return { sizes, routes, modules, problems, evalChunks, cycles: importCycles(manifest) }
}

/** Chunk import cycles, as chains of chunk files. */
function importCycles(manifest: Manifest): string[][] {
  const cycles: string[][] = []
  const done = new Set<string>()
  const visit = (key: string, path: string[]) => {
    if (path.includes(key)) {
      cycles.push([...path.slice(path.indexOf(key)), key].map((k) => manifest[k].file))
      return
    }
    if (done.has(key)) return
    for (const imported of manifest[key].imports ?? []) visit(imported, [...path, key])
    done.add(key)
  }
  for (const key of Object.keys(manifest)) visit(key, [])
  return cycles
}

/** The chunks `keys` pull in through static imports, in load order. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return seen
}

export const kb = (bytes: number) => bytes / 1000

/** The modules (package paths or src paths) in a set of chunk files. */
export function modulesOf(report: BundleReport, files: string[]): string[] {
  return files.flatMap((file) => report.modules[file] ?? [])
}

// ajv's schema compiler (and Ajv classes wrapping it); ajv/dist/runtime/* helpers are fine.
const AJV_COMPILER = /^ajv\/dist\/(compile\/|core\.js|ajv\.js|2019\.js|2020\.js)/

export const RULES = {
  table: 'the route table matches the build',
  login: `/login loads at most ${BUDGETS.loginKb} kB gzip`,
  reads: `lists, records and the other pages load at most ${BUDGETS.readKb} kB gzip`,
  forms: `forms load at most ${BUDGETS.formKb} kB gzip`,
  compiler: 'no JSON Schema compiler in the browser',
  rjsf: 'only form routes load RJSF',
  // Chunk groups (vite.config.ts) can split a library so that a chunk imports itself back; its
  // modules may then run before what they need (as RJSF's did).
  cycles: 'no import cycle between chunks',
} as const
export type Rule = keyof typeof RULES

export interface Failure {
  rule: Rule
  message: string
}

/** Every budget the build breaks; empty when all hold. */
export function checkBudgets(report: BundleReport): Failure[] {
  const failures: Failure[] = report.problems.map((message) => ({ rule: 'table', message }))
  for (const route of report.routes) {
    const budget = budgetOf(route.kind)
    if (kb(route.gzipBytes) > budget.kb) {
      const message = `${route.path} loads ${kb(route.gzipBytes).toFixed(1)} kB gzip (> ${budget.kb})`
      failures.push({ rule: budget.rule, message })
    }
    const rjsf = modulesOf(report, route.files).filter((id) => id.startsWith('@rjsf/'))
    if (route.kind !== 'form' && rjsf.length > 0) {
      failures.push({ rule: 'rjsf', message: `${route.path} (${route.kind}) loads ${rjsf[0]}` })
    }
  }
  for (const [file, ids] of Object.entries(report.modules)) {
    const compiler = ids.find((id) => AJV_COMPILER.test(id))
    if (compiler) failures.push({ rule: 'compiler', message: `${file} bundles ${compiler}` })
  }
  for (const cycle of report.cycles) {
    failures.push({ rule: 'cycles', message: cycle.join(' → ') })
  }
  for (const file of report.evalChunks) {
    failures.push({ rule: 'compiler', message: `${file} contains \`new Function(\`` })
  }
  return failures
}
