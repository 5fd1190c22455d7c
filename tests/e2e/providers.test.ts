// Service providers in a real Chromium against the real server: create, find, edit, photograph.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, unique } from './support/api'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'
import { pickCategory } from './support/combobox'
import { writePicture } from './support/pictures'

// Form fields are found by the labels the schema file gives them (an analyst may change them).
const provider = schemaFields('service-provider')

let browser: Browser
let page: Page
let problems: string[]
const files = mkdtempSync(join(tmpdir(), 'backoffice-e2e-files-'))
const photoFile = join(files, 'portrait.png')

beforeAll(async () => {
  // A portrait-sized PNG with a circle in it, enough to crop.
  await writePicture(photoFile, {
    width: 900,
    height: 700,
    background: '#2c7a7b',
    shape: '<circle cx="450" cy="330" r="220" fill="#f6ad55"/>',
  })
  browser = await launchBrowser()
  ;({ page, problems } = await openSignedInPage(browser))
})
afterAll(async () => {
  await browser?.close()
  rmSync(files, { recursive: true, force: true })
})

const heading = (name: string) => page.getByRole('heading', { level: 1, name })

describe('service providers', () => {
  const tag = unique('p').replace(' ', '')
  const email = `ada.${tag}@example.com`
  const brand = `Sparkle ${tag}`
  const categories: string[] = []
  let providerPath: string

  beforeAll(async () => {
    for (const name of ['Cleaning', 'Laundry', 'Gardening']) {
      const full = `${name} ${tag}`
      await apiPost('/service-provider-categories', {
        name: full,
        description: name,
        parentId: null,
      })
      categories.push(full)
    }
  })

  it('creates a provider with two categories and shows their details', async () => {
    await page.goto('/service-providers/new')
    await heading('Create Service Provider').waitFor()
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor()
    await page.getByRole('heading', { name: 'Brand Information' }).waitFor()
    await page.getByText('No service categories selected').waitFor()
    await page.getByLabel(provider.label('firstName')).fill('Ada')
    await page.getByLabel(provider.label('lastName')).fill('Obi')
    await page.getByLabel(provider.label('email')).fill(email)
    await page.getByLabel(provider.label('phoneNumber')).fill('+234 803 123 4567')
    await page.getByLabel(provider.label('addressLine1')).fill('12 Marina Road')
    await page.getByLabel(provider.label('city')).fill('Lagos')
    await page.getByLabel(provider.label('state')).fill('Lagos State')
    await page.getByLabel(provider.label('brandName')).fill(brand)
    await page.getByLabel(provider.label('about')).fill('Spotless homes since 2015.')
    const picker = page.getByLabel(provider.label('serviceProviderCategoryIds'))
    await pickCategory(page, picker, categories[0])
    await pickCategory(page, picker, categories[1])
    await page.getByRole('button', { name: `Remove ${categories[0]}` }).waitFor()
    await screenshot(page, 'provider-create')
    await page.getByRole('button', { name: 'Create Service Provider' }).click()
    await page.getByText('Service Provider created successfully!').waitFor()
    await heading('Ada Obi').waitFor()
    providerPath = new URL(page.url()).pathname
    await page.getByText(email, { exact: true }).waitFor()
    await page.getByText('Lagos, Lagos State', { exact: true }).waitFor()
    await page.getByText(categories[1], { exact: true }).waitFor()
    await page.getByText('Enabled', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'View Products' }).waitFor()
    await screenshot(page, 'provider-detail')
  })

  it('refuses a second provider with the same email, whatever its case', async () => {
    await page.goto('/service-providers/new')
    for (const [label, value] of [
      ['First Name', 'Bola'],
      ['Last Name', 'Ade'],
      ['Email', email.toUpperCase()],
      ['Phone Number', '+234 803 000 0000'],
      ['Address Line 1', '1 Allen Avenue'],
      ['City', 'Ikeja'],
      ['State', 'Lagos State'],
      ['Brand Name', 'Copycat'],
      ['About', 'Same email'],
    ]) {
      await page.getByLabel(label).fill(value)
    }
    await page.getByRole('button', { name: 'Create Service Provider' }).click()
    await page.getByText('A service provider with this email already exists').waitFor()
    expect(new URL(page.url()).pathname).toBe('/service-providers/new')
  })

  it('uploads a passport photo through the crop dialog and shows it as the avatar', async () => {
    await page.goto(`${providerPath}/edit`)
    await heading('Edit Service Provider').waitFor()
    await expect(page.getByLabel(provider.label('email')).first().inputValue()).resolves.toBe(email)
    await page.getByLabel('Upload passport photo').setInputFiles(photoFile)
    const dialog = page.getByRole('dialog', { name: 'Crop your photo' })
    await dialog.waitFor()
    await dialog.getByRole('slider', { name: 'Zoom' }).waitFor()
    await page.waitForTimeout(300) // let the dialog finish opening before the picture is taken
    await screenshot(page, 'provider-crop-dialog')
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('img', { name: 'Passport photo of Ada Obi' }).first().waitFor()
    await screenshot(page, 'provider-edit')

    await page.getByLabel(provider.label('about')).fill('Spotless homes and offices since 2015.')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.waitForURL(`**${providerPath}`)
    await page.getByText('Spotless homes and offices since 2015.', { exact: true }).waitFor()
    const avatar = page.getByRole('img', { name: 'Passport photo of Ada Obi' }).first()
    await avatar.waitFor()
    await expect(
      avatar.evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).resolves.toBeGreaterThan(0)
  })

  it('finds providers by each filter and shows two category badges plus "+N more"', async () => {
    await apiPost('/service-providers', {
      firstName: 'Chidi',
      lastName: 'Eze',
      brandName: `Tidy ${tag}`,
      email: `chidi.${tag}@example.com`,
      phoneNumber: '+234 805 555 0101',
      state: 'Abuja FCT',
      city: 'Garki',
      addressLine1: '3 Aminu Kano Crescent',
      addressLine2: null,
      about: 'Three kinds of service',
      enabled: false,
      serviceProviderCategoryIds: [],
    })
    await page.goto('/service-providers')
    await page.getByLabel('Brand Name').fill(tag)
    await page.getByRole('button', { name: 'Apply' }).click()
    // The status filter starts at Enabled: the disabled provider is not listed.
    await page.getByRole('article', { name: 'Ada Obi' }).waitFor()
    await expect.poll(() => page.getByRole('article', { name: 'Chidi Eze' }).count()).toBe(0)

    await page.getByLabel('Status', { exact: true }).selectOption('disabled')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByRole('article', { name: 'Chidi Eze' }).waitFor()
    await expect.poll(() => page.getByRole('article', { name: 'Ada Obi' }).count()).toBe(0)

    await page.getByLabel('Status', { exact: true }).selectOption('all')
    await page.getByLabel('Email').fill(`ada.${tag}`)
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/email=/)
    await page.getByRole('article', { name: 'Ada Obi' }).waitFor()
    await expect.poll(() => page.getByRole('article', { name: 'Chidi Eze' }).count()).toBe(0)

    await page.getByLabel('Email').fill('')
    await pickCategory(page, page.getByLabel('Category', { exact: true }), categories[1])
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/category=/)
    await page.getByRole('article', { name: 'Ada Obi' }).waitFor()

    await pickCategory(page, page.getByLabel('Category', { exact: true }), categories[2])
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Nothing to see here.').waitFor()

    // Three categories: two badges and "+1 more".
    await page.goto(`${providerPath}/edit`)
    await pickCategory(
      page,
      page.getByLabel(provider.label('serviceProviderCategoryIds')),
      categories[2],
    )
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.waitForURL(`**${providerPath}`)
    await page.goto(`/service-providers?brandName=${encodeURIComponent(tag)}`)
    const card = page.getByRole('article', { name: 'Ada Obi' })
    await card.getByText('+1 more').waitFor()
    await screenshot(page, 'provider-list')
    await card.getByRole('link', { name: /View/ }).click()
    await heading('Ada Obi').waitFor()
  })

  it('ran every screen without a console error or a CSP violation', () => {
    expect(problems).toEqual([])
  })
})
