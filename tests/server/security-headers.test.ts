import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'

const webDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-web-'))
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>')
afterAll(() => rmSync(webDir, { recursive: true, force: true }))

describeEachDatabase('security headers', (suite) => {
  test.each([
    ['GET', '/api/health'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/nope'],
    ['GET', '/'],
    ['GET', '/deep/page'],
  ] as const)('%s %s carries the security headers', async (method, url) => {
    const app = await suite.makeApp({ config: { webDistDir: webDir } })
    const response = await app.inject({ method, url })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})
