// Both category managers in a real Chromium against the real server and database.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, unique } from './support/api'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'
import { offeredFor, optionEndingWith, pickCategory } from './support/combobox'

let browser: Browser
let page: Page
let problems: string[]

beforeAll(async () => {
  browser = await launchBrowser()
  ;({ page, problems } = await openSignedInPage(browser))
})
afterAll(async () => {
  await browser?.close()
})

const heading = (name: string) => page.getByRole('heading', { level: 1, name })
// Form fields are found by the labels the schema files give them (an analyst may change them).
const spc = schemaFields('service-provider-category')
const pc = schemaFields('product-category')
const field = (labels: typeof pc, property: string) => page.getByLabel(labels.label(property))

describe('service provider categories', () => {
  const parentName = unique('Cleaning')
  const childName = unique('Home Cleaning')
  let parentId: number
  let childUrl: string

  it('creates a top-level category and shows its details', async () => {
    await page.goto('/service-provider-categories/new')
    await heading('Create Service Provider Category').waitFor()
    // The parent picker starts on its "no parent" choice.
    const parentPicker = field(spc, 'parentId').and(page.getByRole('combobox'))
    await expect.poll(() => parentPicker.inputValue()).toBe('None Parent Category')
    await field(spc, 'name').fill(parentName)
    await field(spc, 'description').fill('Every kind of cleaning')
    await screenshot(page, 'spc-create')
    await page.getByRole('button', { name: 'Create Category' }).click()
    await page.getByText('Service Provider Category created successfully!').waitFor()
    await heading(parentName).waitFor()
    parentId = Number(new URL(page.url()).pathname.split('/').pop())
    expect(parentId).toBeGreaterThan(0)
    await page.getByText('None', { exact: true }).waitFor()
  })

  it('creates a child under it, chosen from the parent picker', async () => {
    await page.goto('/service-provider-categories/new')
    await field(spc, 'name').fill(childName)
    await field(spc, 'description').fill('Homes and flats')
    await pickCategory(page, field(spc, 'parentId'), parentName)
    await page.getByRole('button', { name: 'Create Category' }).click()
    await heading(childName).waitFor()
    childUrl = new URL(page.url()).pathname
    await page.getByRole('link', { name: String(parentId), exact: true }).waitFor()
    await screenshot(page, 'spc-detail')
  })

  it('edits the child; the parent picker leaves out the category itself', async () => {
    await page.goto(`${childUrl}/edit`)
    await heading('Edit Service Provider Category').waitFor()
    const options = await offeredFor(page, field(spc, 'parentId'), '', 'No Parent Category')
    expect(options[0]).toBe('No Parent Category')
    expect(await offeredFor(page, field(spc, 'parentId'), parentName, parentName)).toContain(
      parentName,
    )
    // The category itself (and its descendants) cannot be its own parent.
    const own = await offeredFor(page, field(spc, 'parentId'), childName, 'No Parent Category')
    expect(own.some((name) => name.endsWith(childName))).toBe(false)
    await field(spc, 'description').fill('Homes, flats and offices')
    await screenshot(page, 'spc-edit')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.waitForURL(`**${childUrl}`)
    await page.getByText('Homes, flats and offices', { exact: true }).waitFor()
  })

  it('finds categories by name and by parent, and keeps the filters in the URL', async () => {
    await page.goto('/service-provider-categories')
    await page.getByLabel('Search by name').fill(childName.toUpperCase())
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/name=/)
    await page.getByRole('link', { name: childName }).waitFor()
    expect(new URL(page.url()).searchParams.get('name')).toBe(childName.toUpperCase())
    await expect
      .poll(() => page.getByRole('heading', { name: parentName, exact: true }).count())
      .toBe(0)
    await screenshot(page, 'spc-list')

    await page.reload()
    await page.getByRole('link', { name: childName }).waitFor()
    await expect(page.getByLabel('Search by name').inputValue()).resolves.toBe(
      childName.toUpperCase(),
    )

    await page.getByLabel('Search by name').fill('')
    await pickCategory(page, page.getByLabel('Parent Category'), parentName)
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByRole('link', { name: childName }).waitFor()
    await expect
      .poll(() => page.getByRole('heading', { name: parentName, exact: true }).count())
      .toBe(0)

    await pickCategory(page, page.getByLabel('Parent Category'), 'No parent', '')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/parent=none/)
    await page.getByRole('link', { name: parentName }).waitFor()
    await expect
      .poll(() => page.getByRole('heading', { name: childName, exact: true }).count())
      .toBe(0)

    // Back restores the previous filter.
    await page.goBack()
    await page.getByRole('link', { name: childName }).waitFor()
  })

  it('opens a category from its card', async () => {
    await page.goto(`/service-provider-categories?name=${encodeURIComponent(parentName)}`)
    await page.getByRole('link', { name: parentName }).click()
    await heading(parentName).waitFor()
  })

  it('replaces a missing category with the 404 page', async () => {
    await page.goto('/dashboard')
    await page.goto('/service-provider-categories/99999999')
    await page.waitForURL('**/not-found')
    await page.goBack()
    await page.waitForURL('**/dashboard')
  })

  it('shows a hostile name as text and runs no script', async () => {
    const name = `<img src=x onerror="window.__xss=1">${Date.now()}`
    const { id } = await apiPost('/service-provider-categories', {
      name,
      description: '<script>window.__xss=2</script>',
      parentId: null,
    })
    await page.goto(`/service-provider-categories/${id}`)
    await heading(name).waitFor()
    await page.getByText('<script>window.__xss=2</script>', { exact: true }).waitFor()
    await expect(page.evaluate(() => (window as { __xss?: number }).__xss)).resolves.toBeUndefined()
  })
})

