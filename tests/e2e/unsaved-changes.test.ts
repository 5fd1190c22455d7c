// Issue 14 point 5 in Chromium at 1280 and 375 px: a changed form asks before a link leaves it
// (Keep editing stays, Discard leaves), the browser asks before a reload or a closing tab, and a
// saved or untouched form leaves without asking.
import type { Browser, Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { apiPost, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

const category = schemaFields('service-provider-category')
const tag = unique('unsaved').replace(' ', '')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const signedInPage = (width: number) => openSignedInPage(browser, { width })

/** A fresh category's edit screen, its Name field changed to `typed` when given. */
async function openEdit(page: Page, typed?: string) {
  const { id } = await apiPost('/service-provider-categories', {
    name: `Tiling ${tag}`,
    description: 'Floors and walls',
    parentId: null,
  })
  await page.goto(`/service-provider-categories/${id}/edit`)
  const name = page.getByLabel(category.label('name'))
  await expect.poll(() => name.inputValue()).toBe(`Tiling ${tag}`)
  if (typed !== undefined) await name.fill(typed)
  return { id, name, editPath: `/service-provider-categories/${id}/edit` }
}

/** Every dialog the browser opens (beforeunload above all), answered by `answer`. */
function watchDialogs(page: Page, answer: (dialog: Dialog) => Promise<void>) {
  const seen: string[] = []
  const handler = async (dialog: Dialog) => {
    seen.push(dialog.type())
    await answer(dialog)
  }
  page.on('dialog', handler)
  return { seen, stop: () => page.off('dialog', handler) }
}

describe.each([1280, 375])('unsaved changes at %i px', (width) => {
  it('a changed form asks before a link leaves: Keep editing stays, Discard leaves', async () => {
    const { page, problems } = await signedInPage(width)
    const { id, name, editPath } = await openEdit(page, `Tiling and grouting ${tag}`)
    await page.getByRole('link', { name: 'Cancel' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await dialog.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `unsaved-changes-dialog-${width}`)

    await dialog.getByRole('button', { name: 'Keep editing' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(editPath)
    expect(await name.inputValue()).toBe(`Tiling and grouting ${tag}`)

    await page.getByRole('link', { name: 'Cancel' }).click()
    await dialog.getByRole('button', { name: 'Discard' }).click()
    await page.waitForURL(`**/service-provider-categories/${id}`)
    await page.getByRole('heading', { level: 1, name: `Tiling ${tag}` }).waitFor()
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('reloading or closing a changed tab asks the browser first; an untouched one does not', async () => {
    const { page, problems } = await signedInPage(width)
    const { name } = await openEdit(page)
    const clean = watchDialogs(page, (dialog) => dialog.accept())
    await page.reload()
    await expect.poll(() => name.inputValue()).toBe(`Tiling ${tag}`)
    clean.stop()
    expect(clean.seen).toEqual([])

    await name.fill(`Tiling and grouting ${tag}`)
    // Accepted: the reload goes ahead and the unsaved text is gone.
    const reload = watchDialogs(page, (dialog) => dialog.accept())
    await page.reload()
    await expect.poll(() => name.inputValue()).toBe(`Tiling ${tag}`)
    reload.stop()
    expect(reload.seen).toEqual(['beforeunload'])

    await name.fill(`Tiling and grouting ${tag}`)
    // Dismissed: the tab stays open with the changes; accepted: it closes.
    const close = watchDialogs(page, (dialog) => dialog.dismiss())
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => close.seen).toEqual(['beforeunload'])
    expect(page.isClosed()).toBe(false)
    expect(await name.inputValue()).toBe(`Tiling and grouting ${tag}`)
    close.stop()
    const closed = new Promise((resolve) => page.once('close', resolve))
    watchDialogs(page, (dialog) => dialog.accept())
    await page.close({ runBeforeUnload: true })
    await closed
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('a saved form leaves for its record without asking', async () => {
    const { page, problems } = await signedInPage(width)
    const { id } = await openEdit(page, `Tiling and grouting ${tag}`)
    const dialogs = watchDialogs(page, (dialog) => dialog.dismiss())
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.waitForURL(`**/service-provider-categories/${id}`)
    await page.getByRole('heading', { level: 1, name: `Tiling and grouting ${tag}` }).waitFor()
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: `Tiling and grouting ${tag}` }).waitFor()
    expect(dialogs.seen).toEqual([])
    expect(problems).toEqual([])
    await page.context().close()
  })
})
