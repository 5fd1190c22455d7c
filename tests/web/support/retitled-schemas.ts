// The product's schema files with its rating renamed (RETITLED) and a titled custom field
// added, read from a temporary copy of schemas/ for tests/web/field-titles.test.tsx's mocks.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { RETITLED, retitle, TITLED_CUSTOM_FIELD } from '../../support/analyst-edits'
import { addProperty, copySchemas, type Json, type SchemaCopy } from '../../support/schema-copy'

const copies: SchemaCopy[] = []
let product: { doc: Json; ui: Json } | undefined

export function retitledProduct(): { doc: Json; ui: Json } {
  if (!product) {
    const copy = copySchemas()
    copies.push(copy)
    retitle(copy, RETITLED.entity, RETITLED.field, RETITLED.title)
    copy.edit('product', (doc) =>
      addProperty(doc, TITLED_CUSTOM_FIELD.name, {
        type: 'number',
        title: TITLED_CUSTOM_FIELD.title,
        minimum: 0,
      }),
    )
    const read = (name: string) =>
      JSON.parse(readFileSync(path.join(copy.dir, `${name}.json`), 'utf8')) as Json
    product = { doc: read('product'), ui: read('product.ui') }
  }
  return product
}

export function removeCopies(): void {
  for (const copy of copies.splice(0)) copy.remove()
}
