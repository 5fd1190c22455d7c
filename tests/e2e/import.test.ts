// CSV import (issue 29) in a real Chromium against the real server, at 1280 and 375 px: export
// a provider's products, import the file unchanged (all unchanged, nothing to import), import it
// edited with a bad price (refused, named by row and column), fix it and import, then undo the
// import from its toast; the template is the export's header row. Axe clean throughout.
import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A provider with products `${tag} P1` … P3, priced 1000, 2000, 3000. */
async function seed(tag: string) {
  const { id: providerId } = await apiProvider(tag.toLowerCase())
  for (let n = 1; n <= 3; n += 1) {
    await apiPost('/products', {
      name: `${tag} P${n}`,
      description: 'A product for the import journeys.',
      pricing: 'Fixed',
      price: 1000 * n,
      estimatedDeliveryDays: 2,
      enabled: true,
      productCategoryIds: [],
      serviceProviderId: providerId,
    })
  }
}

/** The rows of the table named `name`, as the text of their cells. */
async function cells(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tbody tr').all()
  return Promise.all(rows.map((row) => row.locator('td').allInnerTexts()))
}

describe.each([
  [1280, 800],
  [375, 812],
])('import at %i px', (width, height) => {
  let page: Page
  let problems: string[]
  const tag = unique(`I${width}`).replace(' ', '')
  /** The export: its header and rows (P1, P2, P3 by name). */
  let header: string[]
  let rows: string[][]

  beforeAll(async () => {
    await seed(tag)
    ;({ page, problems } = await openSignedInPage(browser, { width, height }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  const dialog = () => page.getByRole('dialog', { name: 'Import CSV' })
  const csvFile = (records: string[][]) => ({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify(records, { bom: true, record_delimiter: 'windows' })),
  })
  const column = (title: string) => header.indexOf(title)
  const count = (label: string) =>
    dialog().locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')

  it('exports the list and imports the file unchanged: all unchanged, nothing to import', async () => {
    await page.goto(`/products?name=${tag}&sort=name&order=asc`)
    await page.getByText(`${tag} P3`).first().waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    ;[header, ...rows] = parse(await readFile(await download.path(), 'utf8'), {
      bom: true,
    }) as string[][]
    expect(rows.map((row) => row[column('Name')])).toEqual([`${tag} P1`, `${tag} P2`, `${tag} P3`])

    await page.getByRole('button', { name: 'Import CSV' }).click()
    await dialog()
      .getByText('Choose a CSV file in the export’s format.', { exact: false })
      .waitFor()
    // The template is the export's header row.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog().getByRole('button', { name: 'Download template' }).click(),
    ])
    expect(template.suggestedFilename()).toBe('products-template.csv')
    expect(parse(await readFile(await template.path(), 'utf8'), { bom: true })).toEqual([header])
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `import-choose-${width}`)

    await dialog()
      .getByLabel('Choose a CSV file')
      .setInputFiles(csvFile([header, ...rows]))
    await dialog().getByText('Nothing to import: no row creates or changes a record.').waitFor()
    expect(await count('Unchanged').innerText()).toBe('3')
    expect(await dialog().getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true)
    const first = dialog().getByRole('table', { name: 'The first 3 rows' })
    expect((await cells(first)).map((row) => row[1])).toEqual([
      'Unchanged',
      'Unchanged',
      'Unchanged',
    ])
    expect(problems).toEqual([])
  })

  it('an edited file with a bad price is refused by row and column; fixed, it imports', async () => {
    const edited = (price: string) => {
      const [p1, p2, p3] = rows.map((row) => [...row])
      p1[column('Name')] = `${tag} P1 renamed`
      p2[column('Price (₦)')] = price
      const p4 = [...p3]
      for (const title of ['ID', 'Rating', 'Number of Ratings', 'Created', 'Updated']) {
        p4[column(title)] = ''
      }
      p4[column('Name')] = `${tag} P4`
      return csvFile([header, p1, p2, p3, p4])
    }
    await dialog().getByLabel('Choose another file').setInputFiles(edited('-5'))
    const errors = dialog().getByRole('table', { name: '1 row refused' })
    await errors.waitFor()
    const [error] = await cells(errors)
    expect(error?.slice(0, 2)).toEqual(['3', 'Price (₦)'])
    expect(await count('Create').innerText()).toBe('1')
    expect(await count('Update').innerText()).toBe('1')
    expect(await count('Error').innerText()).toBe('1')
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `import-errors-${width}`)

    await dialog().getByLabel('Choose another file').setInputFiles(edited('2500'))
    await dialog().getByRole('button', { name: 'Import 3 rows' }).click()
    await page
      .getByText('Import done: 1 created, 2 updated, 1 unchanged', { exact: true })
      .first()
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `import-done-${width}`)
    await dialog().getByRole('button', { name: 'Close' }).click()
    await page.getByText(`${tag} P4`).first().waitFor()
    await page.getByText(`${tag} P1 renamed`).first().waitFor()
    expect(problems).toEqual([])
  })

  it('Undo import in the toast puts the list back', async () => {
    const toast = page.locator('[data-scope="toast"][data-part="root"]', {
      hasText: 'Import done',
    })
    await toast.getByRole('button', { name: 'Undo import' }).click()
    await page.getByText('Import undone: 1 record deleted, 2 put back').waitFor()
    await page.getByText(`${tag} P1`, { exact: true }).first().waitFor()
    await expect.poll(() => page.getByText(`${tag} P4`).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `import-undone-${width}`)
    expect(problems).toEqual([])
  })
})
