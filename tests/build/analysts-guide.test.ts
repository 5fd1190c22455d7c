// docs/analysts.md stays true to the widget catalogue: every widget an analyst may name and
// every option it reads is described there (issue #11, point 7).
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { COMMON_FIELD_OPTIONS, widgetCatalogue } from '../../src/forms/widget-catalogue'

const guide = readFileSync('docs/analysts.md', 'utf8')
const widgetRow = (name: string) =>
  guide.split('\n').find((line) => line.startsWith(`| \`${name}\``))

describe('docs/analysts.md', () => {
  test.each(Object.entries(widgetCatalogue))(
    'describes the %s widget and its options',
    (name, entry) => {
      const row = widgetRow(name)
      expect(row, `no table row for the ${name} widget`).toBeDefined()
      for (const option of Object.keys(entry.options)) expect(row).toContain(`\`${option}\``)
    },
  )

  test('names every option common to all fields', () => {
    for (const option of Object.keys(COMMON_FIELD_OPTIONS)) expect(guide).toContain(`\`${option}\``)
  })

  test('is linked from the README', () => {
    expect(readFileSync('README.md', 'utf8')).toContain('(docs/analysts.md)')
  })
})
