// `npm start` serves dist/; build it first when a fresh clone has none.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/index.html')) {
  console.log('No web build found: building the web app (vite build)…')
  execSync('npx vite build', { stdio: 'inherit' })
}
