// Issue 14 point 6 in Chromium at 1280 and 375 px: the theme follows the system's colour scheme
// until the operator picks one in the top bar, the pick survives a reload, the right theme is
// on the page before the app's code has run (no flash), and the main screens are photographed
// in both modes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import {
  animationsDone,
  type ColorScheme,
  launchBrowser,
  openPage,
  openSignedInPage,
  screenshot,
} from './support/browser'
import { writePicture } from './support/pictures'

const tag = unique('theme').replace(' ', '')
const files = mkdtempSync(join(tmpdir(), 'backoffice-e2e-theme-'))
const pictureFile = join(files, 'picture.png')
const ids = { provider: 0, product: 0 }
let browser: Browser

beforeAll(async () => {
  await writePicture(pictureFile, {
    width: 900,
    height: 900,
    background: '#f0fdfa',
    shape: '<circle cx="450" cy="450" r="300" fill="#0f766e"/>',
  })
  const dataUrl = `data:image/png;base64,${readFileSync(pictureFile).toString('base64')}`
  ids.provider = (
    await apiPost('/service-providers', {
      firstName: 'Ngozi',
      lastName: 'Eze',
      brandName: `Glow ${tag}`,
      email: `ngozi.${tag}@example.com`,
      phoneNumber: '+234 803 222 3333',
      state: 'Lagos State',
      city: 'Yaba',
      addressLine1: '12 Herbert Macaulay Way',
      addressLine2: null,
      about: 'Bright homes.',
      enabled: true,
      serviceProviderCategoryIds: [],
    })
  ).id
  await apiPost(`/service-providers/${ids.provider}/passport-photo`, { passportPhoto: dataUrl })
  ids.product = (
    await apiPost('/products', {
      name: `Polish ${tag}`,
      description: 'Shine everything.',
      pricing: 'Fixed',
      price: 7500,
      minPrice: null,
      maxPrice: null,
      productCategoryIds: [],
      serviceProviderId: ids.provider,
      estimatedDeliveryDays: 1,
      enabled: false,
    })
  ).id
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  rmSync(files, { recursive: true, force: true })
})

const signedInPage = (width: number, scheme: ColorScheme) =>
  openSignedInPage(browser, { colorScheme: scheme, width })

const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className)
/** The page's background: Chakra's bg.subtle, near white in light mode, near black in dark. */
const backgroundIsDark = (page: Page) =>
  page.evaluate(() => {
    const shell = document.querySelector('#root > div') ?? document.body
    const [r, g, b] = (getComputedStyle(shell).backgroundColor.match(/\d+/g) ?? []).map(Number)
    return r + g + b < 3 * 128
  })
/** Whether the sign-in page's background (a gradient) and card are both dark. */
const signInPageIsDark = (page: Page) =>
  page.evaluate(() => {
    const dark = (color: string) => {
      const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number)
      return r + g + b < 3 * 128
    }
    const main = document.querySelector('main.plain')
    const card = document.querySelector('.plain-card')
    if (!main || !card) throw new Error('no sign-in page')
    const stops = getComputedStyle(main).backgroundImage.match(/rgb\([^)]*\)/g) ?? []
    return stops.length === 2 && stops.every(dark) && dark(getComputedStyle(card).backgroundColor)
  })
/** The choice the theme menu shows as checked (the menu is opened and closed again). */
async function checkedMode(page: Page) {
  await page.getByRole('button', { name: 'Theme' }).click()
  const item = page.getByRole('menuitemradio', { checked: true })
  const text = await item.textContent()
  await page.keyboard.press('Escape')
  await page.getByRole('menu').waitFor({ state: 'hidden' })
  return text
}

async function pick(page: Page, mode: string) {
  await page.getByRole('button', { name: 'Theme' }).click()
  await page.getByRole('menuitemradio', { name: mode }).click()
}

describe.each([1280, 375])('the colour mode at %i px', (width) => {
  it('follows the system until a mode is picked, and keeps the pick across a reload', async () => {
    const { page, problems } = await signedInPage(width, 'dark')
    expect(await checkedMode(page)).toBe('System')
    expect(await htmlClass(page)).toContain('dark')
    expect(await backgroundIsDark(page)).toBe(true)

    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => htmlClass(page)).toContain('light')
    expect(await backgroundIsDark(page)).toBe(false)

    await pick(page, 'Dark')
    await expect.poll(() => htmlClass(page)).toContain('dark')
    await page.reload()
    await page.getByText('Welcome to the admin dashboard').waitFor()
    expect(await checkedMode(page)).toBe('Dark')
    expect(await htmlClass(page)).toContain('dark')
    expect(await backgroundIsDark(page)).toBe(true)

    await pick(page, 'System')
    await expect.poll(() => htmlClass(page)).toContain('light')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('puts the theme on the page before the app runs (no flash of the other theme)', async () => {
    const { page, problems } = await openPage(browser, width, 812, 'dark')
    // The app's code never arrives: what shows is what index.html did on its own.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/login')
    expect(await htmlClass(page)).toBe('dark')
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark')
    // The sign-in page painted into /login's HTML (decision 035) is in the same mode.
    expect(await signInPageIsDark(page)).toBe(true)
    await page.evaluate(() => localStorage.setItem('color-mode', 'light'))
    await page.reload()
    expect(await htmlClass(page)).toBe('light')
    expect(await signInPageIsDark(page)).toBe(false)
    expect(problems.filter((p) => !p.includes('net::ERR_FAILED'))).toEqual([])
    await page.context().close()
  })
})

describe('the main screens in both modes', () => {
  const screens = [
    { name: 'dashboard', path: () => '/dashboard', ready: 'Welcome to the admin dashboard' },
    { name: 'providers', path: () => `/service-providers?brandName=${tag}`, ready: 'Ngozi Eze' },
    { name: 'provider', path: () => `/service-providers/${ids.provider}`, ready: `Glow ${tag}` },
    { name: 'products', path: () => `/products?name=${tag}`, ready: `Polish ${tag}` },
    { name: 'product-edit', path: () => `/products/${ids.product}/edit`, ready: 'Edit Product' },
  ]
  it.each([
    [1280, 'light'],
    [1280, 'dark'],
    [375, 'light'],
    [375, 'dark'],
  ] as const)('at %i px, %s', async (width, scheme) => {
    const { page, problems } = await signedInPage(width, scheme)
    for (const screen of screens) {
      await page.goto(screen.path())
      await page.getByText(screen.ready).first().waitFor()
      expect(await backgroundIsDark(page)).toBe(scheme === 'dark')
      await screenshot(page, `theme-${scheme}-${screen.name}-${width}`)
    }
    await page.goto(`/service-providers/${ids.provider}/edit`)
    await page.getByLabel('Upload passport photo').setInputFiles(pictureFile)
    await page.getByRole('dialog', { name: 'Crop your photo' }).getByRole('slider').waitFor()
    await animationsDone(page)
    await screenshot(page, `theme-${scheme}-crop-dialog-${width}`)
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Theme' }).click()
    await page.getByRole('menuitemradio', { name: 'System' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `theme-${scheme}-menu-${width}`)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
