// Issue 13 in Chromium at 1280 and 375 px wide: detail titles that keep their words whole and
// clear of their buttons, breadcrumbs, the side menu's section, Cancel, brand and parent names,
// tab titles, the first invalid field scrolled into view with its label, error toasts clear of
// the crop dialog's Upload button, a 401 from another tab's logout — all axe clean.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openPage, screenshot, signIn, type WatchedPage } from './support/browser'
import { writePicture } from './support/pictures'

let browser: Browser
const files = mkdtempSync(join(tmpdir(), 'backoffice-e2e-nav-'))
const photoFile = join(files, 'photo.png')
const tag = unique('nav').replace(' ', '')
const ids = { spc: 0, spcChild: 0, provider: 0, product: 0 }
// Long words, as real names have: each must stay whole on one line.
const providerName = { first: 'Oluwaseunfunmi', last: 'Adebayo-Williamson' }
const productName = `Comprehensive Post-construction Housekeeping ${tag}`
const brandName = `Sparklewell ${tag}`

beforeAll(async () => {
  await writePicture(photoFile, {
    width: 800,
    height: 800,
    background: '#f0fdfa',
    shape: '<circle cx="400" cy="400" r="250" fill="#0f766e"/>',
  })
  ids.spc = (
    await apiPost('/service-provider-categories', {
      name: `Cleaning ${tag}`,
      description: 'Every kind of cleaning',
      parentId: null,
    })
  ).id
  ids.spcChild = (
    await apiPost('/service-provider-categories', {
      name: `Home Cleaning ${tag}`,
      description: 'Homes and flats',
      parentId: ids.spc,
    })
  ).id
  ids.provider = (
    await apiPost('/service-providers', {
      firstName: providerName.first,
      lastName: providerName.last,
      brandName,
      email: `seun.${tag}@example.com`,
      phoneNumber: '+234 802 111 2222',
      state: 'Lagos State',
      city: 'Lekki',
      addressLine1: '4 Admiralty Way',
      addressLine2: null,
      about: 'Sparkling homes.',
      enabled: true,
      serviceProviderCategoryIds: [ids.spcChild],
    })
  ).id
  ids.product = (
    await apiPost('/products', {
      name: productName,
      description: 'Top to bottom.',
      pricing: 'Fixed',
      price: 25000,
      minPrice: null,
      maxPrice: null,
      productCategoryIds: [],
      serviceProviderId: ids.provider,
      estimatedDeliveryDays: 2,
      enabled: true,
    })
  ).id
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  rmSync(files, { recursive: true, force: true })
})

async function signedInPage(width: number, height = 812): Promise<WatchedPage> {
  const watched = await openPage(browser, width, height)
  await watched.page.goto('/login')
  await signIn(watched.page)
  await watched.page.waitForURL('**/dashboard')
  return watched
}

const h1 = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor()

/**
 * Problems with the page's h1: a word split over two lines (the title narrower than its longest
 * word), or a button or link of the header row drawn over it.
 */
function titleProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const heading = document.querySelector('main h1') as HTMLElement
    const problems: string[] = []
    const text = heading.firstChild as Text
    const content = text.textContent ?? ''
    // Words as CSS breaks them: at spaces, and after a hyphen ("Post-" "construction").
    for (const match of content.matchAll(/[^\s-]+-?/g)) {
      const range = document.createRange()
      range.setStart(text, match.index)
      range.setEnd(text, match.index + match[0].length)
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
      if (lines.size > 1) problems.push(`"${match[0]}" is split over ${lines.size} lines`)
    }
    const box = heading.getBoundingClientRect()
    for (const control of document.querySelectorAll('main a, main button')) {
      const other = control.getBoundingClientRect()
      const overlaps =
        other.width > 0 &&
        other.left < box.right &&
        other.right > box.left &&
        other.top < box.bottom &&
        other.bottom > box.top
      if (overlaps && !heading.contains(control)) {
        problems.push(`"${control.textContent?.trim()}" covers the title`)
      }
    }
    return problems
  })
}

