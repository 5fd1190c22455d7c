// The trash of every list (issue 30, decision 022), as operators use it: reached from the list's
// toolbar, deleted records with when and by whom, paged; Restore on a row (a refusal says why),
// Restore for ticked rows (the refused counted with their reasons), Delete for good for an
// administrator only, after the confirm dialog; a viewer sees the records and no controls.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { timeText } from '../../src/lib/history'
import { signedInAs } from './factories/operators'
import { buildTrashed, type TrashFixture, trashHandlers } from './factories/trash'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'
import { findToast } from './support/toasts'

// The first screen of a test loads the shell, /api/me and the page's code: slow on a busy machine.
const h1 = (name: string) => screen.findByRole('heading', { name, level: 1 }, { timeout: 15_000 })

/** Jollof Rice (5) deleted by admin, Suya Platter (7) and Zobo Drink (8) by tunde. */
function productTrash(overrides: Partial<TrashFixture> = {}): TrashFixture {
  const trash: TrashFixture = {
    records: [
      buildTrashed({ id: 5, name: 'Jollof Rice' }),
      buildTrashed(
        { id: 7, name: 'Suya Platter' },
        { deletedAt: '2026-11-25T18:00:00.000Z', deletedBy: { id: 2, username: 'tunde' } },
      ),
      buildTrashed({ id: 8, name: 'Zobo Drink' }, { deletedBy: { id: 4, username: null } }),
    ],
    ...overrides,
  }
  server.use(...trashHandlers('/products', trash))
  return trash
}

