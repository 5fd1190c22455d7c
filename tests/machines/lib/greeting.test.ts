import { describe, expect, it } from 'vitest'
import { greetingFor } from '../../../src/lib/greeting'

const at = (hours: number, minutes: number) => new Date(2024, 5, 1, hours, minutes)

describe('greetingFor', () => {
  it.each([
    [0, 0, 'Good morning'],
    [11, 59, 'Good morning'],
    [12, 0, 'Good afternoon'],
    [17, 59, 'Good afternoon'],
    [18, 0, 'Good evening'],
    [23, 59, 'Good evening'],
  ])('%i:%i local time → %s', (hours, minutes, greeting) => {
    expect(greetingFor(at(hours, minutes))).toBe(greeting)
  })
})
