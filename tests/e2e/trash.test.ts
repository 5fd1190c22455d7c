// The trash (issue 30) in a real Chromium against the real server, at 1280 and 375 px, axe clean:
// a delete undone from its toast; a delete, then the list's Trash link and Restore on the row;
// bulk restore of ticked rows, a category whose parent is still in the trash refused with the
// server's reason and then brought back with it; Delete for good as an administrator.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiDelete, apiPost, apiProvider, apiStatus, apiToken, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { animationsDone, launchBrowser, openSignedInPage, screenshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each([
  [1280, 800],
  [375, 812],
])('the trash at %i px', (width, height) => {
  let page: Page
  let problems: string[]
  const tag = unique(`T${width}`).replace(' ', '')
  let providerId: number
  const product = (name: string) =>
    apiPost('/products', {
      name: `${name} ${tag}`,
      description: 'Seeded for the trash journeys.',
      pricing: 'Fixed',
      price: 2500,
      serviceProviderId: providerId,
    })

  beforeAll(async () => {
    ;({ id: providerId } = await apiProvider(tag, { firstName: 'Kemi', lastName: 'Trash' }))
    ;({ page, problems } = await openSignedInPage(browser, { width, height }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  const dialog = () => page.getByRole('alertdialog', { name: 'Are you sure?' })
  /** The newest toast showing `text`. */
  const toast = (text: string) =>
    page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).last()
  const row = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name })

  async function deleteFromPage(id: number, name: string) {
    await page.goto(`/products/${id}`)
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await page.getByRole('button', { name: 'Delete' }).click()
    await dialog()
      .getByText('This will move the product to the trash, where it can be restored.')
      .waitFor()
    await dialog().getByRole('button', { name: 'Delete' }).click()
    await page.waitForURL('**/products')
  }

  it('undoes a delete from its toast', async () => {
    const { id } = await product('Jollof')
    await deleteFromPage(id, `Jollof ${tag}`)
    const deleted = toast('Product deleted successfully!')
    await deleted.getByRole('button', { name: 'Undo' }).waitFor()
    // The pointer on the toast holds it open (its timer pauses) while the page is checked.
    await deleted.hover()
    await animationsDone(page)
    await screenshot(page, `trash-undo-toast-${width}`)
    expect(await seriousViolations(page)).toEqual([])
    expect(await apiStatus(`/products/${id}`)).toBe(404)

    await deleted.getByRole('button', { name: 'Undo' }).click()
    await toast('Product restored successfully!').waitFor()
    expect(await apiStatus(`/products/${id}`)).toBe(200)
    // The list it was deleted from shows it again.
    await page.getByRole('article', { name: `Jollof ${tag}` }).waitFor()
    expect(problems).toEqual([])
  })

  it('restores from the trash page, reached from the list', async () => {
    const { id } = await product('Suya')
    await deleteFromPage(id, `Suya ${tag}`)
    await page.getByRole('link', { name: 'Trash' }).click()
    await page.waitForURL('**/products/trash')
    await page.getByRole('heading', { level: 1, name: 'Products in the Trash' }).waitFor()
    const table = page.getByRole('table', { name: 'Products in the Trash' })
    const suya = row(table, `Suya ${tag}`)
    await suya.getByText('admin', { exact: true }).waitFor()
    await animationsDone(page)
    await screenshot(page, `trash-page-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    await suya.getByRole('button', { name: 'Restore' }).click()
    await toast('Product restored successfully!').waitFor()
    await expect.poll(() => suya.count()).toBe(0)
    await page.goto(`/products/${id}`)
    await page.getByRole('heading', { level: 1, name: `Suya ${tag}` }).waitFor()
    expect(problems).toEqual([])
  })

  it('restores ticked rows; a category whose parent is in the trash is refused, with why', async () => {
    const ids = [(await product('Zobo')).id, (await product('Kunu')).id, (await product('Fura')).id]
    for (const id of ids) await apiDelete(`/products/${id}`)
    await page.goto('/products/trash')
    const products = page.getByRole('table', { name: 'Products in the Trash' })
    await products.getByRole('checkbox', { name: `Select Zobo ${tag}` }).check()
    await products.getByRole('checkbox', { name: `Select Fura ${tag}` }).check()
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByText('2 products selected').waitFor()
    await bar.getByRole('button', { name: 'Restore' }).click()
    await toast('2 products restored').waitFor()
    await expect.poll(() => row(products, `Zobo ${tag}`).count()).toBe(0)
    await row(products, `Kunu ${tag}`).waitFor()

    const parent = await apiPost('/product-categories', {
      name: `Drinks ${tag}`,
      description: 'Parent',
      parentCategoryId: null,
    })
    const child = await apiPost('/product-categories', {
      name: `Juices ${tag}`,
      description: 'Child',
      parentCategoryId: parent.id,
    })
    await apiDelete(`/product-categories/${child.id}`)
    await apiDelete(`/product-categories/${parent.id}`)
    await page.goto('/product-categories/trash')
    const categories = page.getByRole('table', { name: 'Product Categories in the Trash' })
    await categories.getByRole('checkbox', { name: `Select Juices ${tag}` }).check()
    await bar.getByRole('button', { name: 'Restore' }).click()
    const refused = toast(
      `0 product categories restored; 1 refused: Its parent category "Drinks ${tag}" is in the trash: restore it first (#${child.id})`,
    )
    await refused.waitFor()
    await animationsDone(page)
    await screenshot(page, `trash-bulk-refused-${width}`)
    expect(await seriousViolations(page)).toEqual([])

    // Chosen together, the child comes back once its parent has.
    await categories.getByRole('checkbox', { name: `Select Juices ${tag}` }).check()
    await categories.getByRole('checkbox', { name: `Select Drinks ${tag}` }).check()
    await bar.getByRole('button', { name: 'Restore' }).click()
    await toast('2 product categories restored').waitFor()
    expect(await apiStatus(`/product-categories/${child.id}`)).toBe(200)
    expect(problems).toEqual([])
  })

  it('deletes for good as an administrator, after the confirm dialog', async () => {
    const { id } = await product('Moi moi')
    await apiDelete(`/products/${id}`)
    await page.goto('/products/trash')
    const table = page.getByRole('table', { name: 'Products in the Trash' })
    const moimoi = row(table, `Moi moi ${tag}`)
    await moimoi.getByRole('button', { name: 'Delete for good' }).click()
    await dialog()
      .getByText('This action cannot be undone. This will permanently delete the product.')
      .waitFor()
    await animationsDone(page)
    await screenshot(page, `trash-purge-confirm-${width}`)
    expect(await seriousViolations(page)).toEqual([])
    await dialog().getByRole('button', { name: 'Delete for good' }).click()
    await toast('Product deleted for good.').waitFor()
    await expect.poll(() => moimoi.count()).toBe(0)
    // Gone for good: nothing left to restore.
    const restore = await fetch(`${inject('baseUrl')}/api/products/${id}/restore`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await apiToken()}` },
    })
    expect(restore.status).toBe(404)
    expect(problems).toEqual([])
  })
})
