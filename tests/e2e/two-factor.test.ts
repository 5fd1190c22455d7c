// Issue 28 in Chromium: an operator turns two-factor sign-in on from the Account page (QR code,
// secret, a code, ten recovery codes), then signs in with a code at 1280 px and with a recovery
// code at 375 px; every screen of the way is axe-clean and photographed.
import * as OTPAuth from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openPage, screenshot } from './support/browser'

const PASSWORD = 'two-factor-e2e-1'
const username = unique('2fa').replace(' ', '-')
let browser: Browser
let secret = ''
let recoveryCodes: string[] = []

/** The code of the authenticator app `offsetSteps` 30-second steps from now. */
function totp(offsetSteps = 0): string {
  const generator = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) })
  return generator.generate({ timestamp: Date.now() + offsetSteps * 30_000 })
}

async function signInWithPassword(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

beforeAll(async () => {
  browser = await launchBrowser()
  // An editor invited by the administrator, who accepts the invite through the API.
  const { inviteToken } = await apiPost<{ inviteToken: string }>('/operators', {
    username,
    role: 'editor',
  })
  await acceptInvite(inviteToken)
})

afterAll(async () => {
  await browser?.close()
})

async function acceptInvite(inviteToken: string) {
  const response = await fetch(`${inject('baseUrl')}/api/auth/invite`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ inviteToken, password: PASSWORD }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

describe('two-factor sign-in', () => {
  it('is turned on from the Account page with a QR code, a code and ten recovery codes', async () => {
    const { page, problems } = await openPage(browser, 1280, 900)
    await signInWithPassword(page)
    await page.waitForURL('**/dashboard')
    await page.goto('/profile')
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()

    const started = page.waitForResponse(
      (response) => response.url().endsWith('/api/me/two-factor') && response.ok(),
    )
    await page.getByRole('button', { name: 'Set up' }).click()
    secret = (await (await started).json()).secret
    await page.getByRole('img', { name: /QR code/i }).waitFor()
    // The secret is on the page as text too, for an app without a camera.
    const shown = (await page.locator('body').innerText()).replace(/\s+/g, '')
    expect(shown).toContain(secret)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'two-factor-scan-1280')

    const confirmed = page.waitForResponse((response) =>
      response.url().endsWith('/api/me/two-factor/confirm'),
    )
    await page.getByLabel('Authentication code').fill(totp())
    await page.getByRole('button', { name: 'Turn on' }).click()
    recoveryCodes = (await (await confirmed).json()).recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    const list = page.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    for (const code of recoveryCodes) await expect(list.innerText()).resolves.toContain(code)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'two-factor-recovery-codes-1280')
    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('button', { name: 'Turn off' }).waitFor()
    expect(problems).toEqual([])
  })

  it('asks for a code after the password, and signs in with it (1280 px)', async () => {
    const { page, problems } = await openPage(browser, 1280, 800)
    await signInWithPassword(page)
    const code = page.getByLabel('Authentication code')
    await code.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'two-factor-code-step-1280')

    await code.fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('Invalid authentication code').waitFor()
    expect(page.url()).toContain('/login')

    // The next step's code: the one that confirmed the set-up is used up.
    await code.fill(totp(1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/dashboard')
    expect(problems).toEqual([])
  })

  it('accepts a recovery code once instead (375 px)', async () => {
    const { page, problems } = await openPage(browser, 375, 740)
    await signInWithPassword(page)
    await page.getByLabel('Authentication code').fill(recoveryCodes[0])
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'two-factor-code-step-375')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/dashboard')

    await page.goto('/profile')
    await page.getByText('This device').waitFor()
    await expect(page.getByRole('button', { name: 'Turn off' }).isVisible()).resolves.toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'account-375')

    // Used once: the same recovery code no longer signs in.
    const again = await openPage(browser, 375, 740)
    await signInWithPassword(again.page)
    await again.page.getByLabel('Authentication code').fill(recoveryCodes[0])
    await again.page.getByRole('button', { name: 'Verify' }).click()
    await again.page.getByText('Invalid authentication code').waitFor()
    expect(problems).toEqual([])
  })
})
