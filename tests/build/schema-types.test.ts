// types/schema-types.ts is generated from schemas/ (docs/decisions/019-record-types-from-schemas.md):
// it must be what the generator makes of today's schemas, and an analyst's edit must reach it.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
import { schemaTypes, typeName } from '../../scripts/schema-types/generate'
import { ANALYST_EDITS, CUSTOM_FIELD, editedCopy } from '../support/analyst-edits'
import type { SchemaCopy } from '../support/schema-copy'

/** The text of one generated interface. */
function declaration(text: string, name: string): string {
  const start = text.indexOf(`export interface ${name} {`)
  expect(start, `${name} is generated`).toBeGreaterThanOrEqual(0)
  return text.slice(start, text.indexOf('\n}\n', start) + 2)
}

let copy: SchemaCopy | undefined
afterEach(() => {
  copy?.remove()
  copy = undefined
})

describe('types generated from schemas/', () => {
  test('types/schema-types.ts is up to date (else: npm run types:schemas)', async () => {
    const fresh = await schemaTypes('schemas')
    expect(
      readFileSync('types/schema-types.ts', 'utf8') === fresh,
      'stale: run npm run types:schemas',
    ).toBe(true)
  })

  test("each form's body is one interface, its fields titled; conditional prices are optional", async () => {
    const text = await schemaTypes('schemas')
    const create = declaration(text, 'ProductCreate')
    expect(create).toContain('/** Name */\n  name: string')
    expect(create).toContain("pricing: 'Fixed' | 'Range'")
    expect(create).toContain('price?: number')
    expect(create).toContain('minPrice?: number')
    expect(create).toContain('serviceProviderId: number')
    expect(declaration(text, 'ProductUpdate')).not.toContain('serviceProviderId')
    expect(declaration(text, 'ServiceProviderCreate')).toContain('addressLine2?: string | null')
    expect(text).toContain('export type ProductCustomField = never')
  })

  test("an analyst's custom field appears in its entity's types", async () => {
    const edit = ANALYST_EDITS.find((each) => each.name === 'add a custom field')
    if (!edit) throw new Error('the analyst edit "add a custom field" is gone')
    copy = editedCopy(edit)
    const text = await schemaTypes(copy.dir)
    const name = typeName(edit.entity)
    expect(declaration(text, `${name}Create`)).toContain(
      `/** ${CUSTOM_FIELD.title} */\n  ${CUSTOM_FIELD.name}?: string`,
    )
    expect(text).toContain(`export type ${name}CustomField = '${CUSTOM_FIELD.name}'`)
  })

  test("the analyst's 'make required' reaches the create body", async () => {
    const edit = ANALYST_EDITS.find((each) => each.name === 'make required')
    if (!edit) throw new Error('the analyst edit "make required" is gone')
    copy = editedCopy(edit)
    const text = await schemaTypes(copy.dir)
    expect(declaration(text, 'ServiceProviderCreate')).toContain('addressLine2: string\n')
  })
})
