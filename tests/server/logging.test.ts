import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'

/** Log lines written to a stream, one entry per line. */
function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'))
      done()
    },
  })
  return { lines, stream }
}

// A tiny web build: a page and one hashed asset.
const webDir = mkdtempSync(path.join(os.tmpdir(), 'logging-web-'))
mkdirSync(path.join(webDir, 'assets'))
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>t</title>')
writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)')
afterAll(() => rmSync(webDir, { recursive: true, force: true }))

describeEachDatabase('request logging', (suite) => {
  test('files of the web app are logged at debug level only', async () => {
    const requestsAt = async (level: string) => {
      const { lines, stream } = capture()
      const app = await suite.makeApp({ logger: { level, stream }, config: { webDistDir: webDir } })
      for (const url of ['/', '/assets/app-abc123.js', '/providers', '/api/nope']) {
        await app.inject({ url })
      }
      return lines.map((line) => JSON.parse(line)).filter((entry) => entry.method)
    }
    const urls = (entries: Array<{ url: string }>) => entries.map((entry) => entry.url)
    expect(urls(await requestsAt('info'))).toEqual(['/api/nope'])
    expect(urls(await requestsAt('debug'))).toEqual([
      '/',
      '/assets/app-abc123.js',
      '/providers',
      '/api/nope',
    ])
  })

  test('one line per request, and never a password or a token', async () => {
    const { lines, stream } = capture()
    const app = await suite.makeApp({ logger: { level: 'info', stream } })
    const operator = await suite.createOperator()
    const token = await suite.login(app, operator.username, operator.password)
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    await app.inject({ url: '/api/nope' })

    const text = lines.join('\n')
    expect(text).not.toContain(operator.password)
    expect(text).not.toContain(token)
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.method)
    expect(requests.map((entry) => [entry.method, entry.url, entry.statusCode])).toEqual([
      ['POST', '/api/auth/login', 200],
      ['POST', '/api/auth/logout', 200],
      ['GET', '/api/nope', 404],
    ])
    expect(requests.every((entry) => typeof entry.responseTime === 'number')).toBe(true)
  })
})
