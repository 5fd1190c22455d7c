// Keyboard only, no clicks: sign in, open the menu (a fixed sidebar, and a drawer at 375 px),
// and create a category with Tab, Enter, Space and typing.

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { unique } from './support/api'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { showsFocus, tabTo } from './support/keyboard'

// Form fields are found by the labels the schema file gives them (an analyst may change them).
const category = schemaFields('service-provider-category')

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function signInByKeyboard(page: Page) {
  const admin = inject('admin')
  await page.goto('/login')
  await tabTo(page, page.getByLabel('Username'))
  await page.keyboard.type(admin.username)
  await tabTo(page, page.getByLabel('Password'))
  await page.keyboard.type(admin.password)
  await page.keyboard.press('Enter')
  await page.waitForURL('**/dashboard')
}

/** A link of the side menu (the fixed sidebar or the drawer), not a dashboard shortcut. */
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true })

/** On the create screen: fills it in and submits with Space on the button. */
async function createCategoryByKeyboard(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name: 'Create Service Provider Category' }).waitFor()
  await tabTo(page, page.getByLabel(category.label('name')))
  await page.keyboard.type(name)
  await tabTo(page, page.getByLabel(category.label('description')))
  await page.keyboard.type('Made without a mouse')
  const submit = page.getByRole('button', { name: 'Create Category' })
  await tabTo(page, submit)
  expect(await showsFocus(page)).toBe(true)
  await page.keyboard.press('Space')
  await page.getByText('Service Provider Category created successfully!').waitFor()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.getByText('Made without a mouse', { exact: true }).waitFor()
}

describe('keyboard only', () => {
  it('signs in, follows a side-menu link and creates a category at 1280 px', async () => {
    const { page, problems } = await openPage(browser)
    await signInByKeyboard(page)
    const link = menuLink(page, 'Create Service Provider Category')
    await tabTo(page, link)
    // A keyboard user must see where focus is.
    expect(await showsFocus(page)).toBe(true)
    await screenshot(page, 'keyboard-menu-focus')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/service-provider-categories/new')
    await createCategoryByKeyboard(page, unique('Keyboard'))
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('opens the drawer at 375 px, closes it with Escape, then follows a link in it', async () => {
    const { page, problems } = await openPage(browser, 375, 812)
    await signInByKeyboard(page)
    const menuButton = page.getByRole('button', { name: 'Open menu' })
    const link = menuLink(page, 'Create Service Provider Category')

    await tabTo(page, menuButton)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await tabTo(page, link)
    // Escape closes the drawer and gives focus back to the button that opened it.
    await page.keyboard.press('Escape')
    await link.waitFor({ state: 'detached' })
    await expect.poll(() => menuButton.evaluate((b) => b === document.activeElement)).toBe(true)

    await page.keyboard.press('Space')
    await page.getByRole('dialog').waitFor()
    await tabTo(page, link)
    expect(await showsFocus(page)).toBe(true)
    await page.waitForTimeout(300) // let the drawer finish sliding in before the picture is taken
    await screenshot(page, 'keyboard-drawer-focus')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/service-provider-categories/new')
    await link.waitFor({ state: 'detached' })
    await createCategoryByKeyboard(page, unique('Drawer'))
    expect(problems).toEqual([])
    await page.context().close()
  })
})
