// A body over the limit always gets its 413 `{detail}`, whichever client sends it: the server
// reads the rest of the body before answering (server/lib/drain-body.ts) instead of closing the
// connection under a client that is still sending (Node's fetch then saw EPIPE about half the
// time on a 12 MiB upload). Twenty tries per client, route and size, just over each route's
// limit and three times it.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { BODY_LIMIT } from '../../server/app'
import { IMAGE_BODY_LIMIT } from '../../server/images/image-upload'
import { apiToken } from './support/api'
import { launchBrowser } from './support/browser'

const TRIES = 20
const run = promisify(execFile)

/** A JSON body of exactly `size` bytes: one long string field. */
function bodyOf(size: number): string {
  const frame = JSON.stringify({ passportPhoto: '' })
  return frame.replace('""}', `"${'x'.repeat(size - frame.length)}"}`)
}

// The default limit (a public route) and the uploads' (a route that needs a token).
const cases = [
  ['login, just over 1 MiB', '/api/auth/login', BODY_LIMIT + 1],
  ['login, 3 MiB', '/api/auth/login', 3 * BODY_LIMIT],
  ['an upload, just over 12 MiB', '/api/service-providers/1/passport-photo', IMAGE_BODY_LIMIT + 1],
  ['an upload, 36 MiB', '/api/service-providers/1/passport-photo', 3 * IMAGE_BODY_LIMIT],
] as const

type Answer = { status: number; body: string }

let browser: Browser
let folder: string

beforeAll(async () => {
  browser = await launchBrowser()
  folder = mkdtempSync(join(tmpdir(), 'body-limit-'))
})

afterAll(async () => {
  await browser?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe.each(cases)('a body to %s', (_name, URL_PATH, size) => {
  const body = bodyOf(size)
  let headers: Record<string, string> = {}
  beforeAll(async () => {
    headers = { 'content-type': 'application/json', authorization: `Bearer ${await apiToken()}` }
  })
  const expectRefusals = (answers: Answer[]) => {
    expect(answers).toHaveLength(TRIES)
    for (const answer of answers) {
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Request body is too large' })
    }
  }

  test('is 413 for Node’s fetch every time', { timeout: 120_000 }, async () => {
    expect(body.length).toBe(size)
    const answers: Answer[] = []
    for (let i = 0; i < TRIES; i += 1) {
      const response = await fetch(`${inject('baseUrl')}${URL_PATH}`, {
        method: 'POST',
        headers,
        body,
      })
      answers.push({ status: response.status, body: await response.text() })
    }
    expectRefusals(answers)
  })

  test('is 413 for curl every time', { timeout: 120_000 }, async () => {
    const file = join(folder, `body-${size}.json`)
    writeFileSync(file, body)
    const answers: Answer[] = []
    for (let i = 0; i < TRIES; i += 1) {
      const { stdout } = await run('curl', [
        '--silent',
        '--show-error',
        '--header',
        'content-type: application/json',
        '--header',
        headers.authorization ? `authorization: ${headers.authorization}` : 'x-none: 1',
        '--data-binary',
        `@${file}`,
        '--write-out',
        '\n%{http_code}',
        `${inject('baseUrl')}${URL_PATH}`,
      ])
      const cut = stdout.lastIndexOf('\n')
      answers.push({ status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) })
    }
    expectRefusals(answers)
  })

  // 20 × 36 MiB through the browser takes over a minute on a busy machine.
  test('is 413 for Chromium’s fetch every time', { timeout: 300_000 }, async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl') })
    try {
      const page = await context.newPage()
      // Any page of the app, so the fetch is same-origin under the product's own CSP.
      await page.goto('/login')
      const answers = await page.evaluate(
        async ({ url, size, tries, headers }) => {
          const frame = JSON.stringify({ passportPhoto: '' })
          const text = frame.replace('""}', `"${'x'.repeat(size - frame.length)}"}`)
          const results: Array<{ status: number; body: string }> = []
          for (let i = 0; i < tries; i += 1) {
            try {
              const response = await fetch(url, { method: 'POST', headers, body: text })
              results.push({ status: response.status, body: await response.text() })
            } catch (error) {
              results.push({ status: 0, body: String(error) })
            }
          }
          return results
        },
        { url: URL_PATH, size, tries: TRIES, headers },
      )
      expectRefusals(answers)
    } finally {
      await context.close()
    }
  })
})
