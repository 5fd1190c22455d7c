// Bulk actions in the table view (decision 013), as an operator uses them: tick rows or a whole
// page, widen to "all N matching the filters", act, read the result toast; the selection goes
// when the filters change.
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Product } from '../../src/features/products/products-api'
import { productFixtures } from './factories/products'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'
import { findToast } from './support/toasts'

/** GET /products with `total` products (30 a page); each bulk call's body is recorded. */
function catalogue(
  total: number,
  answer: (body: Record<string, unknown>) => Record<string, unknown>,
  totalExact = true,
) {
  const calls: Array<Record<string, unknown>> = []
  server.use(
    http.get(apiUrl('/products'), ({ request }) => {
      const url = new URL(request.url)
      const page = Number(url.searchParams.get('page') ?? 1)
      const count = Math.max(0, Math.min(30, total - (page - 1) * 30))
      const data = Array.from({ length: count }, (_, i): Product => {
        const id = (page - 1) * 30 + i + 1
        return { ...(productFixtures[0] as Product), id, name: `Product ${id}` }
      })
      const totalPages = Math.max(1, Math.ceil(total / 30))
      return HttpResponse.json({
        data,
        pagination: {
          page,
          pageSize: 30,
          total,
          totalExact,
          totalPages,
          hasPrev: page > 1,
          hasNext: page < totalPages,
        },
      })
    }),
    http.post(apiUrl('/products/bulk'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      calls.push(body)
      return HttpResponse.json(answer(body))
    }),
  )
  return calls
}

async function openTable(path = '/products') {
  window.localStorage.setItem('list-view:products', 'table')
  const view = renderApp(path, { signedIn: true })
  await screen.findByRole('table', { name: 'Products' })
  return view
}

const bar = () => screen.getByRole('region', { name: 'Bulk actions' })

describe('bulk actions on products', () => {
  it('ticked rows are disabled in one call, and the toast counts them', async () => {
    const calls = catalogue(5, (body) => ({ done: body.ids, refused: [] }))
    const { user } = await openTable()
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull()

    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 4' }))
    expect(within(bar()).getByRole('status')).toHaveTextContent('2 products selected')
    // Part of the page: the header box is mixed.
    const pageBox = screen.getByRole('checkbox', { name: 'Select all rows on this page' })
    expect((pageBox as HTMLInputElement).indeterminate).toBe(true)

    await user.click(within(bar()).getByRole('button', { name: 'Disable' }))
    await findToast('Success', '2 products disabled')
    expect(calls).toEqual([{ action: 'disable', ids: [2, 4] }])
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull())
  })

  it('a ticked page offers all N matching; Delete asks first and sends the filters', async () => {
    const calls = catalogue(45, () => ({
      done: Array.from({ length: 42 }, (_, i) => i + 1),
      refused: [
        { id: 43, detail: 'Reason A.' },
        { id: 44, detail: 'Reason A.' },
        { id: 45, detail: 'Reason B' },
      ],
    }))
    const { user } = await openTable('/products?name=Product')
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    expect(within(bar()).getByRole('status')).toHaveTextContent('30 products selected')

    await user.click(
      within(bar()).getByRole('button', { name: 'Select all 45 matching the filters' }),
    )
    expect(within(bar()).getByRole('status')).toHaveTextContent('All 45 products selected')
    expect(screen.getByRole('checkbox', { name: 'Select Product 7' })).toBeChecked()

    await user.click(within(bar()).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent(
      'This will move 45 products to the trash, where they can be restored.',
    )
    expect(calls).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await findToast(
      'Warning',
      '42 products deleted; 3 refused: Reason A (#43, #44); Reason B (#45)',
    )
    expect(calls).toEqual([{ action: 'delete', filter: { name: 'Product' } }])
  })

  it('all matching a total the server is still counting says about how many', async () => {
    const calls = catalogue(2_500_000, () => ({ done: [1], refused: [] }), false)
    const { user } = await openTable('/products?name=Product')
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    // The page's own rows are counted exactly.
    expect(within(bar()).getByRole('status')).toHaveTextContent('30 products selected')
    await user.click(
      within(bar()).getByRole('button', { name: 'Select all about 2.5M matching the filters' }),
    )
    expect(within(bar()).getByRole('status')).toHaveTextContent('All about 2.5M products selected')
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent(
      'This will move about 2.5M products to the trash, where they can be restored.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls).toEqual([])
  })

  it('a refusal names the records by the names their rows show', async () => {
    catalogue(5, () => ({
      done: [1],
      refused: [
        { id: 2, detail: 'Product has images.' },
        { id: 4, detail: 'Product has images.' },
      ],
    }))
    const { user } = await openTable()
    for (const id of [1, 2, 4]) {
      await user.click(screen.getByRole('checkbox', { name: `Select Product ${id}` }))
    }
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await findToast(
      'Warning',
      '1 product deleted; 2 refused: Product has images ("Product 2", "Product 4")',
    )
  })

  it('Cancel in the dialog sends nothing and keeps the selection', async () => {
    const calls = catalogue(5, () => ({ done: [], refused: [] }))
    const { user } = await openTable()
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }))
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls).toEqual([])
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 product selected')
  })

  it('the selection is dropped when the filters change', async () => {
    catalogue(5, () => ({ done: [], refused: [] }))
    const { user, router } = await openTable()
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }))
    expect(bar()).toBeInTheDocument()
    await act(() => router.navigate('/products?name=Prod'))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull())
    expect(screen.getByRole('checkbox', { name: 'Select Product 1' })).not.toBeChecked()
  })

  it('a refused request shows the server’s detail and keeps the selection', async () => {
    catalogue(5, () => ({}))
    server.use(
      http.post(apiUrl('/products/bulk'), () =>
        HttpResponse.json(
          { detail: 'More than 10000 records match the filters: narrow them first' },
          { status: 400 },
        ),
      ),
    )
    const { user } = await openTable()
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 1' }))
    await user.click(within(bar()).getByRole('button', { name: 'Enable' }))
    await findToast('Error', 'More than 10000 records match the filters: narrow them first')
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 product selected')
  })
})

describe('bulk actions on categories', () => {
  it('offer Delete only (categories have no status)', async () => {
    window.localStorage.setItem('list-view:/product-categories', 'table')
    const { user } = renderApp('/product-categories', { signedIn: true })
    const table = await screen.findByRole('table', { name: /categor/i })
    const [first] = within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ })
    await user.click(first)
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 product category selected')
    expect(
      within(bar())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete', 'Clear selection'])
  })
})
