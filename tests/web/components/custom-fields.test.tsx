import { DataList } from '@chakra-ui/react'
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { CustomFieldItems } from '../../../src/components/custom-fields'
import { customFields, customValues } from '../../../src/forms/custom-fields'
import { renderUi } from '../support/render-ui'

// The detail pages' rendering of custom fields (issue 11): the schema's title, in ui:order,
// and a rendering by type.
const doc = {
  $id: 'thing',
  definitions: {
    size: { type: 'string', title: 'Size', enum: ['S', 'L'], enumNames: ['Small', 'Large'] },
    create: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        sku: { type: 'string', title: 'SKU' },
        weight: { type: 'number', title: 'Weight' },
        fragile: { type: 'boolean', title: 'Fragile' },
        launch: { type: 'string', format: 'date', title: 'Launch Date' },
        site: { type: 'string', format: 'uri', title: 'Website' },
        trap: { type: 'string', format: 'uri', title: 'Other Link' },
        mail: { type: 'string', format: 'email', title: 'Support Email' },
        size: { $ref: '#/definitions/size' },
        grade: { type: 'string', oneOf: [{ const: 'a', title: 'Grade A' }], title: 'Grade' },
        missing: { type: 'string', title: 'Missing' },
      },
    },
    update: { $ref: '#/definitions/create' },
  },
}
const ui = { common: { 'ui:order': ['name', 'mail', '*'], sku: { 'ui:title': 'Stock Code' } } }
const fields = customFields(doc, ui, ['name'])
const record = {
  name: 'Not custom',
  sku: 'JR-50',
  weight: 12500.5,
  fragile: false,
  launch: '2026-12-01',
  site: 'https://example.com/a',
  trap: 'javascript:alert(1)',
  mail: 'help@example.com',
  size: 'L',
  grade: 'a',
}

function renderItems() {
  return renderUi(
    <DataList.Root>
      <CustomFieldItems fields={fields} record={record} />
    </DataList.Root>,
  )
}

/** The row of a label: its label and value elements share a parent. */
const row = (label: string) => within(screen.getByText(label).parentElement as HTMLElement)

describe('custom fields on a detail page', () => {
  test('lists the fields beyond the standard ones, in ui:order, titled as the form titles them', () => {
    expect(fields.map((field) => field.title)).toEqual([
      'Support Email',
      'Stock Code',
      'Weight',
      'Fragile',
      'Launch Date',
      'Website',
      'Other Link',
      'Size',
      'Grade',
      'Missing',
    ])
    expect(customValues(fields, record)).not.toHaveProperty('name')
    expect(customValues(fields, record)).toHaveProperty('sku', 'JR-50')
  })

  test('renders each type: text, number, yes/no, date, link, email, enum label', () => {
    renderItems()
    expect(row('Stock Code').getByText('JR-50')).toBeInTheDocument()
    expect(row('Weight').getByText('12,500.5')).toBeInTheDocument()
    expect(row('Fragile').getByText('No')).toBeInTheDocument()
    expect(row('Launch Date').getByText('1 Dec 2026')).toBeInTheDocument()
    expect(row('Website').getByRole('link', { name: 'https://example.com/a' })).toHaveAttribute(
      'href',
      'https://example.com/a',
    )
    expect(row('Support Email').getByRole('link')).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    )
    expect(row('Size').getByText('Large')).toBeInTheDocument()
    expect(row('Grade').getByText('Grade A')).toBeInTheDocument()
    expect(row('Missing').getByText('Not set')).toBeInTheDocument()
  })

  test('a non-web URI is shown as text, never as a link', () => {
    renderItems()
    expect(row('Other Link').queryByRole('link')).toBeNull()
    expect(row('Other Link').getByText('javascript:alert(1)')).toBeInTheDocument()
  })
})
