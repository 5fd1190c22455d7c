// Restoring a version in a real Chromium against the real server (issue 30, point 2): an operator
// edits a product twice, opens "Restore this version" on the first edit in its History, sees
// what will change, restores it and finds the values back and a `revert` entry, at 1280 and
// 375 px, axe-clean with the dialog open and after.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

/** Saves the product's edit form with this name and price, back on its page. */
async function edit(page: Page, id: number, name: string, price: string) {
  await page.goto(`/products/${id}/edit`)
  await page.getByLabel(product.label('name'), { exact: true }).fill(name)
  await page.getByLabel(product.label('price'), { exact: true }).fill(price)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await page.getByText('Product updated successfully!').waitFor()
  await page.getByRole('heading', { level: 1, name }).waitFor()
}

describe.each([
  [1280, 800],
  [375, 812],
])('restoring a version at %i px', (width, height) => {
  it('puts a product back as it was after its first edit, recorded as a new entry', async () => {
    const tag = unique('r').replace(' ', '')
    const { id: providerId } = await apiProvider(tag)
    const { id } = await apiPost('/products', {
      name: `Sofa Wash ${tag}`,
      description: 'Fabric sofas',
      pricing: 'Fixed',
      price: 15000,
      estimatedDeliveryDays: 2,
      enabled: true,
      productCategoryIds: [],
      serviceProviderId: providerId,
    })

    const { page, problems } = await openPage(browser, width, height)
    await page.goto(`/products/${id}`)
    await signIn(page)
    await page.waitForURL(`**/products/${id}`)
    const first = `Sofa Clean ${tag}`
    const second = `Sofa Deep Clean ${tag}`
    await edit(page, id, first, '18000')
    await edit(page, id, second, '21000.5')

    const history = page.getByRole('region', { name: 'History' })
    const entries = history.locator('ol > li')
    await history.getByText(`Name: ${first} → ${second}`).waitFor()
    await expect(entries.count()).resolves.toBe(3)
    // The first edit is the middle entry (newest first).
    await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click()

    const dialog = page.getByRole('dialog', { name: 'Restore this version?' })
    const changes = dialog.getByRole('list', { name: 'Changes' })
    await changes.waitFor()
    await expect(changes.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      `Name: ${second} → ${first}`,
      'Price: ₦21,000.50 → ₦18,000.00',
    ])
    await screenshot(page, `revert-dialog-${width}`)
    await expect(seriousViolations(page)).resolves.toEqual([])

    await dialog.getByRole('button', { name: 'Restore' }).click()
    await page.getByText('Version restored successfully!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { level: 1, name: first }).waitFor()
    await expect(entries.count()).resolves.toBe(4)
    const newest = await entries.first().innerText()
    expect(newest).toMatch(/^Earlier version restored\s/)
    expect(newest).toContain(`Name: ${second} → ${first}`)

    await history.scrollIntoViewIfNeeded()
    await screenshot(page, `revert-history-${width}`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(overflow).toBeLessThanOrEqual(width)
    await expect(seriousViolations(page)).resolves.toEqual([])
    expect(problems).toEqual([])
    await page.context().close()
  })
})
