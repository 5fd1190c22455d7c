// For the commands that must not go on with broken schemas (`npm start`, the server's start-up):
// print the same report as `npm run check:schemas` and exit.
import { checkSchemas, formatReport } from './index'

export function refuseBrokenSchemas(dir: string, consequence: string): void {
  const { problems } = checkSchemas(dir)
  if (problems.length === 0) return
  console.error(formatReport(problems))
  console.error(`${consequence} until they are fixed; \`npm run check:schemas\` checks again.`)
  process.exit(1)
}
