// Presence (issue 31, decision 025) in a real Chromium against the real server: two editors,
// each signed in in their own browser context. Bola opens the edit page Ada has open and reads
// "Also editing: <Ada>" (and Ada reads Bola's name); Ada leaves, by Cancel or by closing her
// tab, and Bola's notice goes at once rather than when Ada's heartbeats would have expired.
// At 1280 and 375 px, axe clean.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOperator, apiPost, type Credentials, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

let browser: Browser
let ada: Credentials
let bola: Credentials
beforeAll(async () => {
  browser = await launchBrowser()
  ada = await apiOperator('editor')
  bola = await apiOperator('editor')
})
afterAll(async () => {
  await browser?.close()
})

/** Well under the 20 s after which the server would count a silent editor gone. */
const AT_ONCE = { timeout: 10_000 }

async function aCategory() {
  const { id } = await apiPost('/product-categories', {
    name: unique('Upholstery'),
    description: 'Sofas and chairs',
    parentCategoryId: null,
  })
  return id
}

describe.each([
  [1280, 800],
  [375, 812],
])('presence at %i px', (width, height) => {
  it('an editor sees who else has the record open, until they leave', async () => {
    const id = await aCategory()
    const edit = `/product-categories/${id}/edit`
    const first = await openSignedInPage(browser, { operator: ada })
    const second = await openSignedInPage(browser, { width, height, operator: bola })

    await first.page.goto(edit)
    await first.page.getByRole('button', { name: 'Save Changes' }).waitFor()
    await second.page.goto(edit)
    const notice = second.page.getByRole('status').getByText(`Also editing: ${ada.username}`)
    await notice.waitFor()
    // Ada hears of Bola through her stream.
    await first.page.getByText(`Also editing: ${bola.username}`).waitFor(AT_ONCE)
    await screenshot(second.page, `presence-${width}`)
    expect(await seriousViolations(second.page)).toEqual([])

    await first.page.getByRole('link', { name: 'Cancel' }).click()
    await first.page.waitForURL(`**/product-categories/${id}`)
    await notice.waitFor({ state: 'detached', ...AT_ONCE })
    expect(first.problems).toEqual([])
    expect(second.problems).toEqual([])
    await first.page.context().close()
    await second.page.context().close()
  })
})

it('closing the tab says goodbye too', async () => {
  const id = await aCategory()
  const edit = `/product-categories/${id}/edit`
  const first = await openSignedInPage(browser, { operator: ada })
  const second = await openSignedInPage(browser, { operator: bola })
  await first.page.goto(edit)
  await first.page.getByRole('button', { name: 'Save Changes' }).waitFor()
  await second.page.goto(edit)
  const notice = second.page.getByText(`Also editing: ${ada.username}`)
  await notice.waitFor()

  // Between two heartbeats: one still on the way as the tab closes can reach the server after
  // the goodbye and bring Ada back (decision 025, consequences): likely what failed this test
  // once in CI's loaded run.
  await first.page.waitForResponse(
    (response) => response.url().endsWith('/presence') && response.request().method() === 'PUT',
  )
  // As a person closes it: the page's unload handlers run (`pagehide` sends the goodbye).
  await first.page.close({ runBeforeUnload: true })
  await notice.waitFor({ state: 'detached', ...AT_ONCE })
  expect(second.problems).toEqual([])
  await first.page.context().close()
  await second.page.context().close()
})
