// `npm start` serves dist/: build it first when there is none, or when the schemas (or the code
// that precompiles the form validators from them) changed since it was built, so the browser
// never shows an older form than the one the server enforces. Says in one line why it builds.
// Mistakes in the schemas stop it first, with the messages of `npm run check:schemas`.
import { execSync } from 'node:child_process'
import path from 'node:path'
import { refuseBrokenSchemas } from '../server/schema-check/refuse'
import { REPO_ROOT, staleBuildReason } from './build-fingerprint'
import { checkSchemas } from './schema-check'

refuseBrokenSchemas(path.join(REPO_ROOT, 'schemas'), '`npm start` serves nothing', checkSchemas)
const reason = staleBuildReason()
if (reason) {
  console.log(reason)
  execSync('npx vite build --logLevel warn', { stdio: 'inherit', cwd: REPO_ROOT })
}
