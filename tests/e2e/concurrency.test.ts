// Lost updates (issue #6) in a real Chromium against the real server: a category changed
// through the API while its edit page is open cannot be overwritten by the browser's save.

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, unique } from './support/api'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

// Form fields are found by the labels the schema file gives them (an analyst may change them).
const category = schemaFields('product-category')

const STALE = 'This record was changed by someone else since you opened it.'
const CHANGED = 'This record was changed by'

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

/** Another operator, with a session of their own, calling the API directly. */
async function otherOperator() {
  const base = `${inject('baseUrl')}/api`
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(inject('admin')),
  })
  const { token } = (await login.json()) as { token: string }
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }
  return {
    get: async (path: string) => (await fetch(`${base}${path}`, { headers })).json(),
    put: async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(200)
    },
  }
}

it("refuses a save over someone else's change, keeps the typed text, and reloads on request", async () => {
  const name = unique('Gardening')
  const { id } = await apiPost('/product-categories', {
    name,
    description: 'Lawns and hedges',
    parentCategoryId: null,
  })
  const path = `/product-categories/${id}`
  await page.goto(`${path}/edit`)
  await page.getByRole('heading', { level: 1, name: 'Edit Product Category' }).waitFor()
  await page.getByLabel(category.label('description')).fill('Typed in the browser')

  const other = await otherOperator()
  await other.put(path, {
    name: `${name} renamed`,
    description: 'Changed through the API',
    parentCategoryId: null,
  })

  // The edit page hears of the change as it happens (issue 31) and says so; a save over it is
  // still refused (412), and the typed text stays.
  const alert = page.getByRole('alert').filter({ hasText: CHANGED })
  await alert.waitFor()
  await alert.getByText('Warning').waitFor()
  const refused = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/api${path}`),
  )
  await page.getByRole('button', { name: 'Save Changes' }).click()
  expect((await refused).status()).toBe(412)
  await page.getByRole('button', { name: 'Load the new version' }).waitFor()
  expect(await page.getByLabel(category.label('description')).inputValue()).toBe(
    'Typed in the browser',
  )
  expect(new URL(page.url()).pathname).toBe(`${path}/edit`)
  expect((await other.get(path)).description).toBe('Changed through the API')
  await screenshot(page, 'stale-record-412')

  // Both changed the description: theirs is loaded (the note says what was typed).
  await page.getByRole('button', { name: 'Load the new version' }).click()
  await expect
    .poll(() => page.getByLabel(category.label('description')).inputValue())
    .toBe('Changed through the API')
  expect(await page.getByLabel(category.label('name')).inputValue()).toBe(`${name} renamed`)
  expect(await page.getByRole('alert').filter({ hasText: STALE }).count()).toBe(0)

  // Now the browser holds the current version, so its save goes through.
  await page.getByLabel(category.label('description')).fill('Typed again after reloading')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await page.waitForURL(`**${path}`)
  await page.getByText('Typed again after reloading', { exact: true }).waitFor()
  expect(await other.get(path)).toMatchObject({
    name: `${name} renamed`,
    description: 'Typed again after reloading',
  })
  // The refused PUT logs its 412 as a failed resource load; nothing else may go wrong.
  expect(problems.filter((problem) => !/status of 412/.test(problem))).toEqual([])
})
