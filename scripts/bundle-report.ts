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
 * Budgets in kB (1000 bytes, as Vite prints them) of gzipped JavaScript. Routes had 300 until
 * issue 14: the unsaved-changes guard on every form and the colour mode on every page took the
 * product image forms (narrow, with the drawer) from 299.8 to 304.9 (decision 016), and Chakra's
 * Combobox for the searchable category pickers (Zag's machine and its popper, in the form theme)
 * adds 10–25 to the form routes, which no longer download the categories (decision 015).
 * Roles (issue 28) put who is signed in and what the role may do in the shell (the /api/me gate,
 * the rights, the account link, the query client it needs before any page): +3.8 on every page,
 * taking the provider forms (narrow) from 326.6 to 330.4, hence 335; the same change loads the
 * category picker only with a form that shows one, so the image forms fell from 331 to 310.
 * Issue 31 put three things on every page or every form: the top bar's search (decision 026: its
 * button and Ctrl+K, +0.6; the dialog loads when first opened; the debounce it shares with the
 * category pickers a chunk of its own, +0.2), the live-change hub and an edit page's record
 * compared with the version heard of (decision 027, +1.4; the notice loads when shown), and the
 * presence notice (decision 025): the provider forms (narrow) went from 334.8 to 337.1, hence
 * 338; the entry every page shares grew with them, taking /invite from 196.6 to 200.9, hence 202
 * for the sign-in pages. Issue 32 brings every route far below both.
 */
export const BUDGETS = { loginKb: 202, routeKb: 338 }

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
  /** What it loads on top under 768 px wide (the shell's menu drawer). */
  narrow: string[]
}

// The routes of src/app/router.tsx and entity-routes.tsx with the module each page lives in.
// `checkBudgets` fails when a lazy page module is missing here, so the table cannot go stale.
const SHELL = 'src/app/app-shell.tsx'
/** The shell loads the query layer (lazily, after sign-in) before any page shows. */
const QUERY_LAYER = 'src/app/query-layer.tsx'
const DRAWER = 'src/app/mobile-drawer.tsx'
const f = (path: string) => `src/features/${path}`
const page = (path: string, kind: RouteKind, module: string, shell = true): RouteSpec => ({
  path,
  kind,
  modules: shell ? [SHELL, QUERY_LAYER, f(module)] : [f(module)],
  narrow: shell ? [DRAWER] : [],
})
/** A form with a category picker, whose code loads with the form (lazy-category-combobox.tsx). */
const withPicker = (route: RouteSpec): RouteSpec => ({
  ...route,
  modules: [...route.modules, 'src/components/category-combobox.tsx'],
})
const categories = (base: string): RouteSpec[] => [
  page(base, 'list', 'categories/pages.tsx'),
  page(`${base}/trash`, 'list', 'categories/trash-pages.tsx'),
  withPicker(page(`${base}/new`, 'form', 'categories/form-pages.tsx')),
  page(`${base}/:id`, 'detail', 'categories/pages.tsx'),
  withPicker(page(`${base}/:id/edit`, 'form', 'categories/form-pages.tsx')),
]

export const ROUTES: RouteSpec[] = [
  page('/login', 'login', 'auth/login-page.tsx', false),
  // The sign-in code step (two-factor) and the page a role is refused, each loaded when shown.
  page('/login (code step)', 'login', 'auth/code-step.tsx', false),
  page('/operators (refused)', 'page', 'errors/access-denied-page.tsx'),
  page('/picker', 'page', 'picker/picker-page.tsx', false),
  page('/not-found', 'page', 'errors/not-found-page.tsx', false),
  page('/dashboard', 'page', 'dashboard/dashboard-page.tsx'),
  // The top bar's search, loaded when first opened (Ctrl+K) over whatever page is shown.
  {
    ...page('/dashboard + search (Ctrl+K)', 'page', 'search/search-dialog.tsx'),
    modules: [SHELL, QUERY_LAYER, f('dashboard/dashboard-page.tsx'), f('search/search-dialog.tsx')],
  },
  page('/invite', 'login', 'auth/invite-page.tsx', false),
  ...['analytics', 'projects', 'tasks', 'settings'].map((name) =>
    page(`/${name}`, 'page', `samples/${name}-page.tsx`),
  ),
  page('/operators', 'page', 'operators/operators-page.tsx'),
  page('/profile', 'page', 'account/account-page.tsx'),
  ...categories('/service-provider-categories'),
  page('/service-providers', 'list', 'service-providers/pages.tsx'),
  page('/service-providers/trash', 'list', 'service-providers/trash-page.tsx'),
  withPicker(page('/service-providers/new', 'form', 'service-providers/form-pages.tsx')),
  page('/service-providers/:id', 'detail', 'service-providers/pages.tsx'),
  withPicker(page('/service-providers/:id/edit', 'form', 'service-providers/form-pages.tsx')),
  page('/service-providers/:id/products', 'list', 'products/pages.tsx'),
  withPicker(page('/service-providers/:id/products/new', 'form', 'products/form-pages.tsx')),
  ...categories('/product-categories'),
  page('/products', 'list', 'products/pages.tsx'),
  page('/products/trash', 'list', 'products/trash-page.tsx'),
  page('/products/:id', 'detail', 'products/pages.tsx'),
  withPicker(page('/products/:id/edit', 'form', 'products/form-pages.tsx')),
  page('/products/:id/images', 'list', 'products/pages.tsx'),
  page('/products/:id/images/new', 'form', 'products/image-form-pages.tsx'),
  page('/products/:productId/images/:imageId', 'detail', 'products/pages.tsx'),
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
  /** The same under 768 px wide, where the shell adds its drawer. */
  narrowGzipBytes: number
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
    const narrowFiles = load(route.path, [...route.modules, ...route.narrow])
    return {
      path: route.path,
      kind: route.kind,
      files,
      gzipBytes: gzipOf(files),
      narrowGzipBytes: gzipOf(narrowFiles),
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
  routes: `no route loads more than ${BUDGETS.routeKb} kB gzip`,
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
    const login = route.kind === 'login'
    const limit = login ? BUDGETS.loginKb : BUDGETS.routeKb
    const most = Math.max(route.gzipBytes, route.narrowGzipBytes)
    if (kb(most) > limit) {
      const message = `${route.path} loads ${kb(most).toFixed(1)} kB gzip (> ${limit})`
      failures.push({ rule: login ? 'login' : 'routes', message })
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
