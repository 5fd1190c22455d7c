// The dashboard (issue 31, point 3) in a real Chromium against the real server, at 1280 and
// 375 px, axe clean: below the spec's greeting, the counts, the work queues and the recent
// changes; each queue named with its count opens its filtered list (or trash), which shows
// exactly those records and as many as the count said.

import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiDelete, apiPost, apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'
import { dashboardLoaded } from './support/dashboard'
import { showFilters } from './support/lists'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The number a queue's link ends with ("Products without a preview image 12" → 12). */
async function countOf(link: Locator): Promise<number> {
  const text = (await link.textContent()) ?? ''
  return Number(text.match(/([\d,]+)$/)?.[1].replace(/,/g, ''))
}

describe.each([
  [1280, 800],
  [375, 812],
])('the dashboard at %i px', (width, height) => {
  let page: Page
  let problems: string[]
  const tag = unique(`D${width}`).replace(' ', '')
  const ids = { provider: 0, pictured: 0, bare: 0, trashed: 0 }
  const product = (name: string) =>
    apiPost('/products', {
      name: `${name} ${tag}`,
      description: 'Seeded for the dashboard journeys.',
      pricing: 'Fixed',
      price: 4000,
      serviceProviderId: ids.provider,
    })

  beforeAll(async () => {
    ids.provider = (await apiProvider(tag, { firstName: 'Dayo', lastName: 'Queue' })).id
    await apiProvider(`${tag}off`, { firstName: 'Idle', lastName: `Shop${width}`, enabled: false })
    ids.pictured = (await product('Pictured')).id
    ids.bare = (await product('Bare')).id
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#2a9d8f' },
    })
      .png()
      .toBuffer()
    const image = await apiPost(`/products/${ids.pictured}/images`, {
      image: png.toString('base64'),
      imageName: 'Front',
      imageDescription: null,
      enabled: true,
    })
    await apiPost(`/products/${ids.pictured}/images/${image.id}/make-preview-image`, undefined)
    ids.trashed = (await product('Trashed')).id
    await apiDelete(`/products/${ids.trashed}`)
    ;({ page, problems } = await openSignedInPage(browser, { width, height }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  const queue = (name: string) =>
    page
      .getByRole('region', { name: 'Work queues' })
      .getByRole('link', { name: new RegExp(`^${name} [\\d,]+$`) })

  it('greets, then counts, queues and the latest changes with who and when', async () => {
    await page.goto('/dashboard')
    await page.getByText('Welcome to the admin dashboard').waitFor()
    await dashboardLoaded(page)
    // The newest change is this suite's delete: the record is gone, so it is named by its id.
    const latest = page
      .getByRole('region', { name: 'Recent changes' })
      .getByRole('listitem')
      .first()
    await expect(latest.textContent()).resolves.toMatch(
      new RegExp(`^Product ${ids.trashed} · product.*Deleted.*by admin · `),
    )
    const products = page.getByRole('link', { name: 'Open Products' })
    await expect(products.getAttribute('href')).resolves.toBe('/products')
    await screenshot(page, `dashboard-queues-${width}`)
    expect(await seriousViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('opens the products without a preview image: exactly those, as many as it said', async () => {
    await page.goto('/dashboard')
    await dashboardLoaded(page)
    const link = queue('Products without a preview image')
    const count = await countOf(link)
    await link.click()
    await page.waitForURL('**/products?preview=without')
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor()
    await page.getByRole('article', { name: `Bare ${tag}` }).waitFor()
    expect(await page.getByRole('article', { name: `Pictured ${tag}` }).count()).toBe(0)
    await page
      .getByText(new RegExp(`^Showing 1–\\d+ of ${count.toLocaleString('en-NG')}$`))
      .waitFor()
    await showFilters(page)
    await expect(page.getByLabel('Preview image').inputValue()).resolves.toBe('without')
    await screenshot(page, `dashboard-queue-list-${width}`)
    expect(await seriousViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('opens the disabled providers and the products’ trash', async () => {
    await page.goto('/dashboard')
    await dashboardLoaded(page)
    const disabled = queue('Disabled service providers')
    const count = await countOf(disabled)
    await disabled.click()
    await page.waitForURL('**/service-providers?status=disabled')
    await page.getByText(`Idle Shop${width}`).waitFor()
    await page
      .getByText(new RegExp(`^Showing 1–\\d+ of ${count.toLocaleString('en-NG')}$`))
      .waitFor()

    await page.goto('/dashboard')
    await dashboardLoaded(page)
    await queue('Products in the Trash').click()
    await page.waitForURL('**/products/trash')
    await page.getByText(`Trashed ${tag}`).first().waitFor()
    expect(problems).toEqual([])
  })
})
