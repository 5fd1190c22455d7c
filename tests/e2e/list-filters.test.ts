// Issue 31's list filters in a real Chromium against the real server, at 1280 and 375 px: the
// providers found by a person's name and by a phone number typed in another spelling than the
// stored one, and a provider's products narrowed by the products list's own filters; every
// filter in the URL and counted in "Filters (N)", axe clean throughout.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'
import { filtersToggle, showFilters } from './support/lists'

let browser: Browser
const tag = unique('F').replace(' ', '')
/** The person's last name: unique to this run, so the name filter finds this provider alone. */
const lastName = `Bakare${tag}`
/** Seven digits unique enough to this run, stored in the international spelling. */
const line = String(Date.now() % 10_000_000).padStart(7, '0')
const stored = `+234 809 ${line.slice(0, 3)} ${line.slice(3)}`
const national = `0809${line}`
let providerId: number

beforeAll(async () => {
  browser = await launchBrowser()
  ;({ id: providerId } = await apiProvider(tag, {
    firstName: 'Toluwani',
    lastName,
    phoneNumber: stored,
  }))
  // Another provider of the same person's first name, with another number.
  await apiProvider(`${tag}b`, { firstName: 'Toluwani', lastName: 'Okeke' })
  for (const [name, price] of [
    ['Small Chops Tray', 15_000],
    ['Wedding Cake', 250_000],
    ['Cupcake Box', 8_000],
  ] as const) {
    await apiPost('/products', {
      name: `${tag} ${name}`,
      description: 'For the list filter journeys.',
      pricing: 'Fixed',
      price,
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

const search = (page: Page) => new URL(page.url()).searchParams

describe.each([
  [1280, 800],
  [375, 812],
])('list filters at %i px', (width, height) => {
  let page: Page
  let problems: string[]

  beforeAll(async () => {
    ;({ page, problems } = await openSignedInPage(browser, { width, height }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  const person = `Toluwani ${lastName}`

  it("finds a provider by a person's name, then by the phone in another spelling", async () => {
    await page.goto('/service-providers')
    await showFilters(page)
    await page.getByLabel("Person's Name").fill(`toluwani ${lastName.toLowerCase()}`)
    await page.waitForURL((url) => url.searchParams.has('personName'))
    await page.getByRole('article', { name: person }).waitFor()
    await expect.poll(() => page.getByRole('article').count()).toBe(1)

    await page.getByLabel("Person's Name").fill('')
    await page.getByLabel('Phone Number').fill(`${national.slice(0, 4)} ${national.slice(4)}`)
    await page.waitForURL(
      (url) => url.searchParams.has('phone') && !url.searchParams.has('personName'),
    )
    await page.getByRole('article', { name: person }).waitFor()
    await expect.poll(() => page.getByRole('article').count()).toBe(1)
    // Phone and the default Enabled.
    await expect.poll(() => filtersToggle(page).textContent()).toBe('Filters (2)')
    await screenshot(page, `list-filters-providers-${width}`)
    expect(await seriousViolations(page)).toEqual([])
  })

  it("narrows a provider's products by the products list's filters", async () => {
    await page.getByRole('article', { name: person }).getByRole('link', { name: /View/ }).click()
    await page.getByRole('link', { name: 'View Products' }).click()
    await page.waitForURL(`**/service-providers/${providerId}/products`)
    await page.getByRole('article', { name: `${tag} Wedding Cake` }).waitFor()
    await showFilters(page)
    await page.getByLabel('Status', { exact: true }).selectOption('enabled')
    await page.getByRole('spinbutton', { name: 'Max Price' }).fill('20000')
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '20000')
    expect(search(page).get('status')).toBe('enabled')
    await page.getByRole('article', { name: `${tag} Cupcake Box` }).waitFor()
    await page.getByRole('article', { name: `${tag} Small Chops Tray` }).waitFor()
    await expect.poll(() => page.getByRole('article').count()).toBe(2)
    await expect.poll(() => filtersToggle(page).textContent()).toBe('Filters (2)')
    await screenshot(page, `list-filters-provider-products-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByRole('article', { name: `${tag} Wedding Cake` }).waitFor()
    expect(search(page).has('maxPrice')).toBe(false)
  })

  it('ran every screen without a console error or a CSP violation', () => {
    expect(problems).toEqual([])
  })
})