describe('detail titles', () => {
  it.each([320, 375, 768, 1280])(
    'keep every word whole and clear of the buttons at %i px',
    async (width) => {
      const { page, problems } = await signedInPage(width)
      const screens = [
        {
          path: `/service-providers/${ids.provider}`,
          title: `${providerName.first} ${providerName.last}`,
        },
        { path: `/products/${ids.product}`, title: productName },
        { path: `/service-provider-categories/${ids.spcChild}`, title: `Home Cleaning ${tag}` },
      ]
      for (const screen of screens) {
        await page.goto(screen.path)
        await h1(page, screen.title)
        expect(await titleProblems(page), `${screen.path} at ${width} px`).toEqual([])
      }
      await screenshot(page, `detail-title-${width}`)
      expect(problems).toEqual([])
    },
  )
})

describe.each([1280, 375])('at %i px', (width) => {
  let watched: WatchedPage
  let page: Page
  beforeAll(async () => {
    watched = await signedInPage(width)
    page = watched.page
  })
  afterAll(async () => {
    await page.context().close()
  })

  /** The side menu: fixed when wide, in the drawer when narrow (opened for the check). */
  async function menu() {
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click()
    return page.getByRole('navigation', { name: 'Main menu' })
  }
  async function closeMenu() {
    if (width < 768) await page.getByRole('button', { name: 'Close' }).click()
  }

  it('names the browser tab after the page', async () => {
    await page.goto('/products')
    await h1(page, 'Products')
    await expect(page.title()).resolves.toBe('Products · Marketplace Admin')
    await page.goto(`/products/${ids.product}/edit`)
    await h1(page, 'Edit Product')
    await expect(page.title()).resolves.toBe('Edit Product · Marketplace Admin')
    await page.goto('/dashboard')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await expect(page.title()).resolves.toBe('Dashboard · Marketplace Admin')
  })

  it('shows breadcrumbs on detail and edit pages, and marks the section in the menu', async () => {
    await page.goto(`/products/${ids.product}/edit`)
    await h1(page, 'Edit Product')
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' })
    await expect(crumbs.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      'Products',
      productName,
      'Edit',
    ])
    await expect(crumbs.locator('[aria-current="page"]').innerText()).resolves.toBe('Edit')
    await screenshot(page, `breadcrumbs-${width}`)

    const nav = await menu()
    const section = nav.getByRole('link', { name: 'Products', exact: true })
    const other = nav.getByRole('link', { name: 'Service Providers', exact: true })
    // Marked visually, but aria-current stays on the exact path only.
    await expect(section.getAttribute('aria-current')).resolves.toBeNull()
    await expect(nav.locator('[aria-current="page"]').count()).resolves.toBe(0)
    const look = (link: typeof section) =>
      link.evaluate((element) => {
        const style = getComputedStyle(element)
        return `${style.color} ${style.boxShadow} ${style.fontWeight}`
      })
    expect(await look(section)).not.toBe(await look(other))
    await screenshot(page, `menu-section-${width}`)
    await closeMenu()

    await crumbs.getByRole('link', { name: productName }).click()
    await page.waitForURL(`**/products/${ids.product}`)
    await h1(page, productName)
    const detailCrumbs = page.getByRole('navigation', { name: 'breadcrumb' })
    await detailCrumbs.getByRole('link', { name: 'Products' }).click()
    await page.waitForURL('**/products')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('has Cancel on every create and edit form', async () => {
    const forms = [
      ['/service-provider-categories/new', '/service-provider-categories'],
      [`/service-provider-categories/${ids.spc}/edit`, `/service-provider-categories/${ids.spc}`],
      ['/service-providers/new', '/service-providers'],
      [`/service-providers/${ids.provider}/edit`, `/service-providers/${ids.provider}`],
      [
        `/service-providers/${ids.provider}/products/new`,
        `/service-providers/${ids.provider}/products`,
      ],
      [`/products/${ids.product}/edit`, `/products/${ids.product}`],
      [`/products/${ids.product}/images/new`, `/products/${ids.product}/images`],
    ]
    for (const [form, back] of forms) {
      await page.goto(form)
      await page
        .getByRole('button', { name: /^(Create|Save|Add)/ })
        .first()
        .waitFor()
      await page.getByRole('link', { name: 'Cancel' }).click()
      await page.waitForURL((url) => url.pathname === back)
    }
  })

  it("shows the provider's brand on product cards and the parent's name on categories", async () => {
    await page.goto(`/products?name=${encodeURIComponent(tag)}`)
    const card = page.getByRole('article', { name: productName })
    await card.getByText(brandName).waitFor()

    await page.goto(
      `/service-provider-categories?name=${encodeURIComponent(`Home Cleaning ${tag}`)}`,
    )
    const child = page.getByRole('article').filter({ hasText: `Home Cleaning ${tag}` })
    await child.getByText(`Parent ID: ${ids.spc}`).waitFor()
    await screenshot(page, `category-parent-${width}`)
    await child.getByRole('link', { name: `Parent: Cleaning ${tag}` }).click()
    await page.waitForURL(`**/service-provider-categories/${ids.spc}`)
    await h1(page, `Cleaning ${tag}`)

    await page.goto(`/service-provider-categories/${ids.spcChild}`)
    await h1(page, `Home Cleaning ${tag}`)
    await page.getByRole('link', { name: `Cleaning ${tag}`, exact: true }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it('scrolls the first invalid field into view with its label below the top bar', async () => {
    await page.goto('/service-providers/new')
    await h1(page, 'Create Service Provider')
    const first = page.getByRole('textbox', { name: 'First Name' })
    // Scrolled so that the First Name input is just in view and its label just out of it: the
    // input needs no scroll to be seen, but its label is what says which field is wrong.
    await first.evaluate((input) => {
      const main = input.closest('main') as HTMLElement
      const offset = input.getBoundingClientRect().top - main.getBoundingClientRect().top
      main.scrollTo(0, main.scrollTop + offset - 4)
    })
    // Pressed where it is (as Enter in a field would), without scrolling to the button first.
    await page
      .getByRole('button', { name: 'Create Service Provider' })
      .evaluate((button: HTMLButtonElement) => button.click())
    await expect.poll(() => first.evaluate((input) => input === document.activeElement)).toBe(true)
    const gap = () =>
      page.evaluate(() => {
        const input = document.activeElement as HTMLElement
        const label = document.querySelector(`label[for="${input.id}"]`) as HTMLElement
        const bar = document.querySelector('header') as HTMLElement
        return label.getBoundingClientRect().top - bar.getBoundingClientRect().bottom
      })
    // Smooth or not, the scroll has ended when the gap stops changing.
    let last = Number.NaN
    await expect
      .poll(async () => {
        const now = await gap()
        const settled = now === last
        last = now
        return settled
      })
      .toBe(true)
    await screenshot(page, `first-invalid-${width}`)
    expect(last).toBeGreaterThanOrEqual(0)
  })

  it('keeps error toasts off the crop dialog Upload button; a success dismisses them', async () => {
    await page.route('**/api/service-providers/*/passport-photo', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ detail: 'The image store is busy, try again' }),
          })
        : route.fallback(),
    )
    await page.goto(`/service-providers/${ids.provider}/edit`)
    await h1(page, 'Edit Service Provider')
    await page.getByLabel('Upload passport photo').setInputFiles(photoFile)
    const dialog = page.getByRole('dialog', { name: 'Crop your photo' })
    const upload = dialog.getByRole('button', { name: 'Upload' })
    // Two failures: the toasts stack up.
    for (let attempt = 0; attempt < 2; attempt++) {
      await upload.click()
      await page.locator('[data-scope="toast"][data-part="root"]').nth(attempt).waitFor()
    }
    await upload.waitFor()
    await page.waitForTimeout(400) // toasts slide in
    const covered = await upload.evaluate((button) => {
      const box = button.getBoundingClientRect()
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      return !button.contains(document.elementFromPoint(x, y))
    })
    await screenshot(page, `crop-toasts-${width}`)
    expect(covered).toBe(false)
    // Upload can be pressed again at once.
    await page.unroute('**/api/service-providers/*/passport-photo')
    await upload.click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await seriousViolations(page)).toEqual([])
  })

  it('goes to /login when another tab logged out, on the next load', async () => {
    await page.goto('/products')
    await h1(page, 'Products')
    // Another tab's logout removes the token both tabs share.
    await page.evaluate(() => window.localStorage.removeItem('token'))
    const nav = await menu()
    await nav.getByRole('link', { name: 'Service Providers', exact: true }).click()
    await page.waitForURL('**/login')
    await expect(
      page.getByText('Authentication required: send a bearer token').count(),
    ).resolves.toBe(0)
    await signIn(page)
    await page.waitForURL('**/service-providers')
  })

  it('ran every screen without a console error or a CSP violation', () => {
    expect(watched.problems.filter((problem) => !problem.includes('503'))).toEqual([])
  })
})
