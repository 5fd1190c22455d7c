// When the API cannot be reached or does not answer, every screen says so in the spec's words
// and stays usable: never a blank page, never a form stuck in its busy state.

import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, unique } from './support/api'
import { launchBrowser, openPage, openSignedInPage, screenshot, signIn } from './support/browser'
import { dashboardLoaded } from './support/dashboard'

// Form fields are found by the labels the schema file gives them (an analyst may change them).
const category = schemaFields('service-provider-category')

let browser: Browser
const ids = { category: 0, provider: 0, product: 0 }

beforeAll(async () => {
  const tag = unique('off').replace(' ', '')
  ids.category = (
    await apiPost('/service-provider-categories', {
      name: `Offline ${tag}`,
      description: 'Seen while the API is down',
      parentId: null,
    })
  ).id
  ids.provider = (
    await apiPost('/service-providers', {
      firstName: 'Tunde',
      lastName: 'Bello',
      brandName: `Down ${tag}`,
      email: `tunde.${tag}@example.com`,
      phoneNumber: '+234 809 000 1111',
      state: 'Oyo',
      city: 'Ibadan',
      addressLine1: '2 Ring Road',
      addressLine2: null,
      about: 'Offline test',
      enabled: true,
      serviceProviderCategoryIds: [],
    })
  ).id
  ids.product = (
    await apiPost('/products', {
      name: `Unreachable ${tag}`,
      description: 'Offline test',
      pricing: 'Fixed',
      price: 1000,
      minPrice: null,
      maxPrice: null,
      productCategoryIds: [],
      serviceProviderId: ids.provider,
      estimatedDeliveryDays: 1,
      enabled: true,
    })
  ).id
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Every API call fails as if the server were down; the app's own files still load. */
const cutApi = (page: Page) => page.route('**/api/**', (route) => route.abort('connectionrefused'))

/** The refused calls log "Failed to load resource" on purpose; anything else is a problem. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !problem.includes('net::ERR_CONNECTION_REFUSED'))

/** An Error toast (its kind as the title) carrying `text`. */
async function errorToast(page: Page, text: string) {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text })
  await toast.first().waitFor()
  await toast.first().getByText('Error', { exact: true }).waitFor()
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()

/** A gate a route can wait on. */
function held() {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { released, release }
}

describe('on a slow network', () => {
  it('/login shows the sign-in page before its scripts arrive, then the live page takes its place with nothing moving', async () => {
    const { page, problems } = await openPage(browser, 375, 800)
    await page.addInitScript(() => {
      const seen = { shift: 0, spinner: false }
      Object.assign(window, { seen })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          seen.shift += (entry as unknown as { value: number }).value
      }).observe({ type: 'layout-shift', buffered: true })
      // Every node added, even one removed again before the observer hears of it.
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof Element && node.matches('[role="status"]')) seen.spinner = true
          }
        }
      }).observe(document, { subtree: true, childList: true })
    })
    // Every script is held until the painted page has been looked at, and the sign-in page's own
    // a while longer: the app then starts before the page's code has arrived.
    const scripts = held()
    const signInPage = held()
    await page.route('**/assets/*.js', async (route) => {
      await scripts.released
      if (/login-page/.test(route.request().url())) await signInPage.released
      await route.fallback()
    })
    await page.goto('/login', { waitUntil: 'commit' })
    await page.getByRole('heading', { level: 1, name: 'Admin Console' }).waitFor()
    await page.getByText('Sign in to continue').waitFor()
    // Shown, but nothing can be typed that the live page would throw away.
    expect(await page.getByLabel('Username').isDisabled()).toBe(true)
    expect(await page.getByLabel('Password').isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true)
    await screenshot(page, 'login-painted-375')

    scripts.release()
    await page.waitForFunction(() => performance.getEntriesByType('resource').length > 3)
    await page.waitForTimeout(500)
    expect(await page.locator('input[name="username"]:disabled').count()).toBe(1)
    signInPage.release()
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="username"]')?.disabled === false,
    )
    // The live page's field has the focus, and the swap moved nothing and showed no spinner.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username')
    const seen = await page.evaluate(() => (window as unknown as { seen: object }).seen)
    expect(seen).toEqual({ shift: 0, spinner: false })
    await signIn(page)
    await page.waitForURL('**/dashboard')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('a sign-in page only partly arrived shows none of its card, which would move as the rest came', async () => {
    const { page } = await openPage(browser, 375, 800)
    const html = await (await page.request.get('/login')).text()
    const end = html.indexOf('<span class="plain-painted-end"')
    expect(end).toBeGreaterThan(0)
    // The document as a browser may paint it while still parsing, and no app code at all.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.route('**/login', (route) =>
      route.fulfill({ contentType: 'text/html', body: html.slice(0, end) }),
    )
    await page.goto('/login')
    // Found by its tag: a hidden heading has no role to find it by.
    const heading = page.locator('h1', { hasText: 'Admin Console' })
    await heading.waitFor({ state: 'attached' })
    expect(await heading.isVisible()).toBe(false)
    // Parsed to its end, it shows.
    await page.unroute('**/login')
    await page.reload()
    await heading.waitFor()
    expect(await page.getByLabel('Username').isVisible()).toBe(true)
    await page.context().close()
  })
})

