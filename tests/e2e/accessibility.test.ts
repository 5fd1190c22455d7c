// Every screen in Chromium under the server's strict CSP, in the light and the dark colour mode
// (the system's scheme emulated, which the app follows by default): no CSP violation, no
// console error, and no serious or critical axe-core violation.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import {
  animationsDone,
  type ColorScheme,
  launchBrowser,
  openPage,
  openSignedInPage,
  signIn,
  type WatchedPage,
} from './support/browser'
import { writePicture } from './support/pictures'

// Form fields are found by the labels the schema file gives them (an analyst may change them).
const category = schemaFields('service-provider-category')

let browser: Browser
const schemes: ColorScheme[] = ['light', 'dark']
const signedIn = {} as Record<ColorScheme, WatchedPage>
const signedOut = {} as Record<ColorScheme, WatchedPage>
const files = mkdtempSync(join(tmpdir(), 'backoffice-e2e-a11y-'))
const pictureFile = join(files, 'picture.png')

/** The toast on screen, held open under the pointer (on a loaded machine axe can outlast its
 * 4–8 s) and faded in: a toast fading in or out is half-transparent, with no contrast to judge. */
async function toastShown(page: Page) {
  await page.locator('[data-scope="toast"][data-part="root"]').first().hover()
  await animationsDone(page)
}

// Seeded once: every detail screen shows a record with a parent, a photo, an image.
const ids = { spc: 0, spcChild: 0, pc: 0, pcChild: 0, provider: 0, product: 0, image: 0 }
const tag = unique('a11y').replace(' ', '')

beforeAll(async () => {
  await writePicture(pictureFile, {
    width: 1200,
    height: 900,
    background: '#f0fdfa',
    shape: '<circle cx="600" cy="450" r="300" fill="#0f766e"/>',
  })
  const dataUrl = `data:image/png;base64,${readFileSync(pictureFile).toString('base64')}`

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
  ids.pc = (
    await apiPost('/product-categories', {
      name: `Home ${tag}`,
      description: 'Home services',
      parentCategoryId: null,
    })
  ).id
  ids.pcChild = (
    await apiPost('/product-categories', {
      name: `Kitchen ${tag}`,
      description: 'Pots and pans',
      parentCategoryId: ids.pc,
    })
  ).id
  ids.provider = (
    await apiPost('/service-providers', {
      firstName: 'Amaka',
      lastName: 'Nwosu',
      brandName: `Shine ${tag}`,
      email: `amaka.${tag}@example.com`,
      phoneNumber: '+234 802 111 2222',
      state: 'Lagos State',
      city: 'Lekki',
      addressLine1: '4 Admiralty Way',
      addressLine2: 'Suite 2',
      about: 'Sparkling homes.',
      enabled: true,
      serviceProviderCategoryIds: [ids.spc, ids.spcChild],
    })
  ).id
  await apiPost(`/service-providers/${ids.provider}/passport-photo`, { passportPhoto: dataUrl })
  await apiPost(`/service-providers/${ids.provider}/brand-logo`, { brandLogo: dataUrl })
  ids.product = (
    await apiPost('/products', {
      name: `Deep Clean ${tag}`,
      description: 'Top to bottom.',
      pricing: 'Range',
      price: null,
      minPrice: 15000,
      maxPrice: 45000,
      productCategoryIds: [ids.pcChild],
      serviceProviderId: ids.provider,
      estimatedDeliveryDays: 2,
      enabled: true,
    })
  ).id
  await apiPost('/products', {
    name: `Window Polish ${tag}`,
    description: 'No picture yet.',
    pricing: 'Fixed',
    price: 5000,
    minPrice: null,
    maxPrice: null,
    productCategoryIds: [],
    serviceProviderId: ids.provider,
    estimatedDeliveryDays: 1,
    enabled: true,
  })
  ids.image = (
    await apiPost(`/products/${ids.product}/images`, {
      image: dataUrl.slice(dataUrl.indexOf(',') + 1),
      imageName: 'Front view',
      imageDescription: 'The front of the house',
      enabled: true,
    })
  ).id
  await apiPost(`/products/${ids.product}/images/${ids.image}/make-preview-image`, undefined)

  browser = await launchBrowser()
  for (const scheme of schemes) {
    signedIn[scheme] = await openSignedInPage(browser, { colorScheme: scheme })
    signedOut[scheme] = await openPage(browser, 1280, 800, scheme)
  }
})
afterAll(async () => {
  await browser?.close()
  rmSync(files, { recursive: true, force: true })
})

interface Screen {
  name: string
  path: () => string
  /** What shows that the screen has loaded (and, for dialogs and crops, the steps to get there). */
  ready: (page: Page) => Promise<unknown>
  signedOut?: boolean
  /** API calls answered with a 500 and a detail, to put an Error toast on screen. */
  failing?: string
}

