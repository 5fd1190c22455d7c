// Vite plugin: `import validators from 'virtual:form-validator/product.create'` yields the
// precompiled ajv validator functions of that form, generated from schemas/ at build time, so the
// browser never compiles code at run time (CSP: script-src 'self', no unsafe-eval).
// In `npm run dev`, an edit in schemas/ reloads the open page with the new forms and validators,
// or shows the mistakes `npm run check:schemas` finds in Vite's error overlay.
import { readFileSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators'
import type { EnvironmentModuleNode, Plugin } from 'vite'
import { type FormName, formSchema, type SchemaDocument } from '../src/forms/form-schema'

const PREFIX = 'virtual:form-validator/'
const RESOLVED = `\0${PREFIX}`

/** The same ajv options the server uses: `$data` for min ≤ max, kobo-safe multipleOf. */
export const AJV_OPTIONS = { $data: true, multipleOfPrecision: 6 }

/** ajv's standalone output is CommonJS; wrap it as an ES module with a tiny `require`. */
export function toEsModule(cjs: string): string {
  const ids = [...new Set([...cjs.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))]
  const imports = ids.map((id, i) => `import * as m${i} from ${JSON.stringify(`${id}.js`)}`)
  const table = ids.map((id, i) => `${JSON.stringify(id)}: m${i}`).join(', ')
  return `${imports.join('\n')}
const modules = { ${table} }
// The same CommonJS module reads differently through a bundler and through Node; take its exports.
const require = (id) => { const ns = modules[id]; return ns.default && ns.default.__esModule ? ns.default : ns }
const exports = {}
${cjs.replace('"use strict";', '')}
export default exports
`
}

export function compileFormValidators(schemasDir: string, entity: string, form: FormName): string {
  try {
    const doc = JSON.parse(
      readFileSync(resolve(schemasDir, `${entity}.json`), 'utf8'),
    ) as SchemaDocument
    const code = compileSchemaValidatorsCode(formSchema(doc, form), {
      ajvOptionsOverrides: AJV_OPTIONS,
    })
    return toEsModule(code)
  } catch (error) {
    // Name the file: the bare Ajv or JSON message does not say which schema broke the build.
    throw new Error(
      `schemas/${entity}.json (${form} form): ${(error as Error).message}. ` +
        '`npm run check:schemas` lists every mistake with its place.',
    )
  }
}

// Loaded through the dev server, only there: the config (and so a build) needs none of the
// checker, nor the server's column map it reads. Resolved when the dev server asks for it: the
// web tests load this file in jsdom, where this module's URL is not a file URL.
const checkerFile = () => fileURLToPath(new URL('./schema-check/index.ts', import.meta.url))

export function formValidatorsPlugin(schemasDir = 'schemas'): Plugin {
  return {
    name: 'form-validators',
    // Loading the checker (and its first run) takes seconds on a busy machine: done once the dev
    // server is up, not when the first edit is saved (issue 27: each save within 5 s).
    configureServer(server) {
      server.httpServer?.once('listening', () => {
        server
          .ssrLoadModule(checkerFile())
          .then((checker) =>
            (checker as typeof import('./schema-check')).checkSchemas(resolve(schemasDir)),
          )
          .catch(() => {})
      })
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined
      const [entity, form] = id.slice(RESOLVED.length).split('.')
      const file = resolve(schemasDir, `${entity}.json`)
      this.addWatchFile(file)
      return compileFormValidators(schemasDir, entity, form as FormName)
    },
    // The forms import the schema files and these validators are generated from them: a schema
    // edit reloads the page (no partial update could swap a form's rules safely).
    async hotUpdate({ file, timestamp, server }) {
      if (this.environment.name !== 'client' || !file.startsWith(resolve(schemasDir) + sep)) {
        return undefined
      }
      const checker = (await server.ssrLoadModule(checkerFile())) as typeof import('./schema-check')
      const { problems } = checker.checkSchemas(resolve(schemasDir))
      if (problems.length > 0) {
        const message = checker.formatReport(problems)
        this.environment.hot.send({ type: 'error', err: { message, stack: '' } })
        return []
      }
      const graph = this.environment.moduleGraph
      const invalidated = new Set<EnvironmentModuleNode>()
      for (const mod of graph.idToModuleMap.values()) {
        if (mod.id?.startsWith(RESOLVED)) graph.invalidateModule(mod, invalidated, timestamp, true)
      }
      for (const mod of graph.getModulesByFile(file) ?? []) {
        graph.invalidateModule(mod, invalidated, timestamp, true)
      }
      this.environment.hot.send({ type: 'full-reload' })
      return []
    },
  }
}
