// History in a real Chromium against the real server (issue 14, point 4): an operator edits a
// product and finds the change, with their name, in the product's History, at 1280 and 375 px.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openPage, screenshot, signIn } from './support/browser'

const product = schemaFields('product')

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each([
  [1280, 800],
  [375, 812],
])('history at %i px', (width, height) => {
  it('shows an edit of a product in its History, newest first', async () => {
    const tag = unique('h').replace(' ', '')
    const { id: providerId } = await apiProvider(tag)
    const name = `Sofa Wash ${tag}`
    const { id } = await apiPost('/products', {
      name,
      description: 'Fabric sofas',
      pricing: 'Fixed',
      price: 15000,
      estimatedDeliveryDays: 2,
      enabled: true,
      productCategoryIds: [],
      serviceProviderId: providerId,
    })

    const { page, problems } = await openPage(browser, width, height)
    await page.goto(`/products/${id}/edit`)
    await signIn(page)
    await page.waitForURL(`**/products/${id}/edit`)
    const renamed = `Sofa Deep Clean ${tag}`
    await page.getByLabel(product.label('name'), { exact: true }).fill(renamed)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Product updated successfully!').waitFor()
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor()

    const history = page.getByRole('region', { name: 'History' })
    await history.getByText(`Name: ${name} → ${renamed}`).waitFor()
    const entries = history.locator('ol > li')
    await expect(entries.count()).resolves.toBe(2)
    const newest = await entries.first().innerText()
    expect(newest).toMatch(/^Updated\s/)
    expect(newest).toContain(`by ${inject('admin').username}`)
    await expect(entries.nth(1).innerText()).resolves.toMatch(/^Created\s/)

    await history.scrollIntoViewIfNeeded()
    await screenshot(page, `history-product-${width}`)
    // Nothing in the section is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(overflow).toBeLessThanOrEqual(width)
    await expect(seriousViolations(page)).resolves.toEqual([])
    expect(problems).toEqual([])
    await page.context().close()
  })
})
