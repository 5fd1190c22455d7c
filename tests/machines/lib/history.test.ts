// How a history entry reads (src/lib/history.ts): the words and values the History section of
// every detail page shows.
import { describe, expect, it } from 'vitest'
import { actionText, changeLines, fieldText, timeText, valueText } from '../../../src/lib/history'

describe('how a history entry reads', () => {
  it('names fields, values and actions as a person would', () => {
    expect(fieldText('estimatedDeliveryDays')).toBe('Estimated delivery days')
    expect(fieldText('sku')).toBe('Sku')
    expect(valueText(null)).toBe('—')
    expect(valueText(true)).toBe('Yes')
    expect(
      valueText([
        { id: 1, name: 'Cleaning' },
        { id: 2, name: 'Repairs' },
      ]),
    ).toBe('Cleaning, Repairs')
    expect(valueText([])).toBe('—')
    expect(valueText(12500)).toBe('12500')
    expect(valueText(12500.5, 'price')).toBe('₦12,500.50')
    expect(actionText({ action: 'image-add', partId: 12 })).toBe('Image 12 added')
    expect(actionText({ action: 'update', partId: null })).toBe('Updated')
    expect(actionText({ action: 'archive', partId: null })).toBe('archive')
  })

  it("gives the time in the operator's locale", () => {
    const at = '2026-11-25T17:04:00.000Z'
    expect(timeText(at, 'en-GB')).not.toBe(timeText(at, 'en-US'))
    expect(timeText(at, 'en-US')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(at),
      ),
    )
  })

  it('shows an update as before → after, a create with its new values, a delete with its old', () => {
    const changes = {
      name: { before: 'Sofa Wash', after: 'Sofa Clean' },
      productCategories: { before: null, after: [] },
      minPrice: { before: 1000, after: null },
    }
    expect(changeLines({ action: 'update', changes })).toEqual([
      { field: 'name', label: 'Name', text: 'Sofa Wash → Sofa Clean' },
      { field: 'minPrice', label: 'Min price', text: '₦1,000.00 → —' },
    ])
    const created = {
      name: { before: null, after: 'Tanks' },
      parentId: { before: null, after: null },
    }
    expect(changeLines({ action: 'create', changes: created })).toEqual([
      { field: 'name', label: 'Name', text: 'Tanks' },
    ])
    const deleted = { name: { before: 'Tanks', after: null } }
    expect(changeLines({ action: 'delete', changes: deleted })).toEqual([
      { field: 'name', label: 'Name', text: 'Tanks' },
    ])
  })
})
