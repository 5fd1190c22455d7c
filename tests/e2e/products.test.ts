// Products and their images in a real Chromium against the real server and database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, apiProvider, unique } from './support/api'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'
import { pickCategory } from './support/combobox'
import { writePicture } from './support/pictures'

// Form fields are found by the labels the schema files give them (an analyst may change them).
const product = schemaFields('product')
const image = schemaFields('product-image')

let browser: Browser
let page: Page
let problems: string[]
const files = mkdtempSync(join(tmpdir(), 'backoffice-e2e-products-'))
const pictureFile = join(files, 'product.jpg')

beforeAll(async () => {
  await writePicture(pictureFile, {
    width: 1600,
    height: 1000,
    background: '#e2e8f0',
    shape: '<rect x="400" y="250" width="800" height="500" rx="60" fill="#0f766e"/>',
  })
  browser = await launchBrowser()
  ;({ page, problems } = await openSignedInPage(browser))
})
afterAll(async () => {
  await browser?.close()
  rmSync(files, { recursive: true, force: true })
})

const heading = (name: string) => page.getByRole('heading', { level: 1, name })

describe('products and product images', () => {
  const tag = unique('x').replace(' ', '')
  const brand = `Glow ${tag}`
  const productName = `Deep Clean ${tag}`
  const categoryName = `Home ${tag}`
  let providerId: number
  let productPath: string

  beforeAll(async () => {
    await apiPost('/product-categories', {
      name: categoryName,
      description: 'Home services',
      parentCategoryId: null,
    })
    ;({ id: providerId } = await apiProvider(tag, { brandName: brand }))
  })

  it('starts with an empty product list for the provider', async () => {
    await page.goto(`/service-providers/${providerId}/products`)
    await page.getByText('Nothing to see here. Add some products and come back later.').waitFor()
    await page.getByRole('link', { name: brand }).waitFor()
  })

  it('creates a Range product and shows the range with its badge', async () => {
    await page.getByRole('link', { name: 'Add Product' }).click()
    // The provider's product list has a Name filter too: fill the form's, once it is there.
    await heading('Create Product').waitFor()
    await page.getByLabel(product.label('name'), { exact: true }).fill(productName)
    await page
      .getByLabel(product.label('description'), { exact: true })
      .fill('Top to bottom, inside and out.')
    await page.getByLabel(product.label('estimatedDeliveryDays')).fill('3')
    await page.getByText('Range', { exact: true }).click()
    await page.getByLabel(product.label('minPrice')).fill('15000')
    await page.getByLabel(product.label('maxPrice')).fill('45000.5')
    await expect(page.getByLabel(product.label('price'), { exact: true }).count()).resolves.toBe(0)
    await pickCategory(page, page.getByLabel(product.label('productCategoryIds')), categoryName)
    await screenshot(page, 'product-create')
    await page.getByRole('button', { name: 'Create Product' }).click()
    await page.getByText('Product created successfully!').waitFor()
    await heading(productName).waitFor()
    productPath = new URL(page.url()).pathname
    await page.getByText('₦15,000.00 – ₦45,000.50').waitFor()
    await page.getByText('Range', { exact: true }).first().waitFor()
    await page.getByText('3 days').waitFor()
    await page.getByRole('link', { name: brand }).waitFor()
    await screenshot(page, 'product-detail')
  })

  it('edits the product into a Fixed price with a rating', async () => {
    await page.goto(`${productPath}/edit`)
    await page.getByText('Fixed', { exact: true }).click()
    await page.getByLabel(product.label('price'), { exact: true }).fill('25000')
    await page.getByLabel(product.label('rating', 'update'), { exact: true }).fill('4.5')
    await page.getByLabel(product.label('noOfRatings', 'update')).fill('12')
    await screenshot(page, 'product-edit')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Product updated successfully!').waitFor()
    await heading(productName).waitFor()
    await page.getByText('₦25,000.00').first().waitFor()
  })

  it('adds an image through the crop flow, makes it the preview, then deletes it', async () => {
    await page.goto(`${productPath}/images`)
    await page.getByRole('link', { name: 'Add Image' }).click()
    const submit = page.getByRole('button', { name: 'Add Image' })
    await expect(submit.isDisabled()).resolves.toBe(true)
    await page.getByLabel('Choose an image').setInputFiles(pictureFile)
    await page.getByRole('button', { name: 'Apply Crop' }).click()
    await page.getByRole('button', { name: 'Re-crop' }).waitFor()
    await page.getByRole('button', { name: 'Remove' }).waitFor()
    await page.getByLabel(image.label('imageName')).fill('Front view')
    await screenshot(page, 'product-image-add')
    await expect(submit.isDisabled()).resolves.toBe(false)
    await submit.click()

    // The new image appears in the product's images; open it.
    await page.goto(`${productPath}/images`)
    await page
      .getByRole('link', { name: /View Details/ })
      .first()
      .click()
    await page.getByText('No description provided').waitFor()
    await page.getByRole('button', { name: 'Set as Preview' }).click()
    await page.getByText('Product image is now preview image!').waitFor()
    await expect(page.getByRole('button', { name: 'Set as Preview' }).count()).resolves.toBe(0)
    await screenshot(page, 'product-image-detail')

    await page.getByRole('link', { name: 'Edit' }).click()
    await heading('Edit Product Image').waitFor()
    await page.getByLabel(image.label('imageDescription')).fill('The front of the set')
    await screenshot(page, 'product-image-edit')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('The front of the set').waitFor()

    await page.goto(`${productPath}/images`)
    await page.getByText('Preview', { exact: true }).first().waitFor()
    await screenshot(page, 'product-image-list')

    // The provider's products show the preview thumbnail now.
    await page.goto(`/service-providers/${providerId}/products`)
    const thumb = page.getByRole('img', { name: productName }).first()
    await thumb.waitFor()
    await screenshot(page, 'provider-products')

    await page.goto(`${productPath}/images`)
    await page
      .getByRole('link', { name: /View Details/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await dialog
      .getByText('This action cannot be undone. This will permanently delete the product image.')
      .waitFor()
    await page.waitForTimeout(300) // let the dialog finish opening before the picture is taken
    await screenshot(page, 'product-image-delete')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Product image deleted successfully!').waitFor()
  })

  it('lists products with filters kept in the URL', async () => {
    await page.goto('/products')
    await page.getByLabel('Name', { exact: true }).fill(tag)
    await page.getByLabel('Min Price').fill('20000')
    await page.getByLabel('Max Price').fill('30000')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/minPrice=20000/)
    await page.getByText(productName).first().waitFor()
    await screenshot(page, 'product-list')
    await page.getByLabel('Max Price').fill('20000.5')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/maxPrice=20000.5/)
    await page.getByText('Nothing to see here.').waitFor()
  })

  it('ran every screen without a console error or a CSP violation', () => {
    expect(problems).toEqual([])
  })
})