async function openProductTrash() {
  const view = renderApp('/products/trash', { signedIn: true })
  await h1('Products in the Trash')
  const table = await screen.findByRole('table', { name: 'Products in the Trash' })
  return { ...view, table }
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByText(name).closest('tr') as HTMLElement

// Each test opens the app, then a second screen: slow on a busy machine.
describe('the trash page', { timeout: 45_000 }, () => {
  it('is reached from the list toolbar and lists what was deleted, when and by whom', async () => {
    productTrash()
    const { user, router } = renderApp('/products', { signedIn: true })
    await h1('Products')
    await user.click(screen.getByRole('link', { name: 'Trash' }))
    await h1('Products in the Trash')
    expect(currentPath(router)).toBe('/products/trash')
    const table = await screen.findByRole('table', { name: 'Products in the Trash' })

    const jollof = rowOf(table, 'Jollof Rice')
    expect(within(jollof).getByText(timeText('2026-11-26T09:30:00.000Z'))).toHaveAttribute(
      'datetime',
      '2026-11-26T09:30:00.000Z',
    )
    expect(within(jollof).getByText('admin')).toBeInTheDocument()
    expect(within(rowOf(table, 'Suya Platter')).getByText('tunde')).toBeInTheDocument()
    // An operator removed since is named by id.
    expect(within(rowOf(table, 'Zobo Drink')).getByText('Operator 4')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument()
    // The breadcrumbs lead back to the list.
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/products',
    )
  })

  it.each([
    [
      '/service-provider-categories',
      'Service Provider Categories',
      { name: 'Cleaning' },
      'Cleaning',
    ],
    ['/product-categories', 'Product Categories', { name: 'Kitchen' }, 'Kitchen'],
    [
      '/service-providers',
      'Service Providers',
      { firstName: 'Ada', lastName: 'Obi', brandName: 'Sparkle Cleaners' },
      'Ada Obi (Sparkle Cleaners)',
    ],
  ])(
    'serves %s the same way, each record named as its list names it',
    async (path, title, fields, name) => {
      server.use(...trashHandlers(path, { records: [buildTrashed({ id: 3, ...fields })] }))
      renderApp(`${path}/trash`, { signedIn: true })
      await h1(`${title} in the Trash`)
      const table = await screen.findByRole('table', { name: `${title} in the Trash` })
      expect(within(rowOf(table, name)).getByRole('button', { name: /Restore/ })).toBeVisible()
    },
  )

  it('says so when the trash is empty', async () => {
    renderApp('/service-providers/trash', { signedIn: true })
    await h1('Service Providers in the Trash')
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument()
  })

  it('pages like the lists, the page in the URL', async () => {
    const records = Array.from({ length: 12 }, (_, i) =>
      buildTrashed({ id: i + 1, name: `Product ${i + 1}` }),
    )
    server.use(...trashHandlers('/products', { records }))
    const { user, router } = renderApp('/products/trash?pageSize=10', { signedIn: true })
    await screen.findByText('Showing 1–10 of 12', undefined, { timeout: 15_000 })
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await screen.findByText('Showing 11–12 of 12')
    expect(screen.getByRole('cell', { name: 'Product 12' })).toBeInTheDocument()
    expect(router.state.location.search).toContain('page=2')
  })

  it('restores a row: the record leaves the trash and the toast says so', async () => {
    const trash = productTrash()
    const { user, table } = await openProductTrash()
    await user.click(within(rowOf(table, 'Jollof Rice')).getByRole('button', { name: /Restore/ }))
    await findToast('Success', 'Product restored successfully!')
    await waitFor(() => expect(within(table).queryByText('Jollof Rice')).toBeNull())
    expect(trash.calls).toEqual(['POST /products/5/restore'])
  })

  it('shows why a record cannot be restored (409) and keeps it in the trash', async () => {
    const reason = 'Service provider #9 is in the trash: restore it first'
    const trash = productTrash({ refusals: { 7: reason } })
    const { user, table } = await openProductTrash()
    await user.click(within(rowOf(table, 'Suya Platter')).getByRole('button', { name: /Restore/ }))
    await findToast('Error', reason)
    expect(within(table).getByText('Suya Platter')).toBeInTheDocument()
    expect(trash.calls).toEqual(['POST /products/7/restore'])
  })

  it('restores ticked rows in one request, counting the refused with their reasons', async () => {
    const trash = productTrash({ refusals: { 8: 'Service provider #10 is gone' } })
    const { user, table } = await openProductTrash()
    await user.click(within(table).getByRole('checkbox', { name: 'Select Jollof Rice' }))
    await user.click(within(table).getByRole('checkbox', { name: 'Select Zobo Drink' }))
    const bar = screen.getByRole('region', { name: 'Bulk actions' })
    expect(within(bar).getByRole('status')).toHaveTextContent('2 products selected')
    await user.click(within(bar).getByRole('button', { name: 'Restore' }))
    await findToast('Warning', '1 product restored; 1 refused: Service provider #10 is gone (#8)')
    expect(trash.calls).toEqual(['POST /products/trash/bulk restore 5,8'])
    await waitFor(() => expect(within(table).queryByText('Jollof Rice')).toBeNull())
    expect(within(table).getByText('Zobo Drink')).toBeInTheDocument()
  })

  it('deletes for good as an administrator, after the confirm dialog', async () => {
    const trash = productTrash()
    const { user, table } = await openProductTrash()
    await user.click(
      within(rowOf(table, 'Jollof Rice')).getByRole('button', { name: /Delete for good/ }),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent(
      'This action cannot be undone. This will permanently delete the product.',
    )
    expect(trash.calls).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }))
    await findToast('Success', 'Product deleted for good.')
    expect(trash.calls).toEqual(['DELETE /products/trash/5'])
    await waitFor(() => expect(within(table).queryByText('Jollof Rice')).toBeNull())
  })

  it('offers an editor Restore but not Delete for good', async () => {
    server.use(signedInAs('editor'))
    productTrash()
    const { table } = await openProductTrash()
    const row = rowOf(table, 'Jollof Rice')
    expect(within(row).getByRole('button', { name: /Restore/ })).toBeVisible()
    expect(within(row).getByRole('checkbox', { name: 'Select Jollof Rice' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /Delete for good/ })).toBeNull()
  })

  it('shows a viewer the deleted records without any control', async () => {
    server.use(signedInAs('viewer'))
    productTrash()
    const { table } = await openProductTrash()
    expect(within(table).getByText('Jollof Rice')).toBeInTheDocument()
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0)
    expect(screen.queryByRole('button', { name: /Restore|Delete for good/ })).toBeNull()
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull()
  })
})
