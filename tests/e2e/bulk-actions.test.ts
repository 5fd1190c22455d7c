// Bulk actions (decision 013) in a real Chromium against the real server, at 1280 and 375 px:
// tick rows by keyboard, widen to all matching, disable them in one call and read the toast;
// delete a category branch with one still-assigned category refused; the bulk bar stays in
// view at 375 px while the table scrolls sideways; axe clean throughout.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

let browser: Browser
/** Products per width: more than the page of 10 the journey shows. */
const COUNT = 12

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function seed(tag: string) {
  const { id: providerId } = await apiPost('/service-providers', {
    firstName: 'Ada',
    lastName: 'Bulk',
    brandName: `Bulk ${tag}`,
    email: `ada.${tag.toLowerCase().replace(/\W/g, '')}@example.com`,
    phoneNumber: '+234 805 111 2222',
    state: 'Lagos',
    city: 'Yaba',
    addressLine1: '3 Herbert Macaulay Way',
    addressLine2: null,
    about: 'Seeded for the bulk journeys.',
    enabled: true,
    serviceProviderCategoryIds: [],
  })
  const category = (name: string, parentCategoryId: number | null) =>
    apiPost('/product-categories', {
      name: `${tag} ${name}`,
      description: 'Bulk',
      parentCategoryId,
    })
  const branch = await category('Branch', null)
  await category('Leaf', branch.id)
  const used = await category('Used', null)
  for (let n = 1; n <= COUNT; n += 1) {
    await apiPost('/products', {
      name: `${tag} P${String(n).padStart(2, '0')}`,
      description: 'A product for the bulk journeys.',
      pricing: 'Fixed',
      price: 1000 * n,
      estimatedDeliveryDays: 2,
      enabled: true,
      productCategoryIds: n === 1 ? [used.id] : [],
      serviceProviderId: providerId,
    })
  }
}

describe.each([
  [1280, 800],
  [375, 812],
])('bulk actions at %i px', (width, height) => {
  let page: Page
  let problems: string[]
  const tag = unique(`B${width}`).replace(' ', '')

  beforeAll(async () => {
    await seed(tag)
    ;({ page, problems } = await openSignedInPage(browser, { width, height }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  const bar = () => page.getByRole('region', { name: 'Bulk actions' })

  it('ticks rows by keyboard, widens to all matching and disables them in one call', async () => {
    await page.goto(`/products?name=${tag}&pageSize=10`)
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Products' })
    await table.waitFor()
    const first = table.getByRole('checkbox', { name: `Select ${tag} P12` })
    await first.focus()
    await page.keyboard.press('Space')
    await bar().getByRole('status').getByText('1 product selected').waitFor()

    await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
    await bar().getByText('10 products selected').waitFor()
    await bar()
      .getByRole('button', { name: `Select all ${COUNT} matching the filters` })
      .click()
    await bar().getByText(`All ${COUNT} products selected`).waitFor()
    await screenshot(page, `bulk-products-selected-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    if (width < 768) {
      // The table scrolls sideways; the bar stays within the screen.
      const scroller = table.locator('xpath=..')
      const wide = await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)
      expect(wide).toBe(true)
      const box = await bar().boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
    }

    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/bulk')) calls.push(request.postData() ?? '')
    })
    await bar().getByRole('button', { name: 'Disable' }).click()
    await page.getByText(`${COUNT} products disabled`).waitFor()
    expect(calls.map((body) => JSON.parse(body))).toEqual([
      { action: 'disable', filter: { name: tag } },
    ])
    await expect.poll(() => table.getByText('Disabled', { exact: true }).count()).toBe(10)
    expect(await bar().count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('deletes a category branch; one still assigned is refused with its reason', async () => {
    await page.goto(`/product-categories?name=${tag}`)
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Product Categories' })
    await table.waitFor()
    await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
    await bar().getByText('3 product categories selected').waitFor()
    await bar().getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await dialog
      .getByText('This will move 3 product categories to the trash, where they can be restored.')
      .waitFor()
    await screenshot(page, `bulk-categories-confirm-${width}`)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByText(`2 product categories deleted; 1 refused: Category has 1 product ("${tag} Used")`)
      .waitFor()
    await screenshot(page, `bulk-categories-result-${width}`)
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    await table.getByRole('link', { name: `${tag} Used` }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })
})
