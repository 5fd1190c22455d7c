// Vite plugin: writes dist/login.html, the built index.html with the sign-in page already in
// #root, which the server answers /login with (server/web.ts). A phone on a slow network sees the
// page as soon as the HTML and CSS arrive, before the scripts have downloaded and run (issue 32,
// decision 035); main.tsx renders over it once the page's code is ready, so nothing moves.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer, type Plugin } from 'vite'

/** The name server/web.ts answers /login with (its SIGN_IN_HTML; the build test reads it by that
 * name). The build imports nothing of the server, which a copy of the web app may not have. */
const SIGN_IN_HTML = 'login.html'
const EMPTY_ROOT = '<div id="root"></div>'

export function prerenderSignInPlugin(): Plugin {
  let outDir = 'dist'
  let root = process.cwd()
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      root = config.root
    },
    async closeBundle() {
      // Vite's own module runner renders the page's real components (TSX, import.meta.env).
      const vite = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        // Nothing to pre-bundle for one render; scanning would trip on the app's virtual modules.
        optimizeDeps: { noDiscovery: true },
      })
      try {
        const { signInMarkup } = (await vite.ssrLoadModule('/scripts/sign-in-markup.tsx')) as {
          signInMarkup: () => string
        }
        const index = readFileSync(join(outDir, 'index.html'), 'utf8')
        if (!index.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`)
        const page = index.replace(EMPTY_ROOT, `<div id="root">${signInMarkup()}</div>`)
        writeFileSync(join(outDir, SIGN_IN_HTML), page)
      } finally {
        await vite.close()
      }
    },
  }
}
