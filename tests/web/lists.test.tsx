// The list controls every list shares (issue #13), driven through the products list as an
// operator would: the pager (Showing, First/Last, page number, rows per page, a page past the
// end), the table view and its sortable headers, the sort in the URL, live filters with Clear
// filters and an impossible price range, the filters folded on a phone behind "Filters (N)"
// (issue 30), and the previous rows kept while a page loads.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Product } from '../../src/features/products/products-api'
import { INEXACT_TOTAL_REFETCH_MS, listQuery } from '../../src/lib/query-client'
import { productFixtures } from './factories/products'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { gate } from './support/gate'
import { renderApp } from './support/render-app'
import { setViewportWidth } from './support/viewport'

type Router = ReturnType<typeof renderApp>['router']
const fullPath = (router: Router) => router.state.location.pathname + router.state.location.search

/** Answers GET /products with `total` products split into pages, recording each request;
 * `counted` says whether the server says its total is exact (undefined: it does not say). */
function catalogue(
  total: number,
  answer?: (url: URL) => Promise<void> | void,
  counted: () => { totalExact?: boolean; total?: number } = () => ({}),
) {
  const requests: URL[] = []
  server.use(
    http.get(apiUrl('/products'), async ({ request }) => {
      const url = new URL(request.url)
      requests.push(url)
      await answer?.(url)
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 30)
      const totalPages = Math.max(1, Math.ceil(total / pageSize))
      const first = (page - 1) * pageSize
      const count = Math.max(0, Math.min(pageSize, total - first))
      const data = Array.from({ length: count }, (_, i): Product => {
        const fixture = productFixtures[i % productFixtures.length] as Product
        return { ...fixture, id: first + i + 1, name: `Product ${first + i + 1}` }
      })
      const pagination = {
        ...{ page, pageSize, total, totalPages },
        ...{ hasPrev: page > 1, hasNext: page < totalPages },
        ...counted(),
      }
      return HttpResponse.json({ data, pagination })
    }),
  )
  return requests
}

const last = (requests: URL[]) => Object.fromEntries((requests.at(-1) as URL).searchParams)

