// Undo after a delete (issue 30): a record deleted from its page, or records deleted in bulk,
// go to the trash, so the success toast offers Undo beside Dismiss; Undo restores them (one
// restore, or one bulk restore of exactly the deleted ids) and says so, or says why not. What is
// deleted for good (a product image) offers no Undo.
import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { buildTrashed, type TrashFixture, trashHandlers } from './factories/trash'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'
import { findToast } from './support/toasts'

const h1 = (name: string) => screen.findByRole('heading', { name, level: 1 }, { timeout: 15_000 })

/** The products' trash, holding what the test deletes (as the server would after the DELETE). */
function productsDeletedInto(trash: TrashFixture) {
  server.use(
    http.delete(apiUrl('/products/:id'), () => new HttpResponse(null, { status: 204 })),
    ...trashHandlers('/products', trash),
  )
  return trash
}

async function deleteFromPage(path: string, heading: string) {
  const view = renderApp(path, { signedIn: true })
  await h1(heading)
  await view.user.click(screen.getByRole('button', { name: 'Delete' }))
  const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
  expect(dialog).toHaveTextContent(
    'This will move the product to the trash, where it can be restored.',
  )
  await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }))
  return view
}

// Each test opens the app, then a second screen: slow on a busy machine.
describe('Undo after a delete from a detail page', { timeout: 45_000 }, () => {
  it('restores the record and says so', async () => {
    const trash = productsDeletedInto({
      records: [buildTrashed({ id: 5, name: 'Deep Home Clean' })],
    })
    const { user, router } = await deleteFromPage('/products/5', 'Deep Home Clean')
    // The list renders slowly in jsdom on a busy machine: wait for it before the toast.
    await h1('Products')
    const toast = await findToast('Success', 'Product deleted successfully!')
    expect(currentPath(router)).toBe('/products')
    expect(trash.calls).toEqual([])

    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    await findToast('Success', 'Product restored successfully!')
    expect(trash.calls).toEqual(['POST /products/5/restore'])
    expect(trash.records).toEqual([])
  })

  it('says why the record cannot come back (409)', async () => {
    const reason = 'Service provider #9 is in the trash: restore it first'
    productsDeletedInto({
      records: [buildTrashed({ id: 5, name: 'Deep Home Clean' })],
      refusals: { 5: reason },
    })
    const { user } = await deleteFromPage('/products/5', 'Deep Home Clean')
    await h1('Products')
    const toast = await findToast('Success', 'Product deleted successfully!')
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    await findToast('Error', reason)
  })
})

describe('Undo after a bulk delete', { timeout: 45_000 }, () => {
  it('restores exactly the records deleted, not the refused', async () => {
    const bulk: unknown[] = []
    const trash: TrashFixture = {
      records: [buildTrashed({ id: 5, name: 'Deep Home Clean' })],
    }
    server.use(
      http.post(apiUrl('/products/bulk'), async ({ request }) => {
        bulk.push(await request.json())
        return HttpResponse.json({
          done: [5],
          refused: [{ id: 7, detail: 'Product is locked' }],
        })
      }),
      ...trashHandlers('/products', trash),
    )
    window.localStorage.setItem('list-view:products', 'table')
    const { user } = renderApp('/products', { signedIn: true })
    const table = await screen.findByRole('table', { name: 'Products' }, { timeout: 15_000 })
    await user.click(within(table).getByRole('checkbox', { name: 'Select Deep Home Clean' }))
    await user.click(within(table).getByRole('checkbox', { name: 'Select Pipe Repair' }))
    const bar = screen.getByRole('region', { name: 'Bulk actions' })
    await user.click(within(bar).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent(
      'This will move 2 products to the trash, where they can be restored.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    const toast = await findToast(
      'Warning',
      '1 product deleted; 1 refused: Product is locked ("Pipe Repair")',
    )
    expect(bulk).toEqual([{ action: 'delete', ids: [5, 7] }])
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    await findToast('Success', '1 product restored')
    expect(trash.calls).toEqual(['POST /products/trash/bulk restore 5'])
  })

  it('offers no Undo for product images, which are deleted for good', async () => {
    server.use(
      http.post(apiUrl('/products/5/images/bulk'), async ({ request }) => {
        const body = (await request.json()) as { ids: number[] }
        return HttpResponse.json({ done: body.ids, refused: [] })
      }),
    )
    window.localStorage.setItem('list-view:product-images', 'table')
    const { user } = renderApp('/products/5/images', { signedIn: true })
    const table = await screen.findByRole('table', { name: 'Product images' }, { timeout: 15_000 })
    await user.click(within(table).getByRole('checkbox', { name: 'Select Kitchen' }))
    const bar = screen.getByRole('region', { name: 'Bulk actions' })
    await user.click(within(bar).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent(
      'This action cannot be undone. This will permanently delete 1 product image.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const toast = await findToast('Success', '1 product image deleted')
    expect(within(toast).queryByRole('button', { name: 'Undo' })).toBeNull()
  })
})
