import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useDebouncedValue } from '../../../src/lib/use-debounced-value'

// The pickers ask the server once the operator pauses typing, not at every key.
describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('follows the value only after it has stopped changing for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 250), {
      initialProps: { value: '' },
    })
    for (const value of ['d', 'de', 'dee', 'deep']) {
      rerender({ value })
      act(() => vi.advanceTimersByTime(100))
      expect(result.current).toBe('')
    }
    act(() => vi.advanceTimersByTime(150))
    expect(result.current).toBe('deep')
  })
})
