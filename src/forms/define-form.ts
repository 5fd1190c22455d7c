// Everything a page needs to render one form of one schema file: the root schema, the merged
// ui schema and the validator precompiled at build time from the same file.
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils'
import { createPrecompiledValidator } from '@rjsf/validator-ajv8'
import { type FormName, formSchema, formUiSchema, type SchemaDocument } from './form-schema'

/** The functions `virtual:form-validator/<entity>.<form>` exports. */
export type ValidatorFunctions = Parameters<typeof createPrecompiledValidator>[0]

export interface FormDefinition {
  schema: RJSFSchema
  uiSchema: UiSchema
  validator: ValidatorType
}

export function defineForm(
  doc: unknown,
  ui: unknown,
  form: FormName,
  validateFns: ValidatorFunctions,
): FormDefinition {
  const schema = formSchema(doc as SchemaDocument, form)
  return {
    schema,
    uiSchema: formUiSchema(ui as Record<string, Record<string, unknown>>, form) as UiSchema,
    validator: createPrecompiledValidator(validateFns, schema),
  }
}

/** A ui schema with runtime choices (loaded categories) put into one field's "ui:options". */
export function withFieldOptions(
  uiSchema: UiSchema,
  field: string,
  options: Record<string, unknown>,
): UiSchema {
  const own = (uiSchema[field] ?? {}) as UiSchema
  return {
    ...uiSchema,
    [field]: { ...own, 'ui:options': { ...(own['ui:options'] ?? {}), ...options } },
  }
}
