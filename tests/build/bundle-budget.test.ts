// The web app's JavaScript budgets (issue #7), checked on the build `npm test` makes first.
import { describe, expect, it } from 'vitest'
import { checkBudgets, RULES, type Rule, readBundle } from '../../scripts/bundle-report'

const failures = checkBudgets(readBundle('dist'))

describe('bundle budgets', () => {
  it.each(Object.entries(RULES) as [Rule, string][])('%s: %s', (rule) => {
    const broken = failures.filter((failure) => failure.rule === rule).map((f) => f.message)
    expect(broken).toEqual([])
  })
})
