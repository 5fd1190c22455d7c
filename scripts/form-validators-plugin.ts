// Vite plugin: `import validators from 'virtual:form-validator/product.create'` yields the
// precompiled ajv validator functions of that form, generated from schemas/ at build time, so the
// browser never compiles code at run time (CSP: script-src 'self', no unsafe-eval).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators'
import type { Plugin } from 'vite'
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
  const doc = JSON.parse(
    readFileSync(resolve(schemasDir, `${entity}.json`), 'utf8'),
  ) as SchemaDocument
  const code = compileSchemaValidatorsCode(formSchema(doc, form), {
    ajvOptionsOverrides: AJV_OPTIONS,
  })
  return toEsModule(code)
}

export function formValidatorsPlugin(schemasDir = 'schemas'): Plugin {
  return {
    name: 'form-validators',
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
  }
}
