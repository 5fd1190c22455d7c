import { existsSync } from 'node:fs'
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
  return (_request, reply) => reply.code(200).sendFile('index.html')
}
