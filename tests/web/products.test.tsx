// The product screens (spec §2 "Product screens", §3 Product, §4 pricing, §5, §8, §9), driven as
// an operator would: by role, label and text, with the requests checked.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import productSchema from '../../schemas/product.json'
import { createBodyValidator } from '../../server/validation'
import { priceText } from '../../src/features/products/price-text'
import { formatDeliveryDays } from '../../src/lib/format'
import { starParts } from '../../src/lib/rating'
import { schemaFields } from '../support/schema-labels'
import { page } from './factories/categories'
import { buildProduct, productFixtures } from './factories/products'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { choose, offered } from './support/combobox'
import { gate } from './support/gate'
import { currentPath, renderApp } from './support/render-app'
import { findToast } from './support/toasts'

type User = ReturnType<typeof renderApp>['user']
type Router = ReturnType<typeof renderApp>['router']

const fullPath = (router: Router) => router.state.location.pathname + router.state.location.search

/** The reference server's check of a request body (the same schema file, the same options). */
const compileBody = createBodyValidator([productSchema])
const serverValidators = {
  create: compileBody({ $ref: 'product#/definitions/create' }),
  update: compileBody({ $ref: 'product#/definitions/update' }),
}
function serverErrors(form: 'create' | 'update', body: unknown) {
  const validate = serverValidators[form]
  return validate(structuredClone(body)) ? [] : validate.errors
}

/** The stars a rating shows, by kind. */
function stars(container: HTMLElement) {
  const count = (kind: string) => container.querySelectorAll(`[data-star="${kind}"]`).length
  return { full: count('full'), half: count('half'), empty: count('empty') }
}

describe('product display helpers', () => {
  it('shows 4.4 as four full stars and 4.5 as four and a half', () => {
    expect(starParts(4.4)).toEqual({ full: 4, half: 0, empty: 1 })
    expect(starParts(4.5)).toEqual({ full: 4, half: 1, empty: 0 })
    expect(starParts(3.7)).toEqual({ full: 3, half: 1, empty: 1 })
  })

  it('shows 0 as five empty stars and 5 as five full ones, clamping the rest', () => {
    expect(starParts(0)).toEqual({ full: 0, half: 0, empty: 5 })
    expect(starParts(5)).toEqual({ full: 5, half: 0, empty: 0 })
    expect(starParts(7)).toEqual({ full: 5, half: 0, empty: 0 })
    expect(starParts(-1)).toEqual({ full: 0, half: 0, empty: 5 })
    expect(starParts(Number.NaN)).toEqual({ full: 0, half: 0, empty: 5 })
  })

  it("says '1 day' or 'N days'", () => {
    expect(formatDeliveryDays(1)).toBe('1 day')
    expect(formatDeliveryDays(4)).toBe('4 days')
  })

  it('shows a Fixed price as one amount and a Range as min – max, in naira', () => {
    expect(priceText(buildProduct({ pricing: 'Fixed', price: 12500 }))).toBe('₦12,500.00')
    expect(priceText(buildProduct({ pricing: 'Fixed', price: 0.5 }))).toBe('₦0.50')
    expect(priceText(buildProduct({ pricing: 'Range', minPrice: 1000, maxPrice: 5000 }))).toBe(
      '₦1,000.00 – ₦5,000.00',
    )
  })
})

