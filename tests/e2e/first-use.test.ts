// What a new operator tripped over (issue 30, point 3B), in a real Chromium at 1280 and 375 px:
// the active side-menu link on one line, a detail page's History as wide as its other cards,
// the image page's Delete like every other detail page's, the reason Add Image is disabled said
// beside it, and the brand logo's crop dialog saying which image it crops.
import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { animationsDone, launchBrowser, openSignedInPage, screenshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const png = async (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not shown')
  return found
}

/** What makes a button look the way it does. */
const looks = (button: Locator) =>
  button.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      color: style.color,
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      height: style.height,
    }
  })

describe.each([1280, 375])('first use at %i px', (width) => {
  let page: Page
  let problems: string[]
  const tag = unique('first').replace(' ', '')
  let providerId: number
  let productId: number
  let imageId: number

  beforeAll(async () => {
    ;({ page, problems } = await openSignedInPage(browser, { width }))
    ;({ id: providerId } = await apiProvider(tag))
    ;({ id: productId } = await apiPost('/products', {
      name: `Chandelier ${tag}`,
      description: 'Crystal',
      pricing: 'Fixed',
      price: 120000,
      estimatedDeliveryDays: 2,
      enabled: true,
      productCategoryIds: [],
      serviceProviderId: providerId,
    }))
    ;({ id: imageId } = await apiPost(`/products/${productId}/images`, {
      image: (await png()).toString('base64'),
      imageName: 'Front',
    }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  // The side menu is a drawer below 768 px: only the wide layout has it beside the page.
  if (width === 1280)
    it('keeps every side-menu link, the active one too, on one line', async () => {
      const menu = page.getByRole('navigation', { name: 'Main menu' })
      for (const link of await menu.getByRole('link').all()) {
        const path = await link.getAttribute('href')
        await link.click()
        await page.waitForURL((url) => url.pathname === path)
        await expect.poll(() => link.getAttribute('aria-current')).toBe('page')
        // Its label: the lines its text takes, and whether it is cut short.
        const label = await link.evaluate((element) => {
          const text = element.lastElementChild as HTMLElement
          const range = document.createRange()
          range.selectNodeContents(text)
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
          return { lines: tops.size, cut: text.scrollWidth > text.clientWidth }
        })
        expect(label, path ?? '').toEqual({ lines: 1, cut: false })
      }
      await screenshot(page, 'side-menu-active-1280')
    })

  it('lines History up with the provider page’s other cards', async () => {
    await page.goto(`/service-providers/${providerId}`)
    const history = page.getByRole('region', { name: 'History' })
    await history.getByRole('heading', { name: 'History' }).waitFor()
    const contact = await box(page.getByRole('region', { name: 'Contact Details' }))
    const historyBox = await box(history)
    expect(Math.round(historyBox.width)).toBe(Math.round(contact.width))
    expect(Math.round(historyBox.x)).toBe(Math.round(contact.x))
    await screenshot(page, `provider-history-${width}`)
  })

  it('gives the image page the Delete button every other detail page has', async () => {
    await page.goto(`/products/${productId}`)
    const productDelete = page.getByRole('button', { name: 'Delete', exact: true })
    const expected = await looks(productDelete)
    await page.goto(`/products/${productId}/images/${imageId}`)
    const imageDelete = page.getByRole('button', { name: 'Delete', exact: true })
    expect(await looks(imageDelete)).toEqual(expected)
    await imageDelete.click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await dialog
      .getByText('This action cannot be undone. This will permanently delete the product image.')
      .waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await screenshot(page, `image-detail-${width}`)
  })

  it('says beside the disabled Add Image why it waits', async () => {
    await page.goto(`/products/${productId}/images/new`)
    const add = page.getByRole('button', { name: 'Add Image' })
    await expect(add.isDisabled()).resolves.toBe(true)
    const hint = page.getByText('Choose an image and apply a crop to add it.')
    await hint.waitFor()
    const describedBy = await add.getAttribute('aria-describedby')
    expect(describedBy).toBe(await hint.getAttribute('id'))
    await screenshot(page, `add-image-hint-${width}`)
    expect(await seriousViolations(page)).toEqual([])
  })

  it('names the brand logo in its “Crop your photo” dialog', async () => {
    await page.goto(`/service-providers/${providerId}/edit`)
    await page.getByLabel('Upload brand logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await png(400, 300),
    })
    const dialog = page.getByRole('dialog', { name: 'Crop your photo' })
    await dialog.getByText('Brand Logo: drag and zoom to frame it, then Upload.').waitFor()
    await animationsDone(page)
    await screenshot(page, `brand-logo-crop-${width}`)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
  })

  it('ran every screen without a console error or a CSP violation', () => {
    expect(problems).toEqual([])
  })
})
