// The dashboard (issue 31, point 3): below the spec's greeting and text, how many records each
// collection holds, the work queues (each a link to its filtered list, named with its count),
// and the recent changes with who and when; all refreshed by live changes. A viewer sees the
// counts without Create.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  buildRecentChange,
  missingFieldsHandlers,
  recentChangesHandler,
} from './factories/dashboard'
import { buildLiveChange, liveStream } from './factories/live-changes'
import { signedInAs } from './factories/operators'
import { buildProduct, productFixtures, productHandlers } from './factories/products'
import { buildTrashed, trashHandlers } from './factories/trash'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'

/** A first load of the whole shell and a lazy page, on a busy machine. */
const LOADED = { timeout: 20_000 }

const queues = () => screen.findByRole('region', { name: 'Work queues' }, LOADED)
const queue = async (name: RegExp) => within(await queues()).findByRole('link', { name }, LOADED)
/** The card of a collection: its count and its links. */
const card = async (title: string) => {
  const link = await screen.findByRole('link', { name: `Open ${title}` }, LOADED)
  return link.closest('li') as HTMLElement
}

// The first screen loads the shell, /api/me and the page's code: slow beside other suites.
describe('the dashboard', { timeout: 60_000 }, () => {
  it('keeps the spec’s greeting and text, then counts every collection', async () => {
    renderApp('/dashboard', { signedIn: true })
    expect(await screen.findByText('Welcome to the admin dashboard', {}, LOADED)).toBeVisible()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(
      /^Good (morning|afternoon|evening)$/,
    )
    // The fixtures: four categories of each kind, three providers, three products.
    for (const [title, count] of [
      ['Service Provider Categories', '4'],
      ['Service Providers', '3'],
      ['Product Categories', '4'],
      ['Products', '3'],
    ]) {
      await waitFor(async () => expect(within(await card(title)).getByText(count)).toBeVisible())
    }
    // An administrator may create from here (products are created under their provider).
    const providers = await card('Service Providers')
    expect(
      within(providers).getByRole('link', { name: 'Create Service Provider' }),
    ).toHaveAttribute('href', '/service-providers/new')
    expect(within(await card('Products')).queryByRole('link', { name: /Create/ })).toBeNull()
  })

  it('names each queue with its count and links it to its filtered list', async () => {
    server.use(
      ...trashHandlers('/products', { records: [buildTrashed({ id: 8, name: 'Old Clean' })] }),
      ...missingFieldsHandlers({
        '/products': [{ field: 'condition', title: 'Condition', missing: 4 }],
        '/service-providers': [{ field: 'licence', title: 'Licence', missing: 0 }],
      }),
    )
    renderApp('/dashboard', { signedIn: true })
    expect(await queue(/^Disabled service providers 1$/)).toHaveAttribute(
      'href',
      '/service-providers?status=disabled',
    )
    expect(await queue(/^Products without a preview image 2$/)).toHaveAttribute(
      'href',
      '/products?preview=without',
    )
    expect(await queue(/^Products in the Trash 1$/)).toHaveAttribute('href', '/products/trash')
    expect(await queue(/^Service Providers in the Trash 0$/)).toHaveAttribute(
      'href',
      '/service-providers/trash',
    )
    expect(await queue(/^Products missing Condition 4$/)).toHaveAttribute(
      'href',
      '/products?missing=condition',
    )
    // A required field no record lacks is no queue.
    expect(within(await queues()).queryByRole('link', { name: /Licence/ })).toBeNull()
  })

  it('a queue opens its list showing exactly its records', async () => {
    const { user } = renderApp('/dashboard', { signedIn: true })
    await user.click(await queue(/^Products without a preview image 2$/))
    await screen.findByRole('heading', { name: 'Products', level: 1 }, LOADED)
    expect(screen.getByLabelText('Preview image')).toHaveValue('without')
    expect(await screen.findByText('Office Cleaning')).toBeVisible()
    expect(screen.getByText('Pipe Repair')).toBeVisible()
    expect(screen.queryByText('Deep Home Clean')).toBeNull()
  })

  it('lists the recent changes with who, when and the record, linked while it exists', async () => {
    server.use(
      recentChangesHandler([
        buildRecentChange({ id: 3, action: 'delete', recordId: 7, name: null, fields: ['name'] }),
        buildRecentChange({ id: 2, fields: ['price', 'estimatedDeliveryDays'] }),
        buildRecentChange({
          id: 1,
          action: 'create',
          collection: 'service-providers',
          recordId: 9,
          name: 'Ada Obi',
          operator: { id: 2, username: 'grace' },
        }),
      ]),
    )
    renderApp('/dashboard', { signedIn: true })
    const recent = await screen.findByRole('region', { name: 'Recent changes' }, LOADED)
    const items = await within(recent).findAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Product 7 · product.*Deleted.*by admin · /),
      expect.stringMatching(
        /^Deep Home Clean · product.*Updated · Price, Estimated delivery days.*by admin/,
      ),
      expect.stringMatching(/^Ada Obi · service provider.*Created.*by grace/),
    ])
    expect(within(items[1]).getByRole('link', { name: 'Deep Home Clean' })).toHaveAttribute(
      'href',
      '/products/5',
    )
    expect(within(items[0]).queryByRole('link')).toBeNull()
    expect(items[2].querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-27T08:10:00.000Z',
    )
  })

  it('shows a viewer the counts and queues, without Create', async () => {
    server.use(signedInAs('viewer'))
    renderApp('/dashboard', { signedIn: true })
    await waitFor(async () => expect(within(await card('Products')).getByText('3')).toBeVisible())
    expect(await queue(/^Disabled service providers 1$/)).toBeVisible()
    expect(screen.queryByRole('link', { name: /^Create / })).toBeNull()
  })

  it('keeps a count’s place while it loads, and says when it could not be read', async () => {
    server.use(
      http.get(apiUrl('/products'), () =>
        HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 }),
      ),
    )
    renderApp('/dashboard', { signedIn: true })
    const products = await card('Products')
    expect(await within(products).findByText('Could not load')).toBeInTheDocument()
    // One failure, no toast per count.
    expect(screen.queryByText('Database unavailable')).toBeNull()
  })

  it('reads "about" a count the server is still counting, and asks again until it is exact', async () => {
    // The server counted 2,500,001 trashed products before its latest write (decision 030).
    let exact = false
    server.use(
      http.get(apiUrl('/products/trash'), () => {
        const total = exact ? 2_500_020 : 2_500_001
        const pagination = { page: 1, pageSize: 1, total, totalPages: total, totalExact: exact }
        return HttpResponse.json({
          data: [buildTrashed({ id: 8 })],
          pagination: { ...pagination, hasPrev: false, hasNext: true },
        })
      }),
    )
    renderApp('/dashboard', { signedIn: true })
    expect(await queue(/^Products in the Trash about 2\.5M$/)).toBeVisible()
    exact = true
    expect(await queue(/^Products in the Trash 2,500,020$/)).toBeVisible()
  })

  it('refreshes the counts and the recent changes when a live change arrives', async () => {
    const stream = liveStream()
    const recentRequests: URL[] = []
    const products = structuredClone(productFixtures)
    server.use(
      stream.handler,
      // Before the products' `/:id`: `/products/trash` is not the product with id "trash".
      ...trashHandlers('/products'),
      ...productHandlers(products),
      recentChangesHandler([], recentRequests),
    )
    renderApp('/dashboard', { signedIn: true })
    await waitFor(async () => expect(within(await card('Products')).getByText('3')).toBeVisible())
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    const before = recentRequests.length

    products.push(buildProduct({ id: 12, name: 'Window Wash' }))
    stream.send(buildLiveChange({ collection: 'products', id: 12, action: 'create' }))
    await waitFor(async () => expect(within(await card('Products')).getByText('4')).toBeVisible())
    expect(await queue(/^Products without a preview image 3$/)).toBeVisible()
    expect(await queue(/^Products in the Trash 0$/)).toBeVisible()
    await waitFor(() => expect(recentRequests.length).toBeGreaterThan(before))
  })
})
