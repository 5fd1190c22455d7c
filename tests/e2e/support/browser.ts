// One Chromium per suite; pages that record console errors, page errors and CSP violations so
// a test can assert that a screen ran cleanly.
import { mkdirSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const SCREENSHOT_DIR = 'test-results/screenshots'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

export interface WatchedPage {
  page: Page
  problems: string[]
}

export type ColorScheme = 'light' | 'dark'

/** A page `width` × `height` px wide whose system colour scheme is `colorScheme`. */
export async function openPage(
  browser: Browser,
  width = 1280,
  height = 800,
  colorScheme: ColorScheme = 'light',
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width, height },
    colorScheme,
  })
  const problems: string[] = []
  // Chromium logs most CSP violations as console errors; the DOM event catches every one and
  // names the directive. Init scripts and bindings run over CDP, outside the page's CSP.
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    problems.push(`CSP violation: ${text}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void })
        .__reportCspViolation
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'}`)
    })
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    // API answers the screens handle on purpose (a wrong password, a missing record, a CSV
    // import's refused rows) log a failed resource load; any other console error is a problem.
    const text = message.text()
    const refusedImport = /status of 400/.test(text) && /\/import\b/.test(message.location().url)
    if (message.type() === 'error' && !/status of 40[149]/.test(text) && !refusedImport) {
      problems.push(`console: ${text}`)
    }
  })
  return { page, problems }
}

/** Signs in as the administrator, or as `operator` (support/api.ts `apiOperator`). */
export async function signIn(
  page: Page,
  operator: { username: string; password: string } = inject('admin'),
) {
  await page.getByLabel('Username').fill(operator.username)
  await page.getByLabel('Password').fill(operator.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

interface PageOptions {
  width?: number
  height?: number
  colorScheme?: ColorScheme
  /** Someone other than the administrator. */
  operator?: { username: string; password: string }
}

/** A signed-in page on the dashboard, for suites that test what comes after signing in. */
export async function openSignedInPage(
  browser: Browser,
  { width = 1280, height = 800, colorScheme = 'light', operator }: PageOptions = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, width, height, colorScheme)
  await watched.page.goto('/login')
  await signIn(watched.page, operator)
  await watched.page.waitForURL('**/dashboard')
  return watched
}

/**
 * Waits until every finite animation has ended (a dialog or toast has faded in), so colours can
 * be judged; endless ones (a spinner, the crop frame's marching ants) are left running.
 */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
}
