// The edits an analyst makes in schemas/ alone (issue 11, point 6), each applied to a
// temporary copy. One list, used by the API suite (tests/server/analyst-edits.test.ts) and the
// form suite (tests/web/forms/analyst-edits.test.tsx), so both prove the same edits.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { addProperty, copySchemas, formDefinition, type Json, type SchemaCopy } from './schema-copy'

export interface AnalystEdit {
  name: string
  entity: 'product-category' | 'service-provider' | 'product'
  apply(copy: SchemaCopy): void
}

const uiCommon = (ui: Json) => ui.common as Record<string, Json>
const field = (ui: Json, name: string) => {
  const common = uiCommon(ui)
  common[name] = { ...(common[name] ?? {}) }
  return common[name]
}

export const RELABELLED = 'Category Title'
export const HELP_TEXT = 'Shown to customers on the storefront'
export const NEW_MINIMUM = 3
export const CUSTOM_FIELD = { name: 'code', title: 'Shelf Code', maxLength: 8 }
export const PATTERN_MESSAGE = 'Use digits, spaces, brackets and dashes, with an optional + first.'

export const ANALYST_EDITS: AnalystEdit[] = [
  {
    name: 'relabel',
    entity: 'product-category',
    apply: (copy) =>
      copy.edit('product-category.ui', (ui) => {
        field(ui, 'name')['ui:title'] = RELABELLED
      }),
  },
  {
    name: 'reorder',
    entity: 'product-category',
    apply: (copy) =>
      copy.edit('product-category.ui', (ui) => {
        uiCommon(ui)['ui:order'] = ['description', 'name', 'parentCategoryId', '*'] as never
      }),
  },
  {
    name: 'make required',
    entity: 'service-provider',
    apply: (copy) =>
      copy.edit('service-provider', (doc) => {
        const create = formDefinition(doc, 'create')
        create.required = [...(create.required as string[]), 'addressLine2']
        // Required alone would still let null through: a value is necessary once null goes.
        const definitions = doc.definitions as Record<string, Json>
        definitions.addressLine2.type = 'string'
      }),
  },
  {
    name: 'change a minimum',
    entity: 'product',
    apply: (copy) =>
      copy.edit('product', (doc) => {
        const definitions = doc.definitions as Record<string, Json>
        definitions.estimatedDeliveryDays.minimum = NEW_MINIMUM
      }),
  },
  {
    name: 'add a help text',
    entity: 'product-category',
    apply: (copy) =>
      copy.edit('product-category.ui', (ui) => {
        field(ui, 'description')['ui:help'] = HELP_TEXT
      }),
  },
  {
    name: 'give a pattern its message',
    entity: 'service-provider',
    apply: (copy) =>
      copy.edit('service-provider', (doc) => {
        const definitions = doc.definitions as Record<string, Json>
        definitions.phoneNumber.errorMessage = { pattern: PATTERN_MESSAGE }
      }),
  },
  {
    name: 'add a custom field',
    entity: 'product-category',
    apply: (copy) =>
      copy.edit('product-category', (doc) => {
        const { name, title, maxLength } = CUSTOM_FIELD
        addProperty(doc, name, { type: 'string', title, maxLength })
      }),
  },
]

/** A copy of schemas/ with one edit applied. */
export function editedCopy(edit: AnalystEdit): SchemaCopy {
  const copy = copySchemas()
  edit.apply(copy)
  return copy
}

/** A fingerprint of the repository's schemas/: equal before and after, the suite touched only its copies. */
export function schemasFingerprint(dir = 'schemas'): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(dir).sort()) {
    hash.update(file).update(readFileSync(path.join(dir, file)))
  }
  return hash.digest('hex')
}

/**
 * Renaming a field (issue 27, point 3): an analyst gives it a new `title` and the same
 * `ui:title` in the ui schema's `common`, so its form label, detail page, history, table
 * header, API error messages and CSV header all say the new name.
 */
export const RETITLED = { entity: 'product', field: 'rating', title: 'Customer Score' } as const

export function retitle(copy: SchemaCopy, entity: string, name: string, title: string): void {
  copy.edit(entity, (doc) => {
    const definitions = doc.definitions as Record<string, Json>
    definitions[name] = { ...definitions[name], title }
  })
  copy.edit(`${entity}.ui`, (ui) => {
    field(ui, name)['ui:title'] = title
  })
}

/** A custom field with a title and no `ui:title`: named by its title in the web app's history. */
export const TITLED_CUSTOM_FIELD = { name: 'weightKg', title: 'Weight (kg)' } as const
