// `npm run docs:machines`: writes docs/machines.md from the machine definitions.
import { writeFileSync } from 'node:fs'
import { renderMachineDocs } from './support/machine-docs'

const file = new URL('../docs/machines.md', import.meta.url)
writeFileSync(file, renderMachineDocs())
console.log(`Wrote ${file.pathname}`)
