// The Import CSV dialog of the lists (issue 29), driven through the products list and a
// provider's products: a chosen file is checked first (a dry run: the counts and the first rows
// with their status), refused rows are listed by row and column with their download, Import sends
// it again (skipping the refused rows), a toast gives the counts with Undo import; the template
// is the export's header row; a viewer has no Import CSV.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  BATCH_ID,
  buildImportAnswer,
  csvFile,
  serveExport,
  serveImport,
  serveUndo,
} from './factories/imports'
import { signedInAs } from './factories/operators'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'
import { findToast } from './support/toasts'

const CSV = [
  'ID,Name,Price (₦)',
  ',Garden Tidy,1500.00',
  '5,Deep Home Clean,"12,500.00"',
  '6,Office Clean,9000.00',
].join('\r\n')

const REFUSED = buildImportAnswer({
  updated: 0,
  errors: [{ row: 3, column: 'Price (₦)', detail: 'price must be >= 0' }],
  rows: [
    { row: 2, status: 'create', id: null, name: 'Garden Tidy' },
    { row: 3, status: 'error', id: 5, name: 'Deep Home Clean' },
    { row: 4, status: 'unchanged', id: 6, name: 'Office Clean' },
  ],
})

let saved: { file: string; blob: Blob }[]

beforeEach(() => {
  saved = []
  const blobs = new Map<string, Blob>()
  // jsdom cannot save a download: record what would be saved (pictures are object URLs too).
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:saved-${blobs.size + 1}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href)
    if (this.download && blob) saved.push({ file: this.download, blob })
  })
})
afterEach(() => vi.restoreAllMocks())

const text = async (blob: Blob) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())

/** Opens the products list's import dialog. */
async function openDialog(path = '/products') {
  const view = renderApp(path, { signedIn: true })
  // The first screen of a file loads the shell, /api/me and the page's code: slow when busy.
  const button = await screen.findByRole('button', { name: 'Import CSV' }, { timeout: 15_000 })
  await view.user.click(button)
  // The dialog's code loads on the first press.
  const dialog = await screen.findByRole('dialog', { name: 'Import CSV' }, { timeout: 15_000 })
  return { ...view, dialog }
}

async function chooseFile(
  dialog: HTMLElement,
  user: ReturnType<typeof renderApp>['user'],
  f = csvFile(CSV),
) {
  await user.upload(within(dialog).getByLabelText(/Choose (a CSV|another) file/), f)
}

