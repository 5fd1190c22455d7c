// A form's validator precompiled from a folder of schema files, exactly as the build does
// (scripts/form-validators-plugin.ts), for tests that render a form from an edited copy.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ValidatorType } from '@rjsf/utils'
import { createPrecompiledValidator } from '@rjsf/validator-ajv8'
import { compileFormValidators } from '../../../scripts/form-validators-plugin'
import { type FormName, formSchema, type SchemaDocument } from '../../../src/forms/form-schema'

let counter = 0

export async function compiledValidator(
  schemasDir: string,
  entity: string,
  form: FormName,
  doc: SchemaDocument,
): Promise<ValidatorType> {
  // The generated module is written inside the repository so it resolves ajv's runtime from
  // node_modules; the schema files themselves stay wherever the test keeps them.
  counter += 1
  const dir = resolve('node_modules/.cache/compiled-form', `${process.pid}-${counter}`)
  mkdirSync(dir, { recursive: true })
  try {
    const file = resolve(dir, `${entity}.${form}.mjs`)
    writeFileSync(file, compileFormValidators(schemasDir, entity, form))
    const fns = (await import(/* @vite-ignore */ file)).default
    return createPrecompiledValidator(fns, formSchema(doc, form))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