const h1 = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor()
const text = (value: string) => (page: Page) => page.getByText(value).first().waitFor()
/** A card's title: a category's name also links from its children's cards (their parent). */
const cardTitle = (name: string) => (page: Page) =>
  page.getByRole('heading', { level: 3, name, exact: true }).waitFor()
const spcPath = '/service-provider-categories'
const pcPath = '/product-categories'

const screens: Screen[] = [
  { name: 'login', path: () => '/login', ready: h1('Admin Console'), signedOut: true },
  {
    name: 'login with an error',
    path: () => '/login',
    signedOut: true,
    ready: async (page) => {
      await page.getByLabel('Username').fill('nobody')
      await page.getByLabel('Password').fill('wrong-password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByText('Invalid username or password').waitFor()
    },
  },
  { name: '404', path: () => '/no/such/page', ready: h1('Page not found'), signedOut: true },
  { name: 'picker', path: () => '/picker', ready: h1('Passport Photo Picker'), signedOut: true },
  {
    name: 'picker, cropping and cropped',
    path: () => '/picker',
    signedOut: true,
    ready: async (page) => {
      await page.getByLabel('Choose a photo').setInputFiles(pictureFile)
      await page.getByRole('slider', { name: 'Zoom' }).waitFor()
      // Both steps are checked: cropping here, and the result after Apply Crop.
      expect.soft(await seriousViolations(page), 'while cropping').toEqual([])
      await page.getByRole('button', { name: 'Apply Crop' }).click()
      await page.getByRole('img', { name: 'The cropped photo' }).waitFor()
    },
  },
  { name: 'dashboard', path: () => '/dashboard', ready: text('Welcome to the admin dashboard') },

  { name: 'SP categories list', path: () => spcPath, ready: cardTitle(`Cleaning ${tag}`) },
  {
    name: 'SP category details',
    path: () => `${spcPath}/${ids.spcChild}`,
    ready: h1(`Home Cleaning ${tag}`),
  },
  {
    name: 'SP category create',
    path: () => `${spcPath}/new`,
    ready: h1('Create Service Provider Category'),
  },
  {
    name: 'SP category create, refused with field errors',
    path: () => `${spcPath}/new`,
    ready: async (page) => {
      await h1('Create Service Provider Category')(page)
      await page.getByRole('button', { name: 'Create Category' }).click()
      await page
        .getByText(/required/i)
        .first()
        .waitFor()
    },
  },
  {
    name: 'SP category created, with a success toast',
    path: () => `${spcPath}/new`,
    ready: async (page) => {
      await page.getByLabel(category.label('name')).fill(`Windows ${tag}`)
      await page.getByLabel(category.label('description')).fill('Glass and frames')
      await page.getByRole('button', { name: 'Create Category' }).click()
      await page.getByText('Service Provider Category created successfully!').waitFor()
      await toastShown(page)
    },
  },
  {
    name: 'SP category edit',
    path: () => `${spcPath}/${ids.spcChild}/edit`,
    ready: h1('Edit Service Provider Category'),
  },
  { name: 'product categories list', path: () => pcPath, ready: cardTitle(`Home ${tag}`) },
  {
    name: 'product category details',
    path: () => `${pcPath}/${ids.pcChild}`,
    ready: h1(`Kitchen ${tag}`),
  },
  {
    name: 'product category create',
    path: () => `${pcPath}/new`,
    ready: h1('Create Product Category'),
  },
  {
    name: 'product category edit',
    path: () => `${pcPath}/${ids.pcChild}/edit`,
    ready: h1('Edit Product Category'),
  },

  {
    name: 'providers list',
    path: () => `/service-providers?brandName=${tag}`,
    ready: (page) => page.getByRole('article', { name: 'Amaka Nwosu' }).waitFor(),
  },
  {
    name: 'provider details',
    path: () => `/service-providers/${ids.provider}`,
    ready: async (page) => {
      await h1('Amaka Nwosu')(page)
      await page.getByRole('img', { name: 'Passport photo of Amaka Nwosu' }).first().waitFor()
    },
  },
  {
    name: 'provider create',
    path: () => '/service-providers/new',
    ready: h1('Create Service Provider'),
  },
  {
    name: 'provider edit',
    path: () => `/service-providers/${ids.provider}/edit`,
    ready: h1('Edit Service Provider'),
  },
  {
    name: 'provider crop dialog',
    path: () => `/service-providers/${ids.provider}/edit`,
    ready: async (page) => {
      await h1('Edit Service Provider')(page)
      await page.getByLabel('Upload passport photo').setInputFiles(pictureFile)
      const dialog = page.getByRole('dialog', { name: 'Crop your photo' })
      await dialog.getByRole('slider', { name: 'Zoom' }).waitFor()
    },
  },

  {
    name: "provider's products",
    path: () => `/service-providers/${ids.provider}/products`,
    ready: async (page) => {
      await page
        .getByRole('img', { name: `Deep Clean ${tag}` })
        .first()
        .waitFor()
      await page.getByRole('img', { name: 'No image' }).first().waitFor()
    },
  },
  {
    name: 'product create',
    path: () => `/service-providers/${ids.provider}/products/new`,
    ready: h1('Create Product'),
  },
  { name: 'products list', path: () => `/products?name=${tag}`, ready: text(`Deep Clean ${tag}`) },
  { name: 'products trash', path: () => '/products/trash', ready: h1('Products in the Trash') },
  {
    name: 'product details',
    path: () => `/products/${ids.product}`,
    ready: h1(`Deep Clean ${tag}`),
  },
  { name: 'product edit', path: () => `/products/${ids.product}/edit`, ready: h1('Edit Product') },

  {
    name: 'product images list',
    path: () => `/products/${ids.product}/images`,
    ready: text('Preview'),
  },
  {
    name: 'product image add, cropping and cropped',
    path: () => `/products/${ids.product}/images/new`,
    ready: async (page) => {
      await h1('Add Image')(page)
      expect.soft(await seriousViolations(page), 'before a file is chosen').toEqual([])
      await page.getByLabel('Choose an image').setInputFiles(pictureFile)
      await page.getByRole('slider', { name: 'Zoom' }).waitFor()
      expect.soft(await seriousViolations(page), 'while cropping').toEqual([])
      await page.getByRole('button', { name: 'Apply Crop' }).click()
      await page.getByRole('button', { name: 'Re-crop' }).waitFor()
    },
  },
  {
    name: 'product image details',
    path: () => `/products/${ids.product}/images/${ids.image}`,
    ready: text('The front of the house'),
  },
  {
    name: 'product image delete dialog',
    path: () => `/products/${ids.product}/images/${ids.image}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Delete' }).click()
      await page.getByRole('alertdialog', { name: 'Are you sure?' }).waitFor()
    },
  },
  {
    name: 'product image edit',
    path: () => `/products/${ids.product}/images/${ids.image}/edit`,
    ready: h1('Edit Product Image'),
  },
  {
    name: 'an error toast',
    path: () => '/products',
    failing: '**/api/products?*',
    ready: async (page) => {
      await h1('Products')(page)
      await page.getByText('The catalogue is resting').first().waitFor()
      await toastShown(page)
    },
  },
]

describe.each(schemes)('every screen under the strict CSP, checked by axe-core (%s)', (scheme) => {
  for (const screen of screens) {
    it(screen.name, async () => {
      const { page, problems } = screen.signedOut ? signedOut[scheme] : signedIn[scheme]
      problems.length = 0
      if (screen.failing) {
        await page.route(screen.failing, (route) =>
          route.fulfill({ status: 500, json: { detail: 'The catalogue is resting' } }),
        )
      }
      try {
        await page.goto(screen.path())
        await screen.ready(page)
        // The app follows the emulated system scheme: this run checks the mode it says it does.
        expect(await page.evaluate(() => document.documentElement.className)).toContain(scheme)
        expect.soft(await seriousViolations(page)).toEqual([])
        // Screen-reader users jump to the content by its landmark (a dialog hides it, not removes it).
        expect.soft(await page.locator('main').count(), 'main landmarks').toBe(1)
      } finally {
        await page.unrouteAll()
        await page.mouse.move(0, 0) // a pointer left on a toast hovers the next screen
      }
      // The 500s asked for above log a failed load; nothing else may.
      const expected = (p: string) => Boolean(screen.failing) && p.includes('status of 500')
      expect(problems.filter((p) => !expected(p))).toEqual([])
    })
  }

  it('at 375 px, with the menu drawer open', async () => {
    const { page, problems } = await openPage(browser, 375, 812, scheme)
    await page.goto('/login')
    await signIn(page)
    await page.getByText('Welcome to the admin dashboard').waitFor()
    expect.soft(await seriousViolations(page), 'dashboard').toEqual([])
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('link', { name: 'Products', exact: true }).waitFor()
    expect.soft(await seriousViolations(page), 'drawer').toEqual([])
    expect(problems).toEqual([])
    await page.context().close()
  })
})

describe('the checks themselves', () => {
  it('report a CSP violation: an injected inline script is refused and recorded', async () => {
    const { page, problems } = signedOut.light
    problems.length = 0
    await page.goto('/login')
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__ran = true'
      document.head.append(script)
    })
    await expect
      .poll(() => problems.some((p) => p.startsWith('CSP violation: script-src')))
      .toBe(true)
    await expect(page.evaluate(() => '__ran' in window)).resolves.toBe(false)
    problems.length = 0
  })

  it('report an axe violation: an unlabelled input is caught', async () => {
    const { page } = signedOut.light
    await page.goto('/login')
    await page.getByLabel('Username').evaluate((input) => {
      input.removeAttribute('id')
      input.removeAttribute('aria-labelledby')
      input.closest('div')?.querySelector('label')?.remove()
    })
    expect((await seriousViolations(page)).join('\n')).toMatch(/^label \(critical\)/m)
  })
})
