import { describe, expect, it } from 'vitest'
import {
  formatBytes,
  formatDeliveryDays,
  formatNaira,
  formatNairaRange,
} from '../../../src/lib/format'

describe('formatting', () => {
  it('shows naira with kobo', () => {
    expect(formatNaira(12500)).toBe('₦12,500.00')
    expect(formatNaira(0.5)).toBe('₦0.50')
  })

  it('shows a price range with an en dash', () => {
    expect(formatNairaRange(1000, 5000)).toBe('₦1,000.00 – ₦5,000.00')
  })

  it('shows delivery days in the singular for one', () => {
    expect(formatDeliveryDays(1)).toBe('1 day')
    expect(formatDeliveryDays(3)).toBe('3 days')
  })

  it('shows file sizes in B, KB and MB', () => {
    expect(formatBytes(850)).toBe('850 B')
    expect(formatBytes(86_221)).toBe('84.2 KB')
    expect(formatBytes(1_363_149)).toBe('1.3 MB')
  })
})
