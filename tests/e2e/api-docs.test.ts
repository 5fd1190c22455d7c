// The API description's page (/api/docs) renders every operation from /api/openapi.json in a
// real Chromium under the product's strict CSP: own script, no eval, no outside origin.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

test.each([
  [375, 'light'],
  [1280, 'light'],
  [1280, 'dark'],
] as const)(
  '/api/docs lists the operations at %i px (%s system), with no CSP violation',
  async (width, scheme) => {
    const { page, problems } = await openPage(browser, width, 800, scheme)
    const outside: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(inject('baseUrl')).origin) {
        outside.push(request.url())
      }
    })
    await page.goto('/api/docs')
    await expect.poll(() => page.locator('section h2').count()).toBeGreaterThan(30)
    const headings = await page.locator('section h2').allTextContents()
    expect(headings).toContain('POST/api/service-providers')
    expect(await page.getByText('service-provider-create').count()).toBeGreaterThan(0)
    // It follows the system's colour scheme, as the app does by default.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background === 'rgb(23, 25, 35)').toBe(scheme === 'dark')
    await screenshot(page, `api-docs-${width}-${scheme}`)
    expect(problems).toEqual([])
    expect(outside).toEqual([])
  },
)
