// The whole schema check of `npm run check:schemas`, the build and `npm start`: the core the
// server also runs at start-up (server/schema-check/) plus the ui schemas' check, which reads the
// web app's widget catalogue.
import { checkSchemas as checkDataSchemas, type SchemaCheck } from '../../server/schema-check'
import { checkUiSchema } from './ui-schema'

export type { SchemaCheck, SchemaProblem } from '../../server/schema-check'
export { formatReport } from '../../server/schema-check'

/** Every mistake in the data and ui schema files of `dir`. */
export function checkSchemas(dir: string): SchemaCheck {
  return checkDataSchemas(dir, checkUiSchema)
}
