// `npm run types:schemas`: rewrites types/schema-types.ts from schemas/ when it is stale (run
// by `npm test`, `build`, `typecheck` and `dev`; a schema mistake is reported here as it is by
// `npm run check:schemas`, which says more).
import { fileURLToPath } from 'node:url'
import { SCHEMA_TYPES_FILE, writeSchemaTypes } from './generate'

const root = fileURLToPath(new URL('../../', import.meta.url))
try {
  if (await writeSchemaTypes(root)) console.log(`${SCHEMA_TYPES_FILE} regenerated from schemas/.`)
} catch (error) {
  console.error(
    `Could not generate ${SCHEMA_TYPES_FILE} from schemas/ (npm run check:schemas says why):`,
  )
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
