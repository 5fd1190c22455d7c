// The operators' lists (issue #13) in a real Chromium against the real server, at 1280 and
// 375 px: the table view beside the cards, sorting by the headers, paging that scales (page
// size, first/last, page number, a page past the end), live filters, and axe clean throughout.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openPage, screenshot, signIn } from './support/browser'
import { showFilters } from './support/lists'

let browser: Browser
const tag = unique('L').replace(' ', '')
const brand = `Lists ${tag}`
/** Products named `${tag} P01` … `${tag} P35`; P01 is the dearest, P35 the cheapest. */
const COUNT = 35

beforeAll(async () => {
  browser = await launchBrowser()
  const { id: providerId } = await apiPost('/service-providers', {
    firstName: 'Tolu',
    lastName: 'Bakare',
    brandName: brand,
    email: `tolu.${tag.toLowerCase()}@example.com`,
    phoneNumber: '+234 805 111 2222',
    state: 'Lagos',
    city: 'Yaba',
    addressLine1: '3 Herbert Macaulay Way',
    addressLine2: null,
    about: 'Seeded for the list journeys.',
    enabled: true,
    serviceProviderCategoryIds: [],
  })
  // Both category lists need a row for their tables to show.
  await apiPost('/service-provider-categories', {
    name: `${tag} Events`,
    description: 'For the list journeys',
    parentId: null,
  })
  await apiPost('/product-categories', {
    name: `${tag} Catering`,
    description: 'For the list journeys',
    parentCategoryId: null,
  })
  for (let n = 1; n <= COUNT; n += 1) {
    const name = `${tag} P${String(n).padStart(2, '0')}${n === 7 ? ' with a name long enough to be cut short in its table cell' : ''}`
    await apiPost('/products', {
      name,
      description: 'A product for the list journeys.',
      pricing: 'Fixed',
      price: (COUNT + 1 - n) * 1000,
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

const showing = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor()
const search = (page: Page) => new URL(page.url()).searchParams

describe.each([
  [1280, 800],
  [375, 812],
])('lists at %i px', (width, height) => {
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

  it('filters live: the name applies as it is typed, with no Apply needed', async () => {
    await page.goto('/products')
    await showFilters(page)
    await page.getByRole('searchbox', { name: 'Name' }).fill(tag)
    await page.waitForURL((url) => url.searchParams.get('name') === tag)
    await showing(page, `Showing 1–30 of ${COUNT}`)
    await page.getByRole('article', { name: `${tag} P35` }).waitFor()
    await screenshot(page, `lists-products-cards-${width}`)
    expect(await seriousViolations(page)).toEqual([])
  })

  it('pages with a page size, First/Last and a page number, all in the URL', async () => {
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10')
    await showing(page, `Showing 1–10 of ${COUNT}`)
    const pager = page.getByRole('navigation', { name: 'Pagination' })
    await pager.getByRole('button', { name: 'Last page' }).click()
    await showing(page, `Showing 31–35 of ${COUNT}`)
    await pager.getByText('Page 4 of 4').waitFor()
    await pager.getByRole('spinbutton', { name: 'Go to page' }).fill('2')
    await pager.getByRole('spinbutton', { name: 'Go to page' }).press('Enter')
    await showing(page, `Showing 11–20 of ${COUNT}`)
    expect(search(page).get('page')).toBe('2')
    expect(search(page).get('pageSize')).toBe('10')
    await pager.getByRole('button', { name: 'First page' }).click()
    await showing(page, `Showing 1–10 of ${COUNT}`)
  })

  it('shows a table, sorted by clicking a header (aria-sort), kept in the URL', async () => {
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Products' })
    await table.waitFor()
    const price = table.getByRole('columnheader', { name: 'Price' })
    await price.getByRole('button').click()
    await page.waitForURL(/sort=price&order=asc/)
    await expect.poll(() => price.getAttribute('aria-sort')).toBe('ascending')
    // The cheapest first: P35 at ₦1,000.00.
    const firstRow = table.getByRole('row').nth(1)
    await firstRow.getByRole('link', { name: `${tag} P35` }).waitFor()
    await price.getByRole('button').click()
    await expect.poll(() => price.getAttribute('aria-sort')).toBe('descending')
    await table
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: `${tag} P01` })
      .waitFor()
    // The header stays in view while the rows scroll (sticky).
    const position = await table
      .locator('thead tr')
      .evaluate((head) => getComputedStyle(head).position)
    expect(position).toBe('sticky')
    await screenshot(page, `lists-products-table-${width}`)
    expect(await seriousViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('truncates long text, showing it in full on focus; rows open by keyboard', async () => {
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (A–Z)' })
    await page.waitForURL(/sort=name&order=asc/)
    const long = page.getByRole('link', { name: /P07 with a name long enough/ })
    const cell = long.locator('xpath=ancestor::td')
    await expect(cell.getAttribute('title')).resolves.toContain('cut short in its table cell')
    const wraps = () => cell.evaluate((td) => getComputedStyle(td).whiteSpace)
    await expect(wraps()).resolves.toBe('nowrap')
    await long.focus()
    await expect(wraps()).resolves.toBe('normal')
    await long.press('Enter')
    await page.getByRole('heading', { level: 1, name: /P07 with a name long enough/ }).waitFor()
    await page.goBack()
    // The table view is remembered for the products list.
    await page.getByRole('table', { name: 'Products' }).waitFor()
  })

  it('flags a minimum price above the maximum and clears every filter', async () => {
    await showFilters(page)
    await page.getByRole('spinbutton', { name: 'Max Price' }).fill('100')
    await page.waitForURL(/maxPrice=100/)
    await page.getByRole('spinbutton', { name: 'Min Price' }).fill('500')
    await page.getByText('Min Price must be at most Max Price (₦100.00).').waitFor()
    expect(search(page).get('minPrice')).toBeNull()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL((url) => !url.search.includes('Price') && !url.search.includes('name='))
    // The sort stays; the filters and the page go.
    expect(search(page).get('sort')).toBe('name')
  })

  it('a page past the end offers the last page', async () => {
    await page.goto(`/products?name=${tag}&page=99`)
    await page.getByText('There is no page 99: this list has 2 pages.').waitFor()
    await page.getByRole('button', { name: 'Go to the last page' }).click()
    await showing(page, `Showing 31–35 of ${COUNT}`)
    expect(search(page).get('page')).toBe('2')
  })

  it.each([
    ['/service-providers', 'Service providers', 'Brand'],
    ['/service-provider-categories', 'Service Provider Categories', 'Name'],
    ['/product-categories', 'Product Categories', 'Name'],
  ])('%s has a table too, sortable by its headers', async (path, label, column) => {
    await page.goto(path)
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: label })
    await table.waitFor()
    const header = table.getByRole('columnheader', { name: column })
    await header.getByRole('button').click()
    await expect.poll(() => header.getAttribute('aria-sort')).toMatch(/ascending|descending/)
    const name = path.slice(1)
    await screenshot(page, `lists-${name}-table-${width}`)
    expect(await seriousViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })
})
