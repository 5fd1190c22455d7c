// CSV export (decision 014) in a real Chromium against the real server, at 1280 and 375 px: the
// Export CSV button of a filtered, sorted list downloads every matching row (more than the page
// on screen), in the list's order, as a file the browser saves.
import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openPage, screenshot, signIn } from './support/browser'

let browser: Browser
const tag = unique('X').replace(' ', '')
/** Products named `${tag} P01` … `${tag} P35`, P01 the dearest; more than a page of 30. */
const COUNT = 35

beforeAll(async () => {
  browser = await launchBrowser()
  const { id: providerId } = await apiPost('/service-providers', {
    firstName: 'Ngozi',
    lastName: 'Eze',
    brandName: `Export ${tag}`,
    email: `ngozi.${tag.toLowerCase()}@example.com`,
    phoneNumber: '+234 805 333 4444',
    state: 'Enugu',
    city: 'Enugu',
    addressLine1: '5 Okpara Avenue',
    addressLine2: null,
    about: 'Seeded for the export journeys.',
    enabled: true,
    serviceProviderCategoryIds: [],
  })
  for (let n = 1; n <= COUNT; n += 1) {
    await apiPost('/products', {
      name: `${tag} P${String(n).padStart(2, '0')}${n === 3 ? ' =SUM(A1), "Ọ̀fẹ̀"' : ''}`,
      description: 'A product for the export journeys.',
      pricing: 'Fixed',
      price: (COUNT + 1 - n) * 1000 + 0.5,
      estimatedDeliveryDays: 2,
      enabled: true,
      productCategoryIds: [],
      serviceProviderId: providerId,
    })
  }
})
afterAll(async () => {
  await browser?.close()
})

describe.each([
  [1280, 800],
  [375, 812],
])('export at %i px', (width, height) => {
  let page: Page
  let problems: string[]

  beforeAll(async () => {
    ;({ page, problems } = await openPage(browser, width, height))
    await page.goto('/login')
    await signIn(page)
    await page.waitForURL('**/dashboard')
  })
  afterAll(async () => {
    await page?.context().close()
  })

  it('downloads every row of the filtered, sorted list, not just the page shown', async () => {
    await page.goto(`/products?name=${tag}&sort=price&order=asc&pageSize=10`)
    await page.getByText(`Showing 1–10 of ${COUNT}`, { exact: true }).waitFor()
    await screenshot(page, `export-products-toolbar-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await readFile(await download.path(), 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = parse(text.slice(1)) as string[][]
    expect(header).toContain('Price (₦)')
    const name = header.indexOf('Name')
    const price = header.indexOf('Price (₦)')
    // The cheapest first, as the list sorts them: P35 at 1000.50 … P01 at 35000.50.
    expect(rows.map((row) => row[name])).toEqual(
      Array.from({ length: COUNT }, (_, i) => {
        const n = COUNT - i
        return `${tag} P${String(n).padStart(2, '0')}${n === 3 ? ' =SUM(A1), "Ọ̀fẹ̀"' : ''}`
      }),
    )
    expect(rows[0]?.[price]).toBe('1000.50')
    await page.getByText(`${COUNT} rows exported to ${download.suggestedFilename()}`).waitFor()
    // The button is back once the file is saved.
    await page.getByRole('button', { name: 'Export CSV' }).waitFor()
    expect(problems).toEqual([])
  })
})
