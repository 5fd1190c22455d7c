// Product thumbnails load by URL through the image worker, which adds the operator's token
// (decision 017): no request URL ever holds the token, the pictures show, and once the operator
// has signed out the worker no longer sends it, so a page cannot load an image any more.

import type { Browser, Request } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiPost, apiProvider, apiToken, unique } from './support/api'
import { animationsDone, launchBrowser, openPage, screenshot, signIn } from './support/browser'

let browser: Browser
const name = unique('Thumb')
let thumbnailPath = ''

beforeAll(async () => {
  const provider = await apiProvider(name.replace(' ', '').toLowerCase())
  const product = await apiPost('/products', {
    name,
    description: 'Seen through the image worker',
    pricing: 'Fixed',
    price: 2500,
    minPrice: null,
    maxPrice: null,
    productCategoryIds: [],
    serviceProviderId: provider.id,
    estimatedDeliveryDays: 1,
    enabled: true,
  })
  const png = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#2c7a7b' },
  })
    .png()
    .toBuffer()
  const image = await apiPost(`/products/${product.id}/images`, {
    imageName: 'Front',
    image: png.toString('base64'),
    enabled: true,
  })
  // A POST without a body (apiPost sends JSON).
  const preview = await fetch(
    `${inject('baseUrl')}/api/products/${product.id}/images/${image.id}/make-preview-image`,
    { method: 'POST', headers: { Authorization: `Bearer ${await apiToken()}` } },
  )
  expect(preview.ok).toBe(true)
  thumbnailPath = `/api/products/${product.id}/images/${image.id}/image-file?size=thumb`
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Whether `path` loads as an image in the page (an <img> the page did not render itself). */
function loadsAsImage(path: string) {
  return new Promise<boolean>((resolve) => {
    const image = new Image()
    image.onload = () => resolve(image.naturalWidth > 0)
    image.onerror = () => resolve(false)
    image.src = path
  })
}

describe('product thumbnails through the image worker', () => {
  it('load by URL with the token in no URL, and stop loading once signed out', async () => {
    const { page, problems } = await openPage(browser)
    const requests: Request[] = []
    // The page's requests and the worker's own (Playwright reports both).
    page.context().on('request', (request) => requests.push(request))

    // The first visit installs the worker; signing in tells it the token.
    await page.goto('/login')
    await page.evaluate(() => navigator.serviceWorker.ready)
    await signIn(page)
    await page.waitForURL('**/dashboard')
    const token = await page.evaluate(() => localStorage.getItem('token'))
    expect(token).toBeTruthy()

    await page.goto(`/products?name=${encodeURIComponent(name)}`)
    const thumbnail = page.getByRole('img', { name: `Preview of ${name}` })
    await thumbnail.waitFor()
    await page.waitForFunction((alt) => {
      const image = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)
      return Boolean(image?.complete && image.naturalWidth > 0)
    }, `Preview of ${name}`)
    // Loaded by its URL (not fetched by script into a blob), the worker adding the token.
    expect(await thumbnail.getAttribute('src')).toMatch(/\/api\/products\/\d+\/images\/\d+\//)
    const imageRequests = requests.filter((request) => request.url().endsWith(thumbnailPath))
    expect(imageRequests.length).toBeGreaterThan(0)
    const fromWorker = imageRequests.filter((request) => request.serviceWorker())
    expect(fromWorker.map((request) => request.headers().authorization)).toContain(
      `Bearer ${token}`,
    )
    await screenshot(page, 'product-thumbnails-1280')
    await page.getByRole('button', { name: 'Table' }).click()
    await page.getByRole('table', { name: 'Products' }).waitFor()
    await animationsDone(page)
    await screenshot(page, 'product-thumbnails-table-1280')
    await page.setViewportSize({ width: 375, height: 800 })
    await screenshot(page, 'product-thumbnails-table-375')
    await page.getByRole('button', { name: 'Cards' }).click()
    await thumbnail.waitFor()
    await animationsDone(page)
    await screenshot(page, 'product-thumbnails-375')

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/login')
    // A fresh document: the one signed out in still holds the pictures it showed in memory.
    await page.reload()
    const afterSignOut = requests.length
    expect(await page.evaluate(loadsAsImage, thumbnailPath)).toBe(false)
    // The worker forgot the token: it sent none (the server has revoked it as well).
    const lateRequests = requests.slice(afterSignOut).filter((r) => r.url().endsWith(thumbnailPath))
    for (const request of lateRequests) expect(request.headers().authorization).toBeUndefined()

    for (const request of requests) expect(request.url()).not.toContain(token)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
