// The query layer (src/lib/query-client.ts): how a failed read is handled once (404, 401,
// other failures, retries), that the ETag travels with a record's data, and that writes
// invalidate what they change.
import { QueryObserver } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setUnauthorizedHandler } from '../../src/lib/api-client'
import { createQueryClient, listQuery, recordQuery } from '../../src/lib/query-client'
import {
  buildCategory,
  type CategoryFixture,
  categoryTree,
  searchCategories,
  toJson,
} from './factories/categories'
import { productFixtures } from './factories/products'
import { apiUrl, TEST_TOKEN } from './msw/handlers'
import { server } from './msw/server'
import { offered } from './support/combobox'
import { currentPath, renderApp } from './support/render-app'

function setUp() {
  const handlers = { notFound: vi.fn(), report: vi.fn() }
  const client = createQueryClient(handlers)
  /** Loads a query as a mounted screen would (one observer) and waits until it settles. */
  const load = async (options: object) => {
    const observer = new QueryObserver(client, options as never)
    const stop = observer.subscribe(() => {})
    await waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false))
    return { result: observer.getCurrentResult(), stop }
  }
  return { client, handlers, load }
}

/** Serves `path` with `answer`, counting the requests. */
function serve(path: string, answer: () => Response) {
  const requests: Request[] = []
  server.use(
    http.get(apiUrl(path), ({ request }) => {
      requests.push(request)
      return answer()
    }),
  )
  return requests
}

let unregister = () => {}
afterEach(() => unregister())

describe('a failed read', () => {
  it("a 404 of a screen's record goes to /not-found once, with no toast", async () => {
    const { handlers, load } = setUp()
    serve('/products/99', () => HttpResponse.json({ detail: 'Not found' }, { status: 404 }))
    await load(recordQuery('/products/99', { ids: [99], errorText: 'Error fetching data.' }))
    expect(handlers.notFound).toHaveBeenCalledTimes(1)
    expect(handlers.report).not.toHaveBeenCalled()
  })

  it('a path id that is not a number is a 404 without a request', async () => {
    const { handlers, load } = setUp()
    const requests = serve('/products/NaN', () => HttpResponse.json({}))
    await load(recordQuery('/products/NaN', { ids: [Number.NaN], errorText: 'x' }))
    expect(handlers.notFound).toHaveBeenCalledTimes(1)
    expect(requests).toHaveLength(0)
  })

  it('a 404 arriving after its screen has gone (a deleted record) does not leave the page', async () => {
    const { client, handlers } = setUp()
    serve('/products/5/images/12', () => new HttpResponse(null, { status: 404 }))
    // No observer: as after a delete, when the screen has moved on before the refetch answers.
    const query = recordQuery('/products/5/images/12', { ids: [5, 12], errorText: 'x' })
    await client.fetchQuery(query as never).catch(() => {})
    expect(handlers.notFound).not.toHaveBeenCalled()
  })

  it('a 404 of a list (under a missing parent) is quiet: the parent screen reports it', async () => {
    const { handlers, load } = setUp()
    serve('/service-providers/99/products', () => new HttpResponse(null, { status: 404 }))
    await load(listQuery('/service-providers/99/products', { page: 1 }, 'Error while loading data'))
    expect(handlers.notFound).not.toHaveBeenCalled()
    expect(handlers.report).not.toHaveBeenCalled()
  })

  it("shows the server's detail, else the query's fallback, once and without retrying", async () => {
    const { handlers, load } = setUp()
    const requests = serve('/products', () =>
      HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 }),
    )
    await load(listQuery('/products', { page: 1 }, 'Error while loading data'))
    expect(handlers.report).toHaveBeenCalledExactlyOnceWith('Database unavailable')
    expect(requests).toHaveLength(1)

    serve('/products', () => new HttpResponse('Bad gateway', { status: 502 }))
    await load(listQuery('/products', { page: 2 }, 'Error while loading data'))
    expect(handlers.report).toHaveBeenLastCalledWith('Error while loading data')
  })

  it('a 401 is no toast: the session ends instead, once for a burst', async () => {
    const { handlers, load } = setUp()
    window.localStorage.setItem('token', TEST_TOKEN)
    const ended = vi.fn()
    unregister = setUnauthorizedHandler(ended)
    serve('/products', () => HttpResponse.json({ detail: 'Token expired' }, { status: 401 }))
    await Promise.all([
      load(listQuery('/products', { page: 1 }, 'Error while loading data')),
      load(listQuery('/products', { page: 2 }, 'Error while loading data')),
    ])
    expect(handlers.report).not.toHaveBeenCalled()
    expect(ended).toHaveBeenCalledTimes(1)
  })

  it('tries a call that got no answer once more before reporting it', async () => {
    const { handlers, load } = setUp()
    const requests = serve('/products', () => HttpResponse.error())
    await load(listQuery('/products', { page: 1 }, 'Error while loading data'))
    expect(requests).toHaveLength(2)
    expect(handlers.report).toHaveBeenCalledExactlyOnceWith('Error while loading data')
  })
})