describe('product categories', () => {
  it('creates, lists with a pager, and edits', async () => {
    const prefix = unique('Pager')
    for (let i = 1; i <= 31; i += 1) {
      await apiPost('/product-categories', {
        name: `${prefix} ${String(i).padStart(2, '0')}`,
        description: 'A category made to fill more than one page of the list',
        parentCategoryId: null,
      })
    }
    await page.goto(`/product-categories?name=${encodeURIComponent(prefix)}`)
    await page.getByText('Page 1 of 2').waitFor()
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true)
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Page 2 of 2').waitFor()
    expect(new URL(page.url()).searchParams.get('page')).toBe('2')
    await page.getByRole('link', { name: `${prefix} 31` }).waitFor()
    await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true)
    await screenshot(page, 'pc-list')

    await page.goto('/product-categories/new')
    await heading('Create Product Category').waitFor()
    const name = unique('Kitchen')
    await field(pc, 'name').fill(name)
    await field(pc, 'description').fill('Pots, pans and appliances')
    await pickCategory(page, field(pc, 'parentCategoryId'), `${prefix} 01`)
    await page.getByRole('button', { name: 'Create Category' }).click()
    await page.getByText('Product Category created successfully!').waitFor()
    await heading(name).waitFor()
    await page.getByRole('link', { name: 'Edit' }).click()
    await heading('Edit Product Category').waitFor()
    // By keyboard: emptied, the picker lists None first; Home highlights it, Enter picks it.
    const parent = field(pc, 'parentCategoryId').and(page.getByRole('combobox'))
    await parent.click()
    await parent.fill('')
    await optionEndingWith(page, 'None').waitFor()
    await parent.press('ArrowDown')
    await parent.press('Home')
    await parent.press('Enter')
    await expect.poll(() => parent.inputValue()).toBe('None')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await heading(name).waitFor()
    await page.getByText('None', { exact: true }).waitFor()
  })

  it('ran every screen without a console error or a CSP violation', () => {
    expect(problems).toEqual([])
  })
})
