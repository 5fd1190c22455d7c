// `npm run check:schemas`: prints every mistake in schemas/ (exit 1) or a one-line all-clear.
import { fileURLToPath } from 'node:url'
import { checkSchemas, formatReport } from './index'

const dir = process.argv[2] ?? fileURLToPath(new URL('../../schemas/', import.meta.url))
const started = performance.now()
const { problems, customFields } = checkSchemas(dir)
if (problems.length > 0) {
  console.error(formatReport(problems))
  process.exit(1)
}
const custom = customFields.length > 0 ? `; custom fields: ${customFields.join(', ')}` : ''
console.log(`Schemas OK (${Math.round(performance.now() - started)} ms)${custom}.`)
