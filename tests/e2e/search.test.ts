// The top bar's search (decision 026) against the real server: from the keyboard (Ctrl+K, type,
// arrow, Enter) to a record's page at 1280 and 375 px, and on a phone from the search icon,
// finding a provider by a phone number typed another way than it was saved. Axe clean.
import { randomInt } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { animationsDone, launchBrowser, openSignedInPage, screenshot } from './support/browser'

const LABEL = 'Search providers, products and categories'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A provider and one of its products, both named with a tag no other run uses. */
async function seed() {
  const tag = unique('Zobo').replace(' ', '')
  const provider = await apiProvider(tag, { brandName: `${tag} Drinks` })
  const product = await apiPost('/products', {
    name: `${tag} Hibiscus Punch`,
    description: 'Chilled, in 50 cl bottles.',
    pricing: 'Fixed',
    price: 1500,
    minPrice: null,
    maxPrice: null,
    productCategoryIds: [],
    serviceProviderId: provider.id,
    estimatedDeliveryDays: 1,
    enabled: true,
  })
  return { tag, provider, product }
}

describe('search', () => {
  it.each([
    [1280, 800],
    [375, 812],
  ])('Ctrl+K, type, arrow down, Enter: lands on the record (%i px)', async (width, height) => {
    const { tag, product } = await seed()
    const { page, problems } = await openSignedInPage(browser, { width, height })

    // The shell is up (the top bar shows the search) before the shortcut is pressed.
    await page.getByRole('button', { name: 'Search' }).waitFor()
    await page.keyboard.press('Control+k')
    const box = page.getByRole('combobox', { name: LABEL })
    await box.waitFor()
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.type(tag.toLowerCase())
    const list = page.getByRole('listbox', { name: LABEL })
    const productHit = list.getByRole('option', { name: new RegExp(`${tag} Hibiscus Punch`) })
    await productHit.waitFor()
    // The provider's group comes first, then the products'.
    const groups = list.getByRole('group')
    expect(await groups.nth(0).getAttribute('aria-labelledby')).toBeTruthy()
    await expect.poll(() => groups.count()).toBe(2)
    await screenshot(page, `search-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    await page.keyboard.press('ArrowDown')
    const selected = list.getByRole('option', { selected: true })
    expect(await selected.textContent()).toContain(`${tag} Hibiscus Punch`)
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/products/${product.id}`)
    await page.getByRole('heading', { level: 1, name: `${tag} Hibiscus Punch` }).waitFor()
    expect(await page.getByRole('dialog', { name: 'Search' }).count()).toBe(0)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('on a phone the search icon opens it full width; a phone number finds its provider', async () => {
    const digits = `6${randomInt(100_000, 999_999)}`
    const tag = unique('Kunu').replace(' ', '')
    const provider = await apiProvider(tag, {
      phoneNumber: `+234 70${digits.slice(0, 1)} ${digits.slice(1)}`,
    })
    const { page, problems } = await openSignedInPage(browser, { width: 375, height: 812 })

    await page.getByRole('button', { name: 'Search' }).waitFor()
    await screenshot(page, 'search-top-bar-375')
    await page.getByRole('button', { name: 'Search' }).click()
    const box = page.getByRole('combobox', { name: LABEL })
    await box.waitFor()
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await animationsDone(page)
    expect((await dialog.boundingBox())?.width).toBeCloseTo(375, 0)
    // Saved as +234 70…; typed the national way.
    await box.fill(`070${digits.slice(0, 1)}-${digits.slice(1)}`)
    const hit = page
      .getByRole('listbox', { name: LABEL })
      .getByRole('option', { name: new RegExp(`Shine ${tag}`) })
    await hit.waitFor()
    await screenshot(page, 'search-phone-375')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/service-providers/${provider.id}`)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
