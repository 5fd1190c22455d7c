// Live changes (issue 31, decision 024) in a real Chromium against the real server: two
// operators signed in in their own browser contexts; a change one saves shows in the other's
// open list and record page without a reload. The list at 1280 and 375 px, the record page at
// 1280 px; axe clean.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

const category = schemaFields('product-category')

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Marks the page, so the test can tell it was never reloaded. */
async function markLoaded(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { loadedOnce: boolean }).loadedOnce = true
  })
}
const stillSameLoad = (page: Page) =>
  page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true)

/** The other operator saves a change through the edit page. */
async function editInOtherBrowser(
  editor: Page,
  id: number,
  fields: { name?: string; description?: string },
) {
  await editor.goto(`/product-categories/${id}/edit`)
  await editor.getByRole('heading', { level: 1, name: 'Edit Product Category' }).waitFor()
  if (fields.name)
    await editor.getByLabel(category.label('name'), { exact: true }).fill(fields.name)
  if (fields.description)
    await editor.getByLabel(category.label('description')).fill(fields.description)
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  // A saved edit lands on the record's page.
  await editor.waitForURL(`**/product-categories/${id}`)
}

describe.each([
  [1280, 800],
  [375, 812],
])('live changes at %i px', (width, height) => {
  it('a change saved in one browser shows in the other’s open list without a reload', async () => {
    const name = unique('Gardening')
    const { id } = await apiPost('/product-categories', {
      name,
      description: 'Lawns and hedges',
      parentCategoryId: null,
    })
    const watcher = await openSignedInPage(browser, { width, height })
    const editor = await openSignedInPage(browser)
    const tag = name.split(' ')[1]
    await watcher.page.goto(`/product-categories?name=${encodeURIComponent(tag)}`)
    await watcher.page.getByText(name, { exact: true }).first().waitFor()
    await markLoaded(watcher.page)

    const renamed = `${name} and Patios`
    await editInOtherBrowser(editor.page, id, { name: renamed })

    await watcher.page.getByText(renamed, { exact: true }).first().waitFor()
    expect(await stillSameLoad(watcher.page)).toBe(true)
    await screenshot(watcher.page, `live-changes-list-${width}`)
    expect(await seriousViolations(watcher.page)).toEqual([])
    expect(watcher.problems).toEqual([])
    expect(editor.problems).toEqual([])
    await watcher.page.context().close()
    await editor.page.context().close()
  })
})

it('a change saved in one browser shows on the record page open in the other', async () => {
  const name = unique('Tiling')
  const { id } = await apiPost('/product-categories', {
    name,
    description: 'Floors and walls',
    parentCategoryId: null,
  })
  const watcher = await openSignedInPage(browser)
  const editor = await openSignedInPage(browser)
  await watcher.page.goto(`/product-categories/${id}`)
  await watcher.page.getByText('Floors and walls', { exact: true }).first().waitFor()
  await markLoaded(watcher.page)

  await editInOtherBrowser(editor.page, id, { description: 'Floors, walls and pools' })

  await watcher.page.getByText('Floors, walls and pools', { exact: true }).first().waitFor()
  // Its history shows the other operator's change too.
  await watcher.page
    .getByRole('region', { name: 'History' })
    .getByText('Floors and walls → Floors, walls and pools', { exact: false })
    .waitFor()
  expect(await stillSameLoad(watcher.page)).toBe(true)
  await screenshot(watcher.page, 'live-changes-detail-1280')
  expect(await seriousViolations(watcher.page)).toEqual([])
  expect(watcher.problems).toEqual([])
  expect(editor.problems).toEqual([])
  await watcher.page.context().close()
  await editor.page.context().close()
})