describe('the pager', () => {
  it('shows "Showing 31–60 of 3,042" and goes first, last and to a typed page', async () => {
    const requests = catalogue(3042)
    const { user, router } = renderApp('/products?page=2', { signedIn: true })
    expect(await screen.findByText('Showing 31–60 of 3,042')).toBeInTheDocument()
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByText('Page 2 of 102')).toBeInTheDocument()

    await user.click(within(pager).getByRole('button', { name: 'Last page' }))
    expect(await screen.findByText('Showing 3,031–3,042 of 3,042')).toBeInTheDocument()
    expect(fullPath(router)).toBe('/products?page=102')
    expect(within(pager).getByRole('button', { name: 'Last page' })).toBeDisabled()

    await user.click(within(pager).getByRole('button', { name: 'First page' }))
    expect(await screen.findByText('Showing 1–30 of 3,042')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'First page' })).toBeDisabled()

    const pageNumber = within(pager).getByRole('spinbutton', { name: 'Go to page' })
    await user.clear(pageNumber)
    await user.type(pageNumber, '40{Enter}')
    expect(await screen.findByText('Showing 1,171–1,200 of 3,042')).toBeInTheDocument()
    expect(last(requests)).toMatchObject({ page: '40', pageSize: '30' })

    // A number past the end goes to the last page.
    await user.clear(pageNumber)
    await user.type(pageNumber, '500')
    expect(pageNumber).toHaveValue(500)
    await user.click(within(pager).getByRole('button', { name: 'Go' }))
    expect(await screen.findByText('Showing 3,031–3,042 of 3,042')).toBeInTheDocument()
    expect(fullPath(router)).toBe('/products?page=102')
  })

  it('offers 10, 30, 50 and 100 rows per page, kept in the URL, from page 1', async () => {
    const requests = catalogue(3042)
    const { user, router } = renderApp('/products?page=3', { signedIn: true })
    const size = await screen.findByRole('combobox', { name: 'Rows per page' })
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '30', '50', '100'])
    await user.selectOptions(size, '50')
    expect(await screen.findByText('Showing 1–50 of 3,042')).toBeInTheDocument()
    expect(fullPath(router)).toBe('/products?pageSize=50')
    expect(last(requests)).toMatchObject({ page: '1', pageSize: '50' })
  })

  it('a page past the end says so and offers the last page', async () => {
    catalogue(3042)
    const { user, router } = renderApp('/products?page=999', { signedIn: true })
    expect(await screen.findByText('There is no page 999: this list has 102 pages.')).toBeVisible()
    expect(screen.queryByText('Nothing to see here.')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Go to the last page' }))
    expect(await screen.findByText('Showing 3,031–3,042 of 3,042')).toBeInTheDocument()
    expect(fullPath(router)).toBe('/products?page=102')
  })

  it('past the end of a total still being counted, says about how many pages', async () => {
    catalogue(3042, undefined, () => ({ totalExact: false }))
    renderApp('/products?page=999', { signedIn: true })
    expect(
      await screen.findByText('There is no page 999: this list has about 102 pages.'),
    ).toBeVisible()
  })

  it('a first page without rows is empty, whatever a total counted before a write said', async () => {
    catalogue(0, undefined, () => ({ totalExact: false, total: 5 }))
    renderApp('/products', { signedIn: true })
    expect(await screen.findByText('Nothing to see here.')).toBeVisible()
    expect(screen.queryByText(/There is no page/)).toBeNull()
  })

  it('keeps the rows shown, dimmed and busy, while the next page loads', async () => {
    const slow = gate()
    catalogue(90, async (url) => {
      if (url.searchParams.get('page') === '2') await slow.opened
    })
    const { user } = renderApp('/products', { signedIn: true })
    await screen.findByRole('article', { name: 'Product 1' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() =>
      expect(
        screen.getByRole('article', { name: 'Product 1' }).closest('[aria-busy]'),
      ).toHaveAttribute('aria-busy', 'true'),
    )
    expect(screen.queryByRole('status')).toBeNull() // no spinner instead of the rows
    slow.open()
    expect(await screen.findByRole('article', { name: 'Product 31' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Product 1' })).toBeNull()
  })
})

describe('a total the server is still counting (decision 030)', () => {
  it('reads "about", offers no Last page, and shows the exact total once counted', async () => {
    // The server counted 2,500,001 products before its latest write; there are 2,500,020.
    let exact = false
    const requests = catalogue(2_500_020, undefined, () =>
      exact ? { totalExact: true } : { totalExact: false, total: 2_500_001 },
    )
    renderApp('/products', { signedIn: true })
    expect(await screen.findByText('Showing 1–30 of about 2.5M')).toBeInTheDocument()
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByText('Page 1 of about 83,334')).toBeInTheDocument()
    expect(within(pager).queryByRole('button', { name: 'Last page' })).toBeNull()
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled()

    // The list asks again a moment later, by itself, and the counted total replaces "about".
    const asked = requests.length
    exact = true
    expect(await screen.findByText('Showing 1–30 of 2,500,020')).toBeInTheDocument()
    expect(requests.length).toBeGreaterThan(asked)
    expect(within(pager).getByText('Page 1 of 83334')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Last page' })).toBeEnabled()
  })

  it('keeps every text of an exact total when the server says it is exact', async () => {
    catalogue(3042, undefined, () => ({ totalExact: true }))
    renderApp('/products?page=2', { signedIn: true })
    expect(await screen.findByText('Showing 31–60 of 3,042')).toBeInTheDocument()
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByText('Page 2 of 102')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Last page' })).toBeEnabled()
  })

  it('asks a list again by itself only while its total is not exact', () => {
    const { refetchInterval } = listQuery('/products', {}, 'Failed')
    const intervalFor = (totalExact?: boolean) => {
      const pagination = { page: 1, pageSize: 30, total: 1, totalPages: 1, totalExact }
      const data = { data: [], pagination: { ...pagination, hasPrev: false, hasNext: false } }
      const query = { state: { data } } as unknown as Parameters<
        Extract<typeof refetchInterval, (...args: never[]) => unknown>
      >[0]
      return typeof refetchInterval === 'function' ? refetchInterval(query) : refetchInterval
    }
    expect(intervalFor(false)).toBe(INEXACT_TOTAL_REFETCH_MS)
    expect(intervalFor(true)).toBe(false)
    expect(intervalFor(undefined)).toBe(false)
  })
})

describe('the table view and sorting', () => {
  it('shows a table with sortable headers (aria-sort), the sort kept in the URL', async () => {
    const requests = catalogue(45)
    const { user, router } = renderApp('/products', { signedIn: true })
    await screen.findByRole('article', { name: 'Product 1' })
    await user.click(screen.getByRole('button', { name: 'Table' }))
    const table = screen.getByRole('table', { name: 'Products' })
    const headers = within(table).getAllByRole('columnheader')
    // The first header holds the page's bulk-selection checkbox (decision 013).
    expect(headers.map((h) => h.textContent)).toEqual([
      '',
      'Preview',
      'Name',
      'Provider',
      'Pricing',
      'Price',
      'Rating',
      'Status',
    ])
    expect(headers.filter((h) => h.hasAttribute('aria-sort'))).toEqual([])
    // Each row's name is a link: the keyboard's way into the row.
    expect(within(table).getByRole('link', { name: 'Product 1' })).toHaveAttribute(
      'href',
      '/products/1',
    )

    await user.click(within(table).getByRole('button', { name: 'Price' }))
    await waitFor(() => expect(fullPath(router)).toBe('/products?sort=price&order=asc'))
    expect(last(requests)).toMatchObject({ sort: 'price', order: 'asc', page: '1' })
    const price = () => screen.getByRole('columnheader', { name: 'Price' })
    expect(price()).toHaveAttribute('aria-sort', 'ascending')

    await user.click(within(price()).getByRole('button'))
    await waitFor(() => expect(price()).toHaveAttribute('aria-sort', 'descending'))
    expect(last(requests)).toMatchObject({ sort: 'price', order: 'desc' })
    // The sort picker says the same.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(
      'Price (high to low)',
    )
  })

  it('remembers the table view for that list, not for the others', async () => {
    catalogue(5)
    const first = renderApp('/products', { signedIn: true })
    await screen.findByRole('article', { name: 'Product 1' })
    await first.user.click(screen.getByRole('button', { name: 'Table' }))
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true')
    first.unmount()

    renderApp('/products', { signedIn: true })
    expect(await screen.findByRole('table', { name: 'Products' })).toBeInTheDocument()
    expect(window.localStorage.getItem('list-view:service-providers')).toBeNull()
  })

  it('a truncated cell holds its full text for hover (title)', async () => {
    server.use(
      http.get(apiUrl('/products'), () => {
        const long = { ...(productFixtures[0] as Product), name: 'A very long name '.repeat(8) }
        const pagination = { page: 1, pageSize: 30, total: 1, totalPages: 1 }
        return HttpResponse.json({
          data: [long],
          pagination: { ...pagination, hasPrev: false, hasNext: false },
        })
      }),
    )
    window.localStorage.setItem('list-view:products', 'table')
    renderApp('/products', { signedIn: true })
    const link = await screen.findByRole('link', { name: 'A very long name '.repeat(8).trim() })
    expect(link.closest('td')).toHaveAttribute('title', 'A very long name '.repeat(8))
  })
})

describe('live filters', () => {
  it('applies a name once typing pauses, and Clear filters keeps the sort', async () => {
    const requests = catalogue(5)
    const { user, router } = renderApp('/products?sort=name&order=asc', { signedIn: true })
    await screen.findByRole('article', { name: 'Product 1' })
    const clear = screen.getByRole('button', { name: 'Clear filters' })
    expect(clear).toBeDisabled()
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'clean')
    await waitFor(() => expect(last(requests)).toMatchObject({ name: 'clean', sort: 'name' }))
    expect(requests.filter((url) => url.searchParams.has('name'))).toHaveLength(1)
    expect(fullPath(router)).toBe('/products?name=clean&sort=name&order=asc')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Disabled')
    await waitFor(() => expect(last(requests)).toMatchObject({ enabled: 'false' }))

    await user.click(clear)
    await waitFor(() => expect(fullPath(router)).toBe('/products?sort=name&order=asc'))
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All')
  })

  it('flags a minimum above the maximum beside Min Price and does not ask for it', async () => {
    const requests = catalogue(5)
    const { user, router } = renderApp('/products', { signedIn: true })
    await screen.findByRole('article', { name: 'Product 1' })
    await user.type(screen.getByRole('spinbutton', { name: 'Max Price' }), '100')
    await waitFor(() => expect(fullPath(router)).toBe('/products?maxPrice=100'))
    const min = screen.getByRole('spinbutton', { name: 'Min Price' })
    await user.type(min, '500')
    expect(await screen.findByText('Min Price must be at most Max Price (₦100.00).')).toBeVisible()
    expect(min).toHaveAttribute('aria-invalid', 'true')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(requests.some((url) => url.searchParams.has('minPrice'))).toBe(false)

    await user.clear(min)
    await user.type(min, '50')
    await waitFor(() => expect(last(requests)).toMatchObject({ minPrice: '50', maxPrice: '100' }))
    expect(screen.queryByText('Min Price must be at most Max Price (₦100.00).')).toBeNull()
  })
})

describe('the filter panel', () => {
  it('folds on a phone behind "Filters (N)"; folded filters from the URL still apply', async () => {
    setViewportWidth(375)
    const requests = catalogue(5)
    const { user, router } = renderApp('/products?name=clean&status=disabled', { signedIn: true })
    await screen.findByRole('article', { name: 'Product 1' })
    expect(last(requests)).toMatchObject({ name: 'clean', enabled: 'false' })
    const toggle = screen.getByRole('button', { name: 'Filters (2)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('searchbox', { name: 'Name' })).toBeNull()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('clean')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All')
    await waitFor(() => expect(fullPath(router)).toBe('/products?name=clean'))
    expect(toggle).toHaveAccessibleName('Filters (1)')
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(toggle).toHaveAccessibleName('Filters'))
  })

  it("is open on a wide screen, and counts the providers' default Enabled, which narrows", async () => {
    const { user } = renderApp('/service-providers', { signedIn: true })
    const toggle = await screen.findByRole('button', { name: 'Filters (1)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All')
    await waitFor(() => expect(toggle).toHaveAccessibleName('Filters'))
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull()
  })
})