describe('with the API unreachable', () => {
  it('the login screen says "Network error. Please try again."', async () => {
    const { page, problems } = await openPage(browser)
    await cutApi(page)
    await page.goto('/login')
    await signIn(page)
    await page.getByRole('alert').getByText('Network error. Please try again.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    await expect(page.getByRole('button', { name: 'Sign in' }).isEnabled()).resolves.toBe(true)
    expect(unexpected(problems)).toEqual([])
    await page.context().close()
  })

  describe('signed in, every screen keeps its frame and shows the spec message', () => {
    let page: Page
    let problems: string[]
    beforeAll(async () => {
      ;({ page, problems } = await openSignedInPage(browser))
      await cutApi(page)
    })
    afterAll(async () => {
      await page.context().close()
    })

    const screens: { path: () => string; heading: string; toasts: string[]; inline?: string }[] = [
      {
        path: () => '/service-provider-categories',
        heading: 'Service Provider Categories',
        toasts: ['Error loading data', 'Failed to fetch service provider categories'],
        inline: 'Error loading data',
      },
      {
        path: () => `/service-provider-categories/${ids.category}`,
        heading: 'Service Provider Category',
        toasts: ['Error fetching category.'],
      },
      {
        path: () => `/service-provider-categories/${ids.category}/edit`,
        heading: 'Edit Service Provider Category',
        toasts: ['Error fetching category.'],
      },
      {
        path: () => '/product-categories',
        heading: 'Product Categories',
        toasts: ['Error loading data', 'Failed to fetch product categories'],
        inline: 'Error loading data',
      },
      {
        path: () => '/service-providers',
        heading: 'Service Providers',
        toasts: ['Error while loading data'],
        inline: 'Error while loading data',
      },
      {
        path: () => `/service-providers/${ids.provider}`,
        heading: 'Service Provider',
        toasts: ['Error fetching data.'],
      },
      {
        path: () => '/products',
        heading: 'Products',
        toasts: ['Error while loading data', 'Failed to fetch product categories'],
        inline: 'Error while loading data',
      },
      {
        path: () => `/products/${ids.product}`,
        heading: 'Product',
        toasts: ['Error fetching data.'],
      },
      {
        path: () => `/products/${ids.product}/edit`,
        heading: 'Edit Product',
        toasts: ['Error fetching data.'],
      },
    ]

    for (const screen of screens) {
      it(`${screen.heading} (${screen.path().replace(/\d+/g, ':id')})`, async () => {
        problems.length = 0
        await page.goto(screen.path())
        await h1(page, screen.heading)
        await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
        for (const text of screen.toasts) await errorToast(page, text)
        if (screen.inline) await page.getByRole('main').getByText(screen.inline).waitFor()
        // A failed load is not a missing record: the page stays, it is not replaced by the 404.
        expect(new URL(page.url()).pathname).toBe(screen.path())
        expect(unexpected(problems)).toEqual([])
      })
    }

    it('a create form reports the failed submit and can be sent again', async () => {
      problems.length = 0
      await page.goto('/service-provider-categories/new')
      await h1(page, 'Create Service Provider Category')
      await errorToast(page, 'Failed to fetch parent categories')
      await page.getByLabel(category.label('name')).fill('Never saved')
      await page.getByLabel(category.label('description')).fill('The server is down')
      const submit = page.getByRole('button', { name: 'Create Category' })
      await submit.click()
      await errorToast(page, 'Failed to create service provider category. Please try again.')
      await expect(submit.isEnabled()).resolves.toBe(true)
      await expect(page.getByLabel(category.label('name')).inputValue()).resolves.toBe(
        'Never saved',
      )
      await screenshot(page, 'offline-create')
      expect(new URL(page.url()).pathname).toBe('/service-provider-categories/new')
      expect(unexpected(problems)).toEqual([])
    })
  })
})

describe('when the API does not answer within the 40 s timeout', () => {
  /** Holds matching requests unanswered, as a server that hangs would. */
  function hang(page: Page, url: string, method: string): Route[] {
    const held: Route[] = []
    void page.route(url, (route) =>
      route.request().method() === method ? held.push(route) : route.fallback(),
    )
    return held
  }

  it('a create form gives up at 40 s with an error, then works again', async () => {
    const { page, problems } = await openPage(browser)
    // Fake timers from the first script on, so the API client's 40 s timer can be skipped.
    await page.clock.install()
    await page.goto('/login')
    await signIn(page)
    await page.waitForURL('**/dashboard')

    await page.goto('/service-provider-categories/new')
    await h1(page, 'Create Service Provider Category')
    const held = hang(page, '**/api/service-provider-categories', 'POST')
    const name = unique('Patient')
    await page.getByLabel(category.label('name')).fill(name)
    await page.getByLabel(category.label('description')).fill('Sent to a server that hangs')
    await page.getByRole('button', { name: 'Create Category' }).click()
    const busy = page.getByRole('button', { name: 'Creating . . .' })
    await busy.waitFor()
    await expect.poll(() => held.length).toBe(1)

    // Just short of the timeout the form is still waiting...
    await page.clock.fastForward(39_000)
    await expect(busy.isDisabled()).resolves.toBe(true)
    // ...and at 40 s it gives up, says so, and hands the form back.
    await page.clock.fastForward(1_500)
    await errorToast(page, 'Failed to create service provider category. Please try again.')
    const submit = page.getByRole('button', { name: 'Create Category' })
    await expect(submit.isEnabled()).resolves.toBe(true)
    await expect(page.getByLabel(category.label('name')).isEditable()).resolves.toBe(true)

    // The server answers again: the same form goes through.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await submit.click()
    await page.getByText('Service Provider Category created successfully!').waitFor()
    await h1(page, name)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('a list that gets no answer shows the load error after 40 s instead of spinning', async () => {
    const { page, problems } = await openPage(browser)
    await page.clock.install()
    await page.goto('/login')
    await signIn(page)
    await page.waitForURL('**/dashboard')
    // The dashboard's own counts of products are in before the list's request is held.
    await dashboardLoaded(page)
    const held = hang(page, '**/api/products?*', 'GET')

    await page.goto('/products')
    await h1(page, 'Products')
    await expect.poll(() => held.length).toBe(1)
    await page.getByRole('main').getByRole('status').first().waitFor()
    await page.clock.fastForward(40_500)
    await page.getByRole('main').getByText('Error while loading data').waitFor()
    await errorToast(page, 'Error while loading data')
    expect(problems).toEqual([])
    await page.context().close()
  })
})