describe('Import CSV: the check', () => {
  it('checks the chosen file as a dry run and previews the counts and the first rows', async () => {
    const imports = serveImport('/products', { check: buildImportAnswer() })
    server.use(imports.handler)
    const { dialog, user } = await openDialog()
    expect(within(dialog).getByRole('button', { name: 'Download template' })).toBeInTheDocument()
    await chooseFile(dialog, user)

    const rows = await within(dialog).findByRole('table', { name: 'The first 3 rows' })
    expect(imports.requests).toEqual([
      { dryRun: true, skipInvalid: false, contentType: 'text/csv', text: CSV },
    ])
    const counts = Object.fromEntries(
      within(dialog)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(counts).toEqual({ Create: '1', Update: '1', Unchanged: '1', Error: '0' })
    expect(
      within(rows)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2', 'Create', '', 'Garden Tidy'],
      ['3', 'Update', '5', 'Deep Home Clean'],
      ['4', 'Unchanged', '6', 'Office Clean'],
    ])
    expect(within(dialog).getByText('products.csv')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeEnabled()
  })

  it('lists refused rows by row and column and downloads them with an Error column', async () => {
    const imports = serveImport('/products', { check: REFUSED })
    server.use(imports.handler)
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)

    const errors = await within(dialog).findByRole('table', { name: '1 row refused' })
    expect(
      within(errors)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([['3', 'Price (₦)', 'price must be >= 0']])
    expect(
      within(within(dialog).getByRole('table', { name: 'The first 3 rows' })).getByText('Error'),
    ).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Download failing rows' }))
    await waitFor(() => expect(saved.map((s) => s.file)).toEqual(['products-errors.csv']))
    expect(await text((saved[0] as { blob: Blob }).blob)).toBe(
      '\uFEFFID,Name,Price (₦),Error\r\n5,Deep Home Clean,"12,500.00",Price (₦): price must be >= 0\r\n',
    )
    // Import writes the valid rows and skips the refused one.
    expect(within(dialog).getByRole('button', { name: 'Import 1 row, skip 1' })).toBeEnabled()
  })

  it('a file that changes nothing cannot be imported', async () => {
    const unchanged = buildImportAnswer({ created: 0, updated: 0, unchanged: 3 })
    server.use(serveImport('/products', { check: unchanged }).handler)
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)
    expect(
      await within(dialog).findByText('Nothing to import: no row creates or changes a record.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Import 0 rows' })).toBeDisabled()
  })

  it('shows the file going up and can cancel the check; Try again checks it again', async () => {
    let answer: (reply: Response) => void = () => {}
    const held = new Promise<Response>((resolve) => {
      answer = resolve
    })
    const imports = serveImport('/products', { check: held })
    server.use(imports.handler)
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)
    const progress = await within(dialog).findByRole('progressbar')
    expect(within(dialog).getByText(/^Sending the file… 0 B of \d+ B$/)).toBeInTheDocument()
    expect(progress).toHaveAttribute('aria-valuenow', '0')

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(
      await within(dialog).findByText('Import cancelled: nothing was imported.'),
    ).toBeInTheDocument()
    answer(HttpResponse.json(buildImportAnswer()))

    server.use(serveImport('/products', { check: buildImportAnswer() }).handler)
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('button', { name: 'Import 2 rows' })).toBeEnabled()
  })

  it('a file the server refuses as a whole shows its detail', async () => {
    const refused = HttpResponse.json(
      { detail: 'Unknown column "Colour": the columns are ID, Name' },
      { status: 400 },
    )
    server.use(serveImport('/products', { check: refused }).handler)
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)
    expect(
      await within(dialog).findByText('Unknown column "Colour": the columns are ID, Name'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('Download template saves the export’s header row alone', async () => {
    server.use(
      serveExport(
        '/products',
        'ID,Name,"Price (₦)",Created\r\n5,Deep Home Clean,12500.00,2026-11-25\r\n',
        'products-2026-11-27.csv',
      ),
    )
    const { dialog, user } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Download template' }))
    await waitFor(() => expect(saved.map((s) => s.file)).toEqual(['products-template.csv']))
    expect(await text((saved[0] as { blob: Blob }).blob)).toBe(
      '\uFEFFID,Name,Price (₦),Created\r\n',
    )
  })
})

describe('Import CSV: the import and its undo', () => {
  it('imports the checked file, reloads the list and offers Undo import', async () => {
    const imports = serveImport('/products', {
      check: buildImportAnswer(),
      run: buildImportAnswer({ batchId: BATCH_ID }),
    })
    const undo = serveUndo({ deleted: 1, reverted: 1 })
    let listLoads = 0
    server.use(
      imports.handler,
      undo.handler,
      http.get(apiUrl('/products'), () => {
        listLoads += 1
        return undefined
      }),
    )
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)
    const importButton = await within(dialog).findByRole('button', { name: 'Import 2 rows' })
    const loadsBefore = listLoads
    await user.click(importButton)

    const toast = await findToast('Success', 'Import done: 1 created, 1 updated, 1 unchanged')
    expect(imports.requests.map(({ dryRun, skipInvalid }) => ({ dryRun, skipInvalid }))).toEqual([
      { dryRun: true, skipInvalid: false },
      { dryRun: false, skipInvalid: false },
    ])
    expect(imports.requests[1]?.text).toBe(CSV)
    expect(
      within(dialog).getByText('Import done: 1 created, 1 updated, 1 unchanged'),
    ).toBeInTheDocument()
    // The list behind the dialog reloads, after the import and after its undo.
    await waitFor(() => expect(listLoads).toBeGreaterThan(loadsBefore))
    const loadsAfterImport = listLoads

    await user.click(within(toast).getByRole('button', { name: 'Undo import' }))
    await findToast('Success', 'Import undone: 1 record deleted, 1 put back')
    expect(undo.batches).toEqual([BATCH_ID])
    await waitFor(() => expect(listLoads).toBeGreaterThan(loadsAfterImport))
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('skips the refused rows when told to, and an undo refused names the records changed since', async () => {
    const detail = 'Nothing was undone: 1 record has changed since the import (ids 5)'
    const imports = serveImport('/products', {
      check: REFUSED,
      run: { ...REFUSED, batchId: BATCH_ID },
    })
    server.use(imports.handler, serveUndo({ status: 409, detail }).handler)
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)
    await user.click(await within(dialog).findByRole('button', { name: 'Import 1 row, skip 1' }))

    const toast = await findToast(
      'Success',
      'Import done: 1 created, 0 updated, 1 unchanged; 1 row skipped',
    )
    expect(imports.requests.at(-1)).toMatchObject({ dryRun: false, skipInvalid: true })
    // The skipped rows can still be downloaded from the dialog.
    expect(
      within(dialog).getByRole('button', { name: 'Download failing rows' }),
    ).toBeInTheDocument()
    await user.click(within(toast).getByRole('button', { name: 'Undo import' }))
    await findToast('Error', detail)
  })

  it('an import refused since its check goes back to its errors, writing nothing', async () => {
    const imports = serveImport('/products', { check: buildImportAnswer(), run: REFUSED })
    server.use(imports.handler)
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 rows' }))
    await findToast(
      'Warning',
      'Nothing was imported: some rows no longer pass the checks. See the errors.',
    )
    expect(await within(dialog).findByRole('table', { name: '1 row refused' })).toBeInTheDocument()
  })

  it('another import of the list running: the server’s detail, nothing imported', async () => {
    const busy = HttpResponse.json(
      { detail: 'Another import of this list is running: try again when it ends' },
      { status: 409 },
    )
    server.use(serveImport('/products', { check: buildImportAnswer(), run: busy }).handler)
    const { dialog, user } = await openDialog()
    await chooseFile(dialog, user)
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 rows' }))
    expect(
      await within(dialog).findByText(
        'Another import of this list is running: try again when it ends',
      ),
    ).toBeInTheDocument()
  })

  it('a provider’s products import under the provider', async () => {
    const imports = serveImport('/service-providers/9/products', { check: buildImportAnswer() })
    server.use(imports.handler)
    const { dialog, user } = await openDialog('/service-providers/9/products')
    await chooseFile(dialog, user)
    expect(await within(dialog).findByRole('button', { name: 'Import 2 rows' })).toBeEnabled()
    expect(imports.requests).toHaveLength(1)
  })
})

describe('Import CSV: roles', () => {
  it('a viewer has no Import CSV on a provider’s products (Export CSV stays)', async () => {
    server.use(signedInAs('viewer'))
    renderApp('/service-providers/9/products', { signedIn: true })
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull()
  })

  it('an editor has it', async () => {
    server.use(signedInAs('editor'))
    renderApp('/products', { signedIn: true })
    expect(await screen.findByRole('button', { name: 'Import CSV' })).toBeInTheDocument()
  })
})
