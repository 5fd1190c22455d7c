// Another operator's change heard while editing or selecting (issue 31), in a real Chromium
// against the real server, at 1280 and 375 px; operator B writes through the API.
// - An edit page: A edits a category; B saves a change to it; A's page says "This record was
//   changed by B" with what changed, loads the new version keeping A's own edit, and saves it
//   without a 412 (a 412 would log a console error, which fails the test).
// - A list with rows ticked: B renames a category on it; A's table stays as it was and offers
//   "1 change — Refresh", which shows the new name and keeps the tick.
// Axe clean with each notice.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiOperator, apiPost, apiPutAs, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

const category = schemaFields('product-category')

let browser: Browser
let other: { username: string; token: string }
beforeAll(async () => {
  browser = await launchBrowser()
  other = await apiOperator('editor')
})
afterAll(async () => {
  await browser?.close()
})

/** Opens `path` and waits until its live stream is open, so it hears the writes that follow. */
async function openLive(page: Page, path: string) {
  const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/events'))
  await page.goto(path)
  await streamOpen
}

describe.each([
  [1280, 800],
  [375, 812],
])('changes made elsewhere, at %i px', (width, height) => {
  it('says who changed what, loads the new version under the edits and saves it', async () => {
    const name = unique('Upholstery')
    const { id } = await apiPost('/product-categories', {
      name,
      description: 'Sofas and chairs',
      parentCategoryId: null,
    })
    const { page, problems } = await openSignedInPage(browser, { width, height })
    await openLive(page, `/product-categories/${id}/edit`)
    await page.getByRole('heading', { level: 1, name: 'Edit Product Category' }).waitFor()
    const nameField = page.getByLabel(category.label('name'), { exact: true })
    const description = page.getByLabel(category.label('description'))
    await description.fill('Sofas, chairs and cushions')

    const renamed = `${name} and Cushions`
    await apiPutAs(other.token, `/product-categories/${id}`, {
      name: renamed,
      description: 'Sofas and chairs',
      parentCategoryId: null,
    })

    const notice = page.getByRole('alert').filter({ hasText: 'This record was changed by' })
    await notice.getByText(`This record was changed by ${other.username}.`).waitFor()
    await notice
      .getByRole('list', { name: 'Changes' })
      .getByText(`${name} → ${renamed}`, { exact: false })
      .waitFor()
    // Not reset under the operator by the refetch behind the notice.
    expect(await description.inputValue()).toBe('Sofas, chairs and cushions')
    expect(await nameField.inputValue()).toBe(name)
    await screenshot(page, `record-changed-notice-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    await notice.getByRole('button', { name: 'Load the new version' }).click()
    expect(await nameField.inputValue()).toBe(renamed)
    expect(await description.inputValue()).toBe('Sofas, chairs and cushions')
    await page.getByText('Your edits are kept: Description.', { exact: false }).waitFor()
    await screenshot(page, `record-changed-loaded-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.waitForURL(`**/product-categories/${id}`)
    await page.getByText('Sofas, chairs and cushions', { exact: true }).first().waitFor()
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor()
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('a list with rows ticked holds still and counts the changes until Refresh', async () => {
    const tag = unique(`Held${width}`).replace(' ', '')
    const category = (name: string) =>
      apiPost('/product-categories', { name, description: 'Held', parentCategoryId: null })
    await category(`${tag} Alpha`)
    const beta = await category(`${tag} Beta`)
    const { page, problems } = await openSignedInPage(browser, { width, height })
    await openLive(page, `/product-categories?name=${tag}`)
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Product Categories' })
    const alpha = table.getByRole('checkbox', { name: `Select ${tag} Alpha` })
    // By keyboard, as the bulk journeys tick rows (at 375 px the table scrolls sideways).
    await alpha.focus()
    await page.keyboard.press('Space')
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByText('1 product category selected').waitFor()

    await apiPutAs(other.token, `/product-categories/${beta.id}`, {
      name: `${tag} Beta Renamed`,
      description: 'Held',
      parentCategoryId: null,
    })
    const refresh = bar.getByRole('button', { name: '1 change — Refresh' })
    await refresh.waitFor()
    expect(await table.getByText(`${tag} Beta`, { exact: true }).count()).toBe(1)
    await screenshot(page, `held-list-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    await refresh.click()
    await table.getByText(`${tag} Beta Renamed`, { exact: true }).waitFor()
    expect(await alpha.isChecked()).toBe(true)
    expect(await refresh.count()).toBe(0)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