describe("a provider's products", () => {
  it('links the brand back to the provider and offers Add Product', async () => {
    const { user, router } = renderApp('/service-providers/9/products', { signedIn: true })
    expect(
      await screen.findByRole('heading', { name: 'Service Provider Products', level: 1 }),
    ).toBeVisible()
    const brand = await screen.findByRole('link', { name: 'Sparkle Cleaners' })
    expect(brand).toHaveAttribute('href', '/service-providers/9')
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute(
      'href',
      '/service-providers/9/products/new',
    )
    await user.click(brand)
    expect(await screen.findByRole('heading', { name: 'Ada Obi', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/service-providers/9')
  })

  it('shows a card per product: image, status, name, description, price, rating', async () => {
    const thumbnails: string[] = []
    server.use(
      http.get(apiUrl('/products/:id/images/:imageId/image-file'), ({ request }) => {
        thumbnails.push(new URL(request.url).pathname + new URL(request.url).search)
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'Content-Type': 'image/png' },
        })
      }),
    )
    const { user, router } = renderApp('/service-providers/9/products', { signedIn: true })
    const cards = await screen.findAllByRole('article')
    expect(cards).toHaveLength(2)

    const [clean, office] = cards as [HTMLElement, HTMLElement]
    expect(clean).toHaveAccessibleName('Deep Home Clean')
    expect(
      await within(clean).findByRole('img', { name: 'Preview of Deep Home Clean' }),
    ).toBeVisible()
    expect(thumbnails).toEqual(['/api/products/5/images/11/image-file?size=thumb'])
    expect(within(clean).getByText('Enabled')).toBeInTheDocument()
    expect(within(clean).getByText('Every room, top to bottom.')).toBeInTheDocument()
    expect(within(clean).getByText('₦12,500.00')).toBeInTheDocument()
    expect(within(clean).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument()
    expect(within(clean).getByText('4.5 (12)')).toBeInTheDocument()
    expect(stars(clean)).toEqual({ full: 4, half: 1, empty: 0 })

    expect(within(office).getByRole('img', { name: 'No image' })).toBeInTheDocument()
    expect(within(office).getByText('Disabled')).toBeInTheDocument()
    expect(within(office).getByText('₦1,000.00 – ₦5,000.00')).toBeInTheDocument()
    expect(within(office).getByText('4.4 (3)')).toBeInTheDocument()
    expect(stars(office)).toEqual({ full: 4, half: 0, empty: 1 })

    await user.click(within(clean).getByRole('link', { name: 'View Details' }))
    expect(await screen.findByRole('heading', { name: 'Deep Home Clean', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/products/5')
  })

  it('says what to do when the provider has no products', async () => {
    renderApp('/service-providers/11/products', { signedIn: true })
    expect(
      await screen.findByText('Nothing to see here. Add some products and come back later.'),
    ).toBeInTheDocument()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  it('pages through the products with the page in the URL', async () => {
    const requests: URL[] = []
    server.use(
      http.get(apiUrl('/service-providers/:id/products'), ({ request }) => {
        const url = new URL(request.url)
        requests.push(url)
        const second = url.searchParams.get('page') === '2'
        return HttpResponse.json(
          page(
            second ? productFixtures.slice(1, 2) : productFixtures.slice(0, 1),
            second ? 2 : 1,
            2,
          ),
        )
      }),
    )
    const { user, router } = renderApp('/service-providers/9/products', { signedIn: true })
    const pager = await screen.findByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument()
    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument()
    expect(fullPath(router)).toBe('/service-providers/9/products?page=2')
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2')
    expect(requests.at(-1)?.searchParams.get('pageSize')).toBe('30')
  })

  it("takes the products list's filters: to the URL and the provider's request as they change", async () => {
    const requests: URL[] = []
    server.use(
      http.get(apiUrl('/service-providers/:id/products'), ({ request }) => {
        requests.push(new URL(request.url))
        return HttpResponse.json(page(requests.length === 1 ? productFixtures.slice(0, 2) : []))
      }),
    )
    const { user, router } = renderApp('/service-providers/9/products', { signedIn: true })
    await screen.findAllByRole('article')
    await choose(
      user,
      screen.getByRole('combobox', { name: 'Category' }),
      'Cleaning › Home Cleaning',
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Disabled')
    await user.type(screen.getByRole('spinbutton', { name: 'Max Price' }), '9')
    await user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(
      await screen.findByText('Nothing to see here. Add some products and come back later.'),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(fullPath(router)).toBe(
        '/service-providers/9/products?category=2&status=disabled&maxPrice=9',
      ),
    )
    await waitFor(() =>
      expect(Object.fromEntries(requests.at(-1)?.searchParams ?? [])).toEqual({
        categoryId: '2',
        enabled: 'false',
        maxPrice: '9',
        page: '1',
        pageSize: '30',
      }),
    )
    expect(requests.every((url) => url.pathname === '/api/service-providers/9/products')).toBe(true)
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(fullPath(router)).toBe('/service-providers/9/products'))
  })

  it('reads bookmarked product filters from the URL', async () => {
    const requests: URL[] = []
    server.use(
      http.get(apiUrl('/service-providers/:id/products'), ({ request }) => {
        requests.push(new URL(request.url))
        return HttpResponse.json(page(productFixtures.slice(0, 1)))
      }),
    )
    renderApp(
      '/service-providers/9/products?category=1&name=deep&status=enabled&minPrice=5&maxPrice=20000&page=2',
      { signedIn: true },
    )
    await screen.findAllByRole('article')
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('deep')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('enabled')
    expect(screen.getByRole('spinbutton', { name: 'Min Price' })).toHaveValue(5)
    expect(screen.getByRole('spinbutton', { name: 'Max Price' })).toHaveValue(20000)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Cleaning'),
    )
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      categoryId: '1',
      name: 'deep',
      enabled: 'true',
      minPrice: '5',
      maxPrice: '20000',
      page: '2',
      pageSize: '30',
    })
  })

  it('replaces a missing provider with /not-found', async () => {
    const { router } = renderApp('/service-providers/99/products', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
  })
})

describe('the products list', () => {
  function recordLists() {
    const requests: URL[] = []
    server.use(
      http.get(apiUrl('/products'), ({ request }) => {
        requests.push(new URL(request.url))
        return HttpResponse.json(page(requests.length === 1 ? productFixtures : []))
      }),
    )
    return requests
  }

  it('shows every product as a card', async () => {
    renderApp('/products', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Products', level: 1 })).toBeVisible()
    const cards = await screen.findAllByRole('article')
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Deep Home Clean',
      'Office Cleaning',
      'Pipe Repair',
    ])
    expect(within(cards[2] as HTMLElement).getByText('₦8,000.00')).toBeInTheDocument()
    expect(within(cards[2] as HTMLElement).getByText('0.0 (0)')).toBeInTheDocument()
  })

  it('every filter goes to the URL and the request as it changes', async () => {
    const requests = recordLists()
    const { user, router } = renderApp('/products', { signedIn: true })
    await screen.findAllByRole('article')
    const category = screen.getByRole('combobox', { name: 'Category' })
    await choose(user, category, 'Cleaning › Home Cleaning › Deep Cleaning')
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'clean')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Enabled')
    const min = screen.getByRole('spinbutton', { name: 'Min Price' })
    const max = screen.getByRole('spinbutton', { name: 'Max Price' })
    for (const field of [min, max]) {
      expect(field).toHaveAttribute('min', '0')
      expect(field).toHaveAttribute('step', '0.01')
    }
    await user.type(min, '1000.5')
    await user.type(max, '20000')
    // Live filters: the prices apply once typing pauses; Apply (Enter) at once.
    await user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(await screen.findByText('Nothing to see here.')).toBeInTheDocument()
    // A slow machine may pause mid-typing long enough to apply a shorter price first: wait for
    // the last request to ask for what was typed.
    await waitFor(() =>
      expect(fullPath(router)).toBe(
        '/products?category=4&name=clean&status=enabled&minPrice=1000.5&maxPrice=20000',
      ),
    )
    await waitFor(() =>
      expect(Object.fromEntries(requests.at(-1)?.searchParams ?? [])).toEqual({
        categoryId: '4',
        name: 'clean',
        enabled: 'true',
        minPrice: '1000.5',
        maxPrice: '20000',
        page: '1',
        pageSize: '30',
      }),
    )
  })

  it('offers All and the first categories by name, each by its full path', async () => {
    const { user } = renderApp('/products', { signedIn: true })
    const category = await screen.findByRole('combobox', { name: 'Category' })
    expect(await offered(user, category, 'Repairs')).toEqual([
      'All',
      'Cleaning',
      'Cleaning › Home Cleaning › Deep Cleaning',
      'Cleaning › Home Cleaning',
      'Repairs',
    ])
  })

  it('reads bookmarked filters from the URL, and Back restores the previous ones', async () => {
    const requests = recordLists()
    const { router } = renderApp(
      '/products?category=1&name=pipe&status=disabled&minPrice=5&maxPrice=10&page=2',
      { signedIn: true },
    )
    await screen.findAllByRole('article')
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('pipe')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('disabled')
    expect(screen.getByRole('spinbutton', { name: 'Min Price' })).toHaveValue(5)
    expect(screen.getByRole('spinbutton', { name: 'Max Price' })).toHaveValue(10)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Cleaning'),
    )
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toMatchObject({
      categoryId: '1',
      name: 'pipe',
      enabled: 'false',
      minPrice: '5',
      maxPrice: '10',
      page: '2',
    })

    await router.navigate('/products')
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue(''))
    await router.navigate(-1)
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('pipe'))
  })

  it("shows the server's detail, else 'Error while loading data', when the list fails", async () => {
    server.use(
      http.get(apiUrl('/products'), () =>
        HttpResponse.json({ detail: 'minPrice must not be more than maxPrice' }, { status: 400 }),
      ),
    )
    const { router } = renderApp('/products', { signedIn: true })
    await findToast('Error', 'minPrice must not be more than maxPrice')
    server.use(http.get(apiUrl('/products'), () => new HttpResponse(null, { status: 500 })))
    await router.navigate('/products?page=2')
    await findToast('Error', 'Error while loading data')
  })
})

