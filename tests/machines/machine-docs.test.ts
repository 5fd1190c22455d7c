// docs/machines.md is generated from the machines: it must match what they are today, and
// list every machine in src/machines, each with a test file ending in its coverage check.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { documentedMachines, renderMachineDocs } from '../../scripts/support/machine-docs'

const machineFiles = readdirSync(new URL('../../src/machines', import.meta.url))
  .filter((name) => name.endsWith('-machine.ts'))
  .map((name) => `src/machines/${name}`)
  .sort()

describe('docs/machines.md', () => {
  it('is what `npm run docs:machines` writes from the machines today', () => {
    const written = readFileSync(new URL('../../docs/machines.md', import.meta.url), 'utf8')
    expect(written, 'docs/machines.md is out of date: run npm run docs:machines').toBe(
      renderMachineDocs(),
    )
  })

  it('documents every machine file in src/machines', () => {
    const documented = documentedMachines.map((entry) => entry.file).sort()
    expect(documented, 'list the machine in scripts/support/machine-docs.ts').toEqual(machineFiles)
  })

  it.each(machineFiles)('%s has a test file that ends with its coverage check', (file) => {
    const name = file.replace(/^src\/machines\/(.+)\.ts$/, '$1')
    const test = readFileSync(new URL(`./${name}.test.ts`, import.meta.url), 'utf8')
    const entry = documentedMachines.find((documented) => documented.file === file)
    const id = entry?.machine.config.id ?? ''
    expect(test.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^describeEdgeCoverage\\(${id}Machine\\)$`),
    )
  })
})
