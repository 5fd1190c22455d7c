// The foundation journey in a real Chromium against the real server and database.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, openPage, screenshot, signIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('signing in and the app shell', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/health`)
    expect(response.status).toBe(200)
  })

  it('sends a signed-out visitor to /login, then back to where they were going', async () => {
    const { page, problems } = await openPage(browser)
    await page.goto('/service-provider-categories')
    await page.waitForURL('**/login')
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor()
    await signIn(page)
    await page.waitForURL('**/service-provider-categories')
    const link = page.getByRole('link', { name: 'Service Provider Categories', exact: true })
    await expect(link.getAttribute('aria-current')).resolves.toBe('page')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('shows an error for a wrong password and stays on /login', async () => {
    const { page } = await openPage(browser)
    await page.goto('/login')
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Invalid username or password').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    await page.context().close()
  })

  it('greets by the time of day on the dashboard and signs out', async () => {
    const { page, problems } = await openPage(browser)
    await page.goto('/login')
    await signIn(page)
    await page.waitForURL('**/dashboard')
    const hour = await page.evaluate(() => new Date().getHours())
    const greeting = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening'
    await page.getByText(greeting).first().waitFor()
    await page.getByText('Welcome to the admin dashboard').waitFor()
    await screenshot(page, 'dashboard-1280')

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/login')
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull()
    // The token was revoked on the server too: the protected area is closed again.
    await page.goto('/dashboard')
    await page.waitForURL('**/login')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('opens the side menu as a drawer at 375 px and closes it when a link is followed', async () => {
    const { page, problems } = await openPage(browser, 375, 812)
    await page.goto('/login')
    await signIn(page)
    await page.waitForURL('**/dashboard')
    await page.getByText('Welcome to the admin dashboard').waitFor()
    await screenshot(page, 'dashboard-375')

    const products = page.getByRole('link', { name: 'Products', exact: true })
    await expect(products.isVisible()).resolves.toBe(false)
    await page.getByRole('button', { name: /menu/i }).click()
    await products.waitFor({ state: 'visible' })
    await page.waitForTimeout(300) // let the drawer finish sliding in before the picture is taken
    await screenshot(page, 'drawer-375')
    await products.click()
    await page.waitForURL('**/products')
    await products.waitFor({ state: 'hidden' })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('shows the 404 page for an unknown path', async () => {
    const { page } = await openPage(browser)
    await page.goto('/no/such/page')
    await page.getByRole('button', { name: 'Go Back' }).waitFor()
    await page.getByRole('button', { name: 'Go Home' }).waitFor()
    await page.context().close()
  })
})
