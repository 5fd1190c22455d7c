// For what must not go on with broken schemas (the server's start-up, `npm start`): print the
// same report as `npm run check:schemas` and exit.
import { checkSchemas, formatReport, type SchemaCheck } from './index'

export function refuseBrokenSchemas(
  dir: string,
  consequence: string,
  check: (dir: string) => SchemaCheck = checkSchemas,
): void {
  const { problems } = check(dir)
  if (problems.length === 0) return
  console.error(formatReport(problems))
  console.error(`${consequence} until they are fixed; \`npm run check:schemas\` checks again.`)
  process.exit(1)
}
