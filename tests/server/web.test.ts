import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>'
const webDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-web-'))
writeFileSync(path.join(webDir, 'index.html'), INDEX)
// index.html with the sign-in page painted in (scripts/prerender-sign-in.ts).
const SIGN_IN = '<!doctype html><html><body><div id="root"><main>Sign in</main></div></body></html>'
writeFileSync(path.join(webDir, 'login.html'), SIGN_IN)
mkdirSync(path.join(webDir, 'assets'))
writeFileSync(path.join(webDir, 'assets', 'x.js'), 'console.log("x")')
writeFileSync(path.join(webDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
writeFileSync(path.join(webDir, '.env'), 'SECRET=1')
// Vite's manifest: the module each source file was built into.
mkdirSync(path.join(webDir, '.vite'))
writeFileSync(
  path.join(webDir, '.vite', 'manifest.json'),
  JSON.stringify({ 'src/features/auth/login-page.tsx': { file: 'assets/x.js' } }),
)
afterAll(() => rmSync(webDir, { recursive: true, force: true }))

describeEachDatabase('web app serving', (suite) => {
  const makeApp = () => suite.makeApp({ config: { webDistDir: webDir } })

  test('/ and any deep page path answer index.html, not cached', async () => {
    const app = await makeApp()
    for (const url of ['/', '/some/deep/path', '/products/12/edit?tab=images']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toMatch(/text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(INDEX)
    }
  })

  test('/login answers the page painted at build time and preloads its module (a lazy route) with the entry; no other page does', async () => {
    const app = await makeApp()
    for (const url of ['/login', '/login?from=%2Fproducts']) {
      const response = await app.inject({ url })
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(response.body, url).toBe(SIGN_IN)
      expect(response.headers.link, url).toBe('</assets/x.js>; rel=modulepreload')
    }
    for (const url of ['/', '/products', '/login/else']) {
      const response = await app.inject({ url })
      expect(response.headers.link, url).toBeUndefined()
      expect(response.body, url).toBe(INDEX)
    }
    // The manifest itself is a dotfile: not served.
    expect((await app.inject({ url: '/.vite/manifest.json' })).body).not.toContain('login-page')
  })

  test('hashed assets are served with long immutable caching', async () => {
    const app = await makeApp()
    const response = await app.inject({ url: '/assets/x.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toMatch(/immutable/)
    expect(response.body).toBe('console.log("x")')
  })

  test('other files are served and revalidated', async () => {
    const app = await makeApp()
    const response = await app.inject({ url: '/logo.svg' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  test('a missing asset is 404, not index.html', async () => {
    const app = await makeApp()
    const response = await app.inject({ url: '/assets/missing.js' })
    expect(response.statusCode).toBe(404)
  })

  test('dotfiles are not served', async () => {
    const app = await makeApp()
    const response = await app.inject({ url: '/.env' })
    expect(response.body).not.toContain('SECRET')
  })

  test('the API keeps answering JSON next to the web app', async () => {
    const app = await makeApp()
    const missing = await app.inject({ url: '/api/nope' })
    expect(missing.statusCode).toBe(404)
    expect(Object.keys(missing.json())).toEqual(['detail'])
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' })
    const post = await app.inject({ method: 'POST', url: '/some/page' })
    expect(post.statusCode).toBe(404)
    expect(Object.keys(post.json())).toEqual(['detail'])
  })

  test('without a build, page paths are 404 JSON and the API works', async () => {
    const app = await suite.makeApp({ config: { webDistDir: path.join(webDir, 'missing') } })
    const page = await app.inject({ url: '/some/page' })
    expect(page.statusCode).toBe(404)
    expect(Object.keys(page.json())).toEqual(['detail'])
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200)
  })
})
