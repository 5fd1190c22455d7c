// Turns one entity schema file (field rules under `definitions`, each form under
// `definitions.<form>`) into the root schema of one form. Pure: the build step that precompiles
// validators and the browser both call it, so their root schemas are identical.
import type { RJSFSchema } from '@rjsf/utils'

export type FormName = 'create' | 'update'

export interface SchemaDocument extends RJSFSchema {
  $id: string
  definitions: Record<string, RJSFSchema>
}

export function formSchema(doc: SchemaDocument, form: FormName): RJSFSchema {
  return { ...doc, $id: `${doc.$id}-${form}`, $ref: `#/definitions/${form}` }
}

/** The ui schema of one form: the file's `common` part with the form's own part on top. */
export function formUiSchema(
  ui: Record<string, Record<string, unknown> | undefined>,
  form: FormName,
): Record<string, unknown> {
  const common = ui.common ?? {}
  const own = ui[form] ?? {}
  const merged: Record<string, unknown> = { ...common }
  for (const [key, value] of Object.entries(own)) {
    const base = common[key]
    merged[key] =
      isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : (value as unknown)
  }
  return merged
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
