import { describe, expect, it } from 'vitest'
import { isStaleAfter, parseLiveChange } from '../../../src/lib/live-changes'

// Query keys are API paths (src/lib/query-client.ts): which reads a change makes stale.
const change = { collection: 'products', id: 7 }
const list = { page: 1 }

describe('which reads a live change makes stale', () => {
  it('every list, search and trash page of its collection', () => {
    expect(isStaleAfter(change, ['products', list])).toBe(true)
    expect(isStaleAfter(change, ['products', 'trash', list])).toBe(true)
    expect(isStaleAfter(change, ['products'])).toBe(true)
  })

  it('the record itself, with its history and images, but no other record', () => {
    expect(isStaleAfter(change, ['products', '7'])).toBe(true)
    expect(isStaleAfter(change, ['products', '7', 'history', list])).toBe(true)
    expect(isStaleAfter(change, ['products', '7', 'images'])).toBe(true)
    expect(isStaleAfter(change, ['products', '8'])).toBe(false)
    expect(isStaleAfter(change, ['products', '70', 'history', list])).toBe(false)
  })

  it('lists of its collection under a parent (a provider’s products)', () => {
    expect(isStaleAfter(change, ['service-providers', '3', 'products', list])).toBe(true)
    expect(isStaleAfter(change, ['service-providers', '3'])).toBe(false)
  })

  it('lists that show its fields: a provider’s brand on products, category names', () => {
    const provider = { collection: 'service-providers', id: 3 }
    expect(isStaleAfter(provider, ['products', list])).toBe(true)
    expect(isStaleAfter(provider, ['products', '7'])).toBe(false)
    expect(isStaleAfter({ collection: 'product-categories', id: 1 }, ['products', list])).toBe(true)
    expect(
      isStaleAfter({ collection: 'service-provider-categories', id: 1 }, [
        'service-providers',
        list,
      ]),
    ).toBe(true)
  })

  it('the latest changes of every collection and the dashboard’s counts and queues', () => {
    expect(isStaleAfter(change, ['history', list])).toBe(true)
    expect(isStaleAfter({ collection: 'product-categories', id: 1 }, ['history', list])).toBe(true)
    expect(isStaleAfter(change, ['products', { pageSize: 1, hasPreviewImage: false }])).toBe(true)
    expect(isStaleAfter(change, ['products', 'missing-fields'])).toBe(true)
    expect(isStaleAfter(change, ['service-providers', 'missing-fields'])).toBe(false)
  })

  it('nothing of other collections, nor the operator’s own reads', () => {
    expect(isStaleAfter(change, ['service-providers', list])).toBe(false)
    expect(isStaleAfter(change, ['product-categories', 'search', 'x', null])).toBe(false)
    expect(isStaleAfter(change, ['me'])).toBe(false)
  })
})

describe('a stream line as a change', () => {
  it('reads a change, and nothing else', () => {
    const line = { collection: 'products', id: 7, action: 'update', operator: 'ada', at: 'x' }
    expect(parseLiveChange(JSON.stringify(line))).toEqual(line)
    expect(parseLiveChange('not json')).toBeUndefined()
    expect(parseLiveChange('{"collection":"products"}')).toBeUndefined()
  })
})
