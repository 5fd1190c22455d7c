// docs/machines.md is generated from the machines: it must match what they are today.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMachineDocs } from '../../scripts/support/machine-docs'

describe('docs/machines.md', () => {
  it('is what `npm run docs:machines` writes from the machines today', () => {
    const written = readFileSync(new URL('../../docs/machines.md', import.meta.url), 'utf8')
    expect(written, 'docs/machines.md is out of date: run npm run docs:machines').toBe(
      renderMachineDocs(),
    )
  })
})