describe('product details', () => {
  /** The value shown beside a label (a description list). */
  const detailValue = (label: string) =>
    screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement

  it('shows the product with its provider, price, rating, delivery and categories', async () => {
    const { user, router } = renderApp('/products/5', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Deep Home Clean', level: 1 })).toBeVisible()
    expect(await screen.findByRole('img', { name: 'Preview of Deep Home Clean' })).toBeVisible()
    expect(detailValue('Description')).toHaveTextContent('Every room, top to bottom.')
    expect(within(detailValue('Service Provider')).getByRole('link')).toHaveAttribute(
      'href',
      '/service-providers/9',
    )
    expect(detailValue('Service Provider')).toHaveTextContent('Sparkle Cleaners')
    expect(detailValue('Price')).toHaveTextContent('₦12,500.00Fixed')
    expect(detailValue('Rating')).toHaveTextContent('4.5 (12)')
    expect(stars(detailValue('Rating'))).toEqual({ full: 4, half: 1, empty: 0 })
    expect(detailValue('Estimated Delivery')).toHaveTextContent(/^2 days$/)
    expect(detailValue('Categories')).toHaveTextContent('CleaningDeep Cleaning')
    expect(detailValue('Status')).toHaveTextContent('Enabled')

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/products/5/edit')
    await user.click(screen.getByRole('link', { name: 'View Product Images' }))
    expect(await screen.findByRole('heading', { name: 'Product Images', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/products/5/images')
  })

  it('shows a range with the Range badge, 4.4 as four stars, and a placeholder image', async () => {
    renderApp('/products/6', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Office Cleaning', level: 1 })).toBeVisible()
    expect(screen.getByRole('img', { name: 'No image' })).toBeInTheDocument()
    expect(detailValue('Price')).toHaveTextContent('₦1,000.00 – ₦5,000.00Range')
    expect(stars(detailValue('Rating'))).toEqual({ full: 4, half: 0, empty: 1 })
    expect(detailValue('Estimated Delivery')).toHaveTextContent(/^1 day$/)
    expect(detailValue('Status')).toHaveTextContent('Disabled')
  })

  it.each(['99', 'abc'])('replaces a missing product (%s) with /not-found', async (id) => {
    const { router } = renderApp(`/products/${id}`, { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

/** Answers the form's POST or PUT with `answer`, recording bodies; holds it until `hold`. */
function recordWrites(
  method: 'post' | 'put',
  path: string,
  answer: () => Response,
  hold?: Promise<void>,
) {
  const bodies: Record<string, unknown>[] = []
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>)
      if (hold) await hold
      return answer()
    }),
  )
  return bodies
}

// Form fields are found by the labels schemas/product.json gives them, limits read from it too.
const productSchemaFields = schemaFields('product')
type Property = 'name' | 'description' | 'estimatedDeliveryDays' | 'price' | 'minPrice' | 'maxPrice'
type UpdateProperty = Property | 'rating' | 'noOfRatings'
const labelOf = (property: UpdateProperty) =>
  productSchemaFields.label(
    property,
    property === 'rating' || property === 'noOfRatings' ? 'update' : 'create',
  )
const field = (property: Property) => screen.getByRole('textbox', { name: labelOf(property) })
const amount = (property: UpdateProperty) =>
  screen.getByRole('spinbutton', { name: labelOf(property) })
const queryAmount = (property: UpdateProperty) =>
  screen.queryByRole('spinbutton', { name: labelOf(property) })
const enabledSwitch = () =>
  screen.getByRole('switch', { name: productSchemaFields.label('enabled') })
const categoriesPicker = () =>
  screen.getByRole('combobox', { name: productSchemaFields.label('productCategoryIds') })
const limit = (
  property: UpdateProperty,
  keyword: 'minimum' | 'maximum',
  form: 'create' | 'update' = 'create',
) => String(productSchemaFields.limit(property, keyword, form))

describe('create product', () => {
  async function openForm() {
    const view = renderApp('/service-providers/9/products/new', { signedIn: true })
    // The first visit loads the form library's chunk, slow on a busy machine.
    await screen.findByRole('button', { name: 'Create Product' }, { timeout: 10_000 })
    // The picker loads on its own, with the first form that shows one.
    await waitFor(() => expect(categoriesPicker()).toBeEnabled())
    return view
  }

  async function fillIn(user: User) {
    await user.type(field('name'), 'Window Cleaning')
    await user.type(field('description'), 'Inside and out')
  }

  it('starts with Fixed pricing, one day, enabled and a single Price field', async () => {
    await openForm()
    expect(await screen.findByText('Sparkle Cleaners')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Fixed' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Range' })).not.toBeChecked()
    expect(amount('estimatedDeliveryDays')).toHaveValue(1)
    expect(amount('estimatedDeliveryDays')).toHaveAttribute(
      'min',
      limit('estimatedDeliveryDays', 'minimum'),
    )
    expect(amount('price')).toHaveAttribute('min', limit('price', 'minimum'))
    expect(amount('price')).toHaveAttribute('step', '0.01')
    expect(queryAmount('minPrice')).toBeNull()
    expect(queryAmount('maxPrice')).toBeNull()
    expect(queryAmount('rating')).toBeNull()
    expect(queryAmount('noOfRatings')).toBeNull()
    expect(enabledSwitch()).toBeChecked()
    expect(screen.getByText('No product categories selected')).toBeInTheDocument()
  })

  it('Range swaps Price for Min Price and Max Price, and Fixed swaps back', async () => {
    const { user } = await openForm()
    await user.click(screen.getByRole('radio', { name: 'Range' }))
    expect(await screen.findByRole('spinbutton', { name: labelOf('minPrice') })).toBeInTheDocument()
    expect(amount('maxPrice')).toHaveAttribute('step', '0.01')
    expect(queryAmount('price')).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'Fixed' }))
    expect(await screen.findByRole('spinbutton', { name: 'Price' })).toBeInTheDocument()
    expect(queryAmount('minPrice')).toBeNull()
  })

  it('flags a Min Price above the Max Price beside it, without merge warnings', async () => {
    const warn = vi.spyOn(console, 'warn')
    const bodies = recordWrites('post', '/products', () =>
      HttpResponse.json({ id: 99 }, { status: 201 }),
    )
    const { user } = await openForm()
    await user.type(field('name'), 'Deep clean')
    await user.type(field('description'), 'Top to bottom')
    await user.click(screen.getByRole('radio', { name: 'Range' }))
    await user.type(await screen.findByRole('spinbutton', { name: labelOf('minPrice') }), '20')
    await user.type(amount('maxPrice'), '10')
    await user.click(screen.getByRole('button', { name: 'Create Product' }))

    // Both fields by their titles, the bound in naira (issue 30).
    expect(
      await screen.findByText(
        `${labelOf('minPrice')} must be at most ${labelOf('maxPrice')} (₦10.00).`,
      ),
    ).toBeInTheDocument()
    expect(amount('minPrice')).toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toHaveLength(0)
    // RJSF could not merge the old `allOf` comparing the two prices and said so, many times.
    const merges = warn.mock.calls.filter((args) => String(args[0]).includes('could not merge'))
    expect(merges).toEqual([])
    warn.mockRestore()
  })

  it('sends a Range product with its bounds and a null price, then opens it', async () => {
    const release = gate()
    const bodies = recordWrites(
      'post',
      '/products',
      () => HttpResponse.json({ id: 6 }, { status: 201 }),
      release.opened,
    )
    const { user, router } = await openForm()
    await fillIn(user)
    await user.type(amount('price'), '999')
    await user.click(screen.getByRole('radio', { name: 'Range' }))
    await user.type(await screen.findByRole('spinbutton', { name: labelOf('minPrice') }), '1000')
    await user.type(amount('maxPrice'), '5000.25')
    await choose(user, categoriesPicker(), 'Cleaning › Home Cleaning › Deep Cleaning')
    await user.click(screen.getByRole('button', { name: 'Create Product' }))
    expect(await screen.findByRole('button', { name: 'Creating . . .' })).toBeDisabled()
    release.open()

    await findToast('Success', 'Product created successfully!')
    expect(await screen.findByRole('heading', { name: 'Office Cleaning', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/products/6')
    expect(bodies).toHaveLength(1)
    const body = bodies[0] as Record<string, unknown>
    expect(body).toMatchObject({
      name: 'Window Cleaning',
      description: 'Inside and out',
      pricing: 'Range',
      minPrice: 1000,
      maxPrice: 5000.25,
      productCategoryIds: [4],
      serviceProviderId: 9,
      estimatedDeliveryDays: 1,
      enabled: true,
    })
    expect(body.price).toBeNull()
    expect(serverErrors('create', body)).toEqual([])
  })

  it('sends a Fixed product with its price and null bounds', async () => {
    const bodies = recordWrites('post', '/products', () =>
      HttpResponse.json({ id: 5 }, { status: 201 }),
    )
    const { user, router } = await openForm()
    await fillIn(user)
    await user.type(amount('price'), '12500')
    await user.clear(amount('estimatedDeliveryDays'))
    await user.type(amount('estimatedDeliveryDays'), '3')
    await user.click(enabledSwitch())
    await user.click(screen.getByRole('button', { name: 'Create Product' }))
    await waitFor(() => expect(currentPath(router)).toBe('/products/5'))
    expect(bodies).toEqual([
      {
        name: 'Window Cleaning',
        description: 'Inside and out',
        estimatedDeliveryDays: 3,
        pricing: 'Fixed',
        price: 12500,
        minPrice: null,
        maxPrice: null,
        productCategoryIds: [],
        enabled: false,
        serviceProviderId: 9,
      },
    ])
    expect(serverErrors('create', bodies[0])).toEqual([])
  })

  it('asks for the missing price beside its field and sends nothing', async () => {
    const bodies = recordWrites('post', '/products', () =>
      HttpResponse.json({ id: 5 }, { status: 201 }),
    )
    const { user } = await openForm()
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Create Product' }))
    await waitFor(() =>
      expect(amount('price')).toHaveAccessibleErrorMessage('This field is required.'),
    )
    expect(bodies).toHaveLength(0)
  })

  it.each([
    [
      "the server's detail",
      () => HttpResponse.json({ detail: 'productCategoryIds: 77 does not exist' }, { status: 400 }),
      'productCategoryIds: 77 does not exist',
    ],
    [
      'the fallback',
      () => new HttpResponse(null, { status: 500 }),
      'Failed to create product. Please try again.',
    ],
  ])('shows %s when creating fails and keeps the form', async (_, answer, message) => {
    recordWrites('post', '/products', answer)
    const { user, router } = await openForm()
    await fillIn(user)
    await user.type(amount('price'), '100')
    await user.click(screen.getByRole('button', { name: 'Create Product' }))
    await findToast('Error', message)
    expect(currentPath(router)).toBe('/service-providers/9/products/new')
    expect(await screen.findByRole('button', { name: 'Create Product' })).toBeEnabled()
    expect(field('name')).toHaveValue('Window Cleaning')
  })
})

describe('edit product', () => {
  async function openForm(id = 5) {
    const view = renderApp(`/products/${id}/edit`, { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    // The chosen categories named by their paths, asked for by id.
    await waitFor(() => expect(screen.queryByText(/^#\d+$/)).toBeNull())
    return view
  }

  it('is prefilled, with Rating and Number of Ratings', async () => {
    await openForm(6)
    expect(field('name')).toHaveValue('Office Cleaning')
    expect(screen.getByRole('radio', { name: 'Range' })).toBeChecked()
    expect(amount('minPrice')).toHaveValue(1000)
    expect(amount('maxPrice')).toHaveValue(5000)
    expect(queryAmount('price')).toBeNull()
    expect(amount('rating')).toHaveValue(4.4)
    expect(amount('rating')).toHaveAttribute('min', limit('rating', 'minimum', 'update'))
    expect(amount('rating')).toHaveAttribute('max', limit('rating', 'maximum', 'update'))
    expect(amount('noOfRatings')).toHaveValue(3)
    expect(amount('noOfRatings')).toHaveAttribute('min', limit('noOfRatings', 'minimum', 'update'))
    expect(enabledSwitch()).not.toBeChecked()
  })

  it('saves, confirms and returns to the product', async () => {
    const bodies = recordWrites('put', '/products/5', () => HttpResponse.json({ id: 5 }))
    const { user, router } = await openForm()
    expect(screen.getByRole('list', { name: 'Selected categories' })).toHaveTextContent(
      'CleaningCleaning › Home Cleaning › Deep Cleaning',
    )
    await user.clear(amount('rating'))
    await user.type(amount('rating'), '4.8')
    await user.click(screen.getByRole('radio', { name: 'Range' }))
    await user.type(await screen.findByRole('spinbutton', { name: labelOf('minPrice') }), '10000')
    await user.type(amount('maxPrice'), '15000')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    await findToast('Success', 'Product updated successfully!')
    await waitFor(() => expect(currentPath(router)).toBe('/products/5'))
    expect(bodies).toHaveLength(1)
    const body = bodies[0] as Record<string, unknown>
    expect(body).toMatchObject({
      name: 'Deep Home Clean',
      pricing: 'Range',
      minPrice: 10000,
      maxPrice: 15000,
      productCategoryIds: [1, 4],
      estimatedDeliveryDays: 2,
      enabled: true,
      rating: 4.8,
      noOfRatings: 12,
    })
    expect(body.price).toBeNull()
    expect(body).not.toHaveProperty('serviceProviderId')
    expect(serverErrors('update', body)).toEqual([])
  })

  it.each([
    [
      "the server's detail",
      () =>
        HttpResponse.json({ detail: 'minPrice must not be more than maxPrice' }, { status: 400 }),
      'minPrice must not be more than maxPrice',
    ],
    [
      'the fallback',
      () => new HttpResponse(null, { status: 500 }),
      'Failed to update product. Please try again.',
    ],
  ])('shows %s when saving fails', async (_, answer, message) => {
    recordWrites('put', '/products/5', answer)
    const { user, router } = await openForm()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await findToast('Error', message)
    expect(currentPath(router)).toBe('/products/5/edit')
  })

  it('replaces a missing product with /not-found', async () => {
    const { router } = renderApp('/products/99/edit', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
  })
})