describe('a record', () => {
  it('carries the ETag its GET answered in its query data', async () => {
    const { load } = setUp()
    server.use(
      http.get(apiUrl('/products/5'), () =>
        HttpResponse.json(productFixtures[0], { headers: { ETag: '"v3"' } }),
      ),
    )
    const { result } = await load(recordQuery('/products/5', { ids: [5], errorText: 'x' }))
    expect(result.data).toEqual({ data: productFixtures[0], etag: '"v3"' })
  })

  it('opens its edit screen afresh: the save sends the current tag, not the cached one', async () => {
    let version = 1
    const ifMatches: Array<string | null> = []
    server.use(
      http.get(apiUrl('/products/5'), () =>
        HttpResponse.json(productFixtures[0], { headers: { ETag: `"v${version}"` } }),
      ),
      http.put(apiUrl('/products/5'), ({ request }) => {
        ifMatches.push(request.headers.get('If-Match'))
        return HttpResponse.json(productFixtures[0])
      }),
    )
    const { user, router } = renderApp('/products/5', { signedIn: true })
    await screen.findByRole('heading', { name: 'Deep Home Clean', level: 1 })
    // Someone else saves the product while it is shown here.
    version = 2
    await user.click(screen.getByRole('link', { name: 'Edit' }))
    // The edit page's code loads on first use, slowly on a busy machine.
    const save = await screen.findByRole('button', { name: 'Save Changes' }, { timeout: 10_000 })
    await user.click(save)
    await waitFor(() => expect(currentPath(router)).toBe('/products/5'))
    expect(ifMatches).toEqual(['"v2"'])
  })
})

describe('a write', () => {
  it('refreshes the pickers of its hierarchy, which are otherwise kept for a while', async () => {
    const searches: URL[] = []
    let categories: CategoryFixture[] = [...categoryTree]
    server.use(
      http.get(apiUrl('/product-categories/search'), ({ request }) => {
        const url = new URL(request.url)
        // The pickers' searches (the list also names its rows' parents by id).
        if (!url.searchParams.has('ids')) searches.push(url)
        return HttpResponse.json({ data: searchCategories(categories, url.searchParams) })
      }),
      http.post(apiUrl('/product-categories'), async ({ request }) => {
        const body = (await request.json()) as { name: string; description: string }
        categories = [...categories, buildCategory({ id: 50, ...body })]
        return HttpResponse.json({ id: 50 }, { status: 201 })
      }),
      http.get(apiUrl('/product-categories/50'), () =>
        HttpResponse.json(toJson(categories.at(-1) as CategoryFixture, 'parentCategoryId')),
      ),
    )
    const { user } = renderApp('/product-categories/new', { signedIn: true })
    const parent = await screen.findByRole('combobox', { name: 'Parent Category' })
    expect(await offered(user, parent, 'Repairs')).not.toContain('Gardening')
    expect(searches).toHaveLength(1)

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Gardening')
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Lawns and hedges')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await screen.findByRole('heading', { name: 'Gardening', level: 1 })
    await user.click(screen.getAllByRole('link', { name: 'Product Categories' })[0])
    // The list's picker offers the new category: the create marked the matches stale.
    const filter = await screen.findByRole('combobox', { name: 'Parent Category' })
    expect(await offered(user, filter, 'Gardening')).toContain('Gardening')
    expect(searches).toHaveLength(2)
  })
})
