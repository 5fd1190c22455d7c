import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { PageFallback } from './errors'

// Serves the built web app from the same origin as the API, so the app needs no CORS and its
// API base can stay `/api`.
//
// Caching: vite puts content-hashed files under /assets, which never change under the same
// name and are cached for a year. Everything else (index.html above all) is revalidated on
// every load, so a new release is picked up at once.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
/** index.html with the sign-in page painted in (scripts/prerender-sign-in.ts), for /login. */
export const SIGN_IN_HTML = 'login.html'

/**
 * Registers static serving when `distDir` holds a build and returns the history fallback (any
 * unknown page path answers index.html, so deep links into the app work). Without a build
 * (server tests, API-only use) it registers nothing and returns null.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
): Promise<PageFallback | null> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'no web app build found: serving the API only')
    return null
  }
  const assetsDir = path.join(distDir, 'assets') + path.sep
  await app.register(fastifyStatic, {
    root: distDir,
    // Our own Cache-Control below; send's default would give everything max-age=0.
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes .br/.gz copies of scripts and styles (scripts/precompress-plugin.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE)
    },
  })
  const loginPreload = signInPagePreload(distDir)
  const signInPage = existsSync(path.join(distDir, SIGN_IN_HTML)) ? SIGN_IN_HTML : 'index.html'
  return (request, reply) => {
    if (request.url.split('?')[0] !== '/login') return reply.code(200).sendFile('index.html')
    if (loginPreload) reply.header('link', loginPreload)
    return reply.code(200).sendFile(signInPage)
  }
}

/** The module the sign-in page is built into, to preload: /login is a lazy route (decision
 * 034), so a browser would ask for it only once the entry has run, a round trip later on a slow
 * network. A Link header starts it with the entry. Read from Vite's manifest; none without it. */
function signInPagePreload(distDir: string): string | undefined {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return undefined
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string }
  >
  const chunk = manifest['src/features/auth/login-page.tsx']
  return chunk && `</${chunk.file}>; rel=modulepreload`
}
