// A list with rows chosen holds still (issue 31): other operators' changes do not move the rows
// under the operator; the bulk bar counts them ("2 changes — Refresh") and refreshes the list on
// demand, keeping the selection. Once nothing is chosen the list refreshes by itself again.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Product } from '../../src/features/products/products-api'
import { buildLiveChange, liveStream } from './factories/live-changes'
import { productFixtures, productHandlers } from './factories/products'
import { server } from './msw/server'
import { renderApp } from './support/render-app'

/** The products served from a copy the test changes, as another operator would, on a stream. */
async function openProductTable() {
  const stream = liveStream()
  const products = structuredClone(productFixtures) as Product[]
  server.use(stream.handler, ...productHandlers(products))
  window.localStorage.setItem('list-view:products', 'table')
  const view = renderApp('/products', { signedIn: true })
  await screen.findByRole('table', { name: 'Products' }, { timeout: 20_000 })
  await waitFor(() => expect(stream.requests).toHaveLength(1))
  /** Another operator renames a product, and the stream says so. */
  const rename = (id: number, name: string) => {
    const product = products.find((p) => p.id === id) as Product
    product.name = name
    stream.send(buildLiveChange({ collection: 'products', id }))
  }
  return { ...view, rename }
}

const bar = () => screen.getByRole('region', { name: 'Bulk actions' })
const table = () => screen.getByRole('table', { name: 'Products' })

describe('a list with rows chosen', () => {
  it('holds still and counts the changes; Refresh shows them and keeps the selection', async () => {
    const { user, rename } = await openProductTable()
    await user.click(screen.getByRole('checkbox', { name: 'Select Deep Home Clean' }))

    rename(7, 'Pipe Repair Plus')
    await within(bar()).findByRole('button', { name: '1 change — Refresh' })
    rename(6, 'Office Cleaning Plus')
    const refresh = await within(bar()).findByRole('button', { name: '2 changes — Refresh' })
    // The rows have not moved.
    expect(within(table()).getByText('Pipe Repair')).toBeInTheDocument()
    expect(within(table()).getByText('Office Cleaning')).toBeInTheDocument()

    await user.click(refresh)
    expect(await within(table()).findByText('Pipe Repair Plus')).toBeInTheDocument()
    expect(within(table()).getByText('Office Cleaning Plus')).toBeInTheDocument()
    expect(within(bar()).queryByRole('button', { name: /— Refresh/ })).toBeNull()
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 product selected')
    expect(screen.getByRole('checkbox', { name: 'Select Deep Home Clean' })).toBeChecked()
  })

  it('refreshes by itself once the selection is cleared, and at once afterwards', async () => {
    const { user, rename } = await openProductTable()
    await user.click(screen.getByRole('checkbox', { name: 'Select Deep Home Clean' }))
    rename(7, 'Pipe Repair Plus')
    await within(bar()).findByRole('button', { name: '1 change — Refresh' })

    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }))
    expect(await within(table()).findByText('Pipe Repair Plus')).toBeInTheDocument()

    rename(6, 'Office Cleaning Plus')
    expect(await within(table()).findByText('Office Cleaning Plus')).toBeInTheDocument()
  })
})
