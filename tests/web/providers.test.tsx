// The service provider screens (spec §2 "Service provider screens", §3 ServiceProvider, §8),
// driven as an operator would: by role, label and text, with the requests checked.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import providerSchema from '../../schemas/service-provider.json'
import { createBodyValidator } from '../../server/validation'
import type { ServiceProvider } from '../../src/features/service-providers/providers-api'
import { schemaFields } from '../support/schema-labels'
import { page } from './factories/categories'
import { buildProvider, PNG_BYTES, providerFixtures } from './factories/providers'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { choose, offered } from './support/combobox'
import { gate } from './support/gate'
import { currentPath, renderApp } from './support/render-app'
import { findToast } from './support/toasts'

type User = ReturnType<typeof renderApp>['user']
type Router = ReturnType<typeof renderApp>['router']

const [ada, bayo, chioma] = providerFixtures as [ServiceProvider, ServiceProvider, ServiceProvider]

const fullPath = (router: Router) => router.state.location.pathname + router.state.location.search
const queryOf = (url: URL) => Object.fromEntries(url.searchParams)

/** The reference server's check of a request body (the same schema file, the same options). */
const compileBody = createBodyValidator([providerSchema])
const serverValidators = {
  create: compileBody({ $ref: 'service-provider#/definitions/create' }),
  update: compileBody({ $ref: 'service-provider#/definitions/update' }),
}
function serverErrors(form: 'create' | 'update', body: unknown) {
  const validate = serverValidators[form]
  return validate(structuredClone(body)) ? [] : validate.errors
}

/** Answers the list with `answer`, recording each request's URL. */
function recordLists(
  answer: (url: URL) => Response | Promise<Response> = () =>
    HttpResponse.json(page(providerFixtures)),
) {
  const requests: URL[] = []
  server.use(
    http.get(apiUrl('/service-providers'), ({ request }) => {
      const url = new URL(request.url)
      requests.push(url)
      return answer(url)
    }),
  )
  return requests
}

/** Records which providers' passport photos are downloaded. */
function recordPhotoDownloads() {
  const ids: string[] = []
  server.use(
    http.get(apiUrl('/service-providers/:id/passport-photo'), ({ params }) => {
      ids.push(String(params.id))
      return new HttpResponse(PNG_BYTES, { headers: { 'Content-Type': 'image/png' } })
    }),
  )
  return ids
}

const emailFilter = () => screen.getByRole('searchbox', { name: 'Email' })
const brandFilter = () => screen.getByRole('textbox', { name: 'Brand Name' })
const statusFilter = () => screen.getByRole('combobox', { name: 'Status' })
const categoryFilter = () => screen.getByRole('combobox', { name: 'Category' })
const personFilter = () => screen.getByRole('textbox', { name: "Person's Name" })
const phoneFilter = () => screen.getByRole('textbox', { name: 'Phone Number' })

async function openList(path = '/service-providers') {
  const view = renderApp(path, { signedIn: true })
  await screen.findByRole('combobox', { name: 'Category' })
  return view
}

describe('service provider list', () => {
  it('shows a spinner while loading, then a card per provider', async () => {
    const release = gate()
    recordLists(async () => {
      await release.opened
      return HttpResponse.json(page(providerFixtures))
    })
    renderApp('/service-providers', { signedIn: true })
    expect(
      await screen.findByRole('heading', { name: 'Service Providers', level: 1 }),
    ).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
    release.open()

    const cards = await screen.findAllByRole('article')
    expect(screen.queryByText('Loading')).toBeNull()
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Ada Obi',
      'Bayo Adeyemi',
      'Chioma Eze',
    ])

    const adaCard = screen.getByRole('article', { name: 'Ada Obi' })
    for (const text of [
      'Ada Obi',
      'Sparkle Cleaners',
      'Enabled',
      'ada@sparkle.ng',
      'Ikeja, Lagos',
    ]) {
      expect(within(adaCard).getByText(text)).toBeInTheDocument()
    }
    // At most two category badges, then how many more there are.
    expect(within(adaCard).getByText('Cleaning')).toBeInTheDocument()
    expect(within(adaCard).getByText('Home Cleaning')).toBeInTheDocument()
    expect(within(adaCard).queryByText('Deep Cleaning')).toBeNull()
    expect(within(adaCard).getByText('+1 more')).toBeInTheDocument()
    expect(within(adaCard).getByRole('link', { name: 'View Ada Obi' })).toHaveAttribute(
      'href',
      '/service-providers/9',
    )

    const bayoCard = screen.getByRole('article', { name: 'Bayo Adeyemi' })
    for (const text of ['FixIt Repairs', 'Disabled', 'bayo@fixit.ng', 'Ibadan, Oyo', 'Repairs']) {
      expect(within(bayoCard).getByText(text)).toBeInTheDocument()
    }
    expect(within(bayoCard).queryByText(/more$/)).toBeNull()
    expect(within(bayoCard).getByRole('img', { name: 'Bayo Adeyemi' })).toHaveTextContent(/^BA$/)

    const chiomaCard = screen.getByRole('article', { name: 'Chioma Eze' })
    expect(within(chiomaCard).getByText('Port Harcourt, Rivers')).toBeInTheDocument()
    expect(within(chiomaCard).getByRole('img', { name: 'Chioma Eze' })).toHaveTextContent(/^CE$/)

    expect(screen.getByRole('link', { name: 'Add Provider' })).toHaveAttribute(
      'href',
      '/service-providers/new',
    )
  })

  it('shows initials until the passport photo has loaded, and only asks for existing photos', async () => {
    const downloads = recordPhotoDownloads()
    recordLists()
    renderApp('/service-providers', { signedIn: true })
    const adaCard = await screen.findByRole('article', { name: 'Ada Obi' })
    expect(within(adaCard).getByRole('img', { name: 'Ada Obi' })).toHaveTextContent(/^AO$/)
    // The avatar hides the image until the browser has loaded it (which jsdom never does).
    const photo = await within(adaCard).findByAltText('Passport photo of Ada Obi')
    expect(photo).not.toBeVisible()
    expect(within(adaCard).getByRole('img', { name: 'Ada Obi' })).toBeVisible()
    expect(photo).toHaveAttribute('src', expect.stringMatching(/^blob:/))
    fireEvent.load(photo)
    await waitFor(() => expect(photo).toBeVisible())
    expect(within(adaCard).queryByRole('img', { name: 'Ada Obi' })).toBeNull()
    expect(downloads).toEqual(['9'])
  })

  it('downloads the avatar thumbnail (?size=thumb), not the full passport photo', async () => {
    const requests: URL[] = []
    server.use(
      http.get(apiUrl('/service-providers/:id/passport-photo'), ({ request }) => {
        requests.push(new URL(request.url))
        return new HttpResponse(PNG_BYTES, { headers: { 'Content-Type': 'image/webp' } })
      }),
    )
    recordLists()
    renderApp('/service-providers', { signedIn: true })
    const adaCard = await screen.findByRole('article', { name: 'Ada Obi' })
    await within(adaCard).findByAltText('Passport photo of Ada Obi')
    expect(requests.map((url) => url.pathname)).toEqual([
      expect.stringMatching(/\/service-providers\/9\/passport-photo$/),
    ])
    expect(requests.map(queryOf)).toEqual([{ size: 'thumb' }])
  })

  it("says 'Nothing to see here.' when there are none", async () => {
    recordLists(() => HttpResponse.json(page([])))
    renderApp('/service-providers', { signedIn: true })
    expect(await screen.findByText('Nothing to see here.')).toBeInTheDocument()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
  })

  it.each([
    [
      "the server's detail",
      () => HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 }),
      'Database unavailable',
    ],
    [
      "'Error while loading data' without one",
      () => new HttpResponse('Bad gateway', { status: 502 }),
      'Error while loading data',
    ],
  ])('shows %s in an Error toast when the list fails', async (_, answer, message) => {
    recordLists(answer)
    renderApp('/service-providers', { signedIn: true })
    await findToast('Error', message)
    expect(screen.queryByText('Nothing to see here.')).toBeNull()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  it('filters on Enabled by default: the first request asks for enabled=true only', async () => {
    const requests = recordLists(() => HttpResponse.json(page([])))
    await openList()
    expect(statusFilter()).toHaveValue('enabled')
    expect(
      within(statusFilter())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Enabled', 'Disabled'])
    expect(emailFilter()).toHaveValue('')
    expect(brandFilter()).toHaveValue('')
    await waitFor(() => expect(categoryFilter()).toHaveValue('All'))
    expect(requests).toHaveLength(1)
    expect(queryOf(requests[0] as URL)).toEqual({ enabled: 'true', page: '1', pageSize: '30' })
  })

  it.each([
    ['Disabled', '&status=disabled', { enabled: 'false' }],
    ['All', '&status=all', {}],
    ['Enabled', '', { enabled: 'true' }],
  ])(
    'filters with status %s go to the URL and the request as they change',
    async (status, statusParam, enabled) => {
      const requests = recordLists(() => HttpResponse.json(page([])))
      const { user, router } = await openList()
      await user.type(emailFilter(), 'ada@')
      await user.type(brandFilter(), 'Sparkle')
      await user.selectOptions(statusFilter(), status)
      await choose(user, categoryFilter(), 'Cleaning › Home Cleaning')
      // Live filters: the selects apply at once, with the texts typed before them.
      await waitFor(() =>
        expect(fullPath(router)).toBe(
          `/service-providers?email=ada%40&brandName=Sparkle${statusParam}&category=2`,
        ),
      )
      await user.click(screen.getByRole('button', { name: 'Apply' }))
      await waitFor(() =>
        expect(queryOf(requests.at(-1) as URL).serviceProviderCategoryId).toBe('2'),
      )
      expect(queryOf(requests.at(-1) as URL)).toEqual({
        email: 'ada@',
        brandName: 'Sparkle',
        ...enabled,
        serviceProviderCategoryId: '2',
        page: '1',
        pageSize: '30',
      })
    },
  )

  it.each([
    [
      'every filter and the page',
      '?email=bayo&brandName=fix&status=disabled&category=3&page=2',
      ['bayo', 'fix', 'disabled', 'Repairs'],
      {
        email: 'bayo',
        brandName: 'fix',
        enabled: 'false',
        serviceProviderCategoryId: '3',
        page: '2',
        pageSize: '30',
      },
    ],
    ['status all', '?status=all', ['', '', 'all', 'All'], { page: '1', pageSize: '30' }],
    [
      'an unknown status as the default',
      '?status=bogus&category=x',
      ['', '', 'enabled', 'All'],
      { enabled: 'true', page: '1', pageSize: '30' },
    ],
  ])('reads %s from a bookmarked URL', async (_, search, fields, query) => {
    const requests = recordLists(() => HttpResponse.json(page([])))
    await openList(`/service-providers${search}`)
    expect(emailFilter()).toHaveValue(fields[0])
    expect(brandFilter()).toHaveValue(fields[1])
    expect(statusFilter()).toHaveValue(fields[2])
    // The category filter shows the category's path (asked for by id) or "All".
    await waitFor(() => expect(categoryFilter()).toHaveValue(fields[3]))
    expect(requests).toHaveLength(1)
    expect(queryOf(requests[0] as URL)).toEqual(query)
  })

  it("filters by a person's name and a phone number, in the URL, the request and the count", async () => {
    const requests = recordLists((url) =>
      HttpResponse.json(page(url.searchParams.has('phone') ? [ada] : providerFixtures)),
    )
    const { user, router } = await openList()
    expect(personFilter()).toHaveValue('')
    expect(phoneFilter()).toHaveAttribute('type', 'tel')
    await user.type(personFilter(), 'a o')
    await user.type(phoneFilter(), '0803')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(fullPath(router)).toBe('/service-providers?personName=a+o&phone=0803'),
    )
    await waitFor(() =>
      expect(queryOf(requests.at(-1) as URL)).toEqual({
        personName: 'a o',
        phone: '0803',
        enabled: 'true',
        page: '1',
        pageSize: '30',
      }),
    )
    expect(await screen.findByRole('article', { name: 'Ada Obi' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Chioma Eze' })).toBeNull()
    // Both count, beside the default Enabled.
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeInTheDocument()
  })

  it('flags a phone filter the API would refuse beside its field, and does not ask for it', async () => {
    const requests = recordLists(() => HttpResponse.json(page([])))
    const { user, router } = await openList()
    await user.type(phoneFilter(), 'x1')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(
      await screen.findByText('Type digits; spaces and + ( ) - . / may go between them.'),
    ).toBeInTheDocument()
    expect(phoneFilter()).toHaveAttribute('aria-invalid', 'true')
    expect(fullPath(router)).toBe('/service-providers')
    expect(requests.every((url) => !url.searchParams.has('phone'))).toBe(true)

    await user.clear(phoneFilter())
    await user.type(phoneFilter(), '+2 3')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(fullPath(router)).toBe('/service-providers?phone=%2B2+3'))
    expect(
      screen.queryByText('Type digits; spaces and + ( ) - . / may go between them.'),
    ).toBeNull()
    await waitFor(() => expect(queryOf(requests.at(-1) as URL).phone).toBe('+2 3'))
  })

  it.each([
    [
      "a person's name and a phone",
      '?personName=Obi&phone=0803-123&status=all',
      ['Obi', '0803-123'],
      { personName: 'Obi', phone: '0803-123', page: '1', pageSize: '30' },
    ],
    [
      'a phone the API would refuse as none',
      '?phone=abc',
      ['', ''],
      { enabled: 'true', page: '1', pageSize: '30' },
    ],
  ])('reads %s from a bookmarked URL', async (_, search, fields, query) => {
    const requests = recordLists(() => HttpResponse.json(page([])))
    await openList(`/service-providers${search}`)
    expect(personFilter()).toHaveValue(fields[0])
    expect(phoneFilter()).toHaveValue(fields[1])
    expect(requests).toHaveLength(1)
    expect(queryOf(requests[0] as URL)).toEqual(query)
  })

  it('Back restores the previous filters and list', async () => {
    const requests = recordLists(() => HttpResponse.json(page([])))
    const { user, router } = await openList()
    await user.selectOptions(statusFilter(), 'Disabled')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(fullPath(router)).toBe('/service-providers?status=disabled'))
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('enabled')).toBe('false'))

    await router.navigate(-1)
    await waitFor(() => expect(fullPath(router)).toBe('/service-providers'))
    await waitFor(() => expect(statusFilter()).toHaveValue('enabled'))
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('enabled')).toBe('true'))
  })

  it("pages with Previous and Next, showing 'Page x of y', and keeps the filters", async () => {
    const requests = recordLists((url) =>
      url.searchParams.get('page') === '2'
        ? HttpResponse.json(page([chioma], 2, 2))
        : HttpResponse.json(page([ada, bayo], 1, 2)),
    )
    const { user, router } = await openList('/service-providers?status=all')
    const pager = await screen.findByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled()

    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument()
    expect(fullPath(router)).toBe('/service-providers?status=all&page=2')
    expect(queryOf(requests.at(-1) as URL)).toEqual({ page: '2', pageSize: '30' })
    expect(screen.getByRole('article', { name: 'Chioma Eze' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Ada Obi' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled()

    // A new filter starts again at the first page.
    await user.type(brandFilter(), 'bright')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(fullPath(router)).toBe('/service-providers?brandName=bright&status=all'),
    )
    expect(queryOf(requests.at(-1) as URL)).toEqual({
      brandName: 'bright',
      page: '1',
      pageSize: '30',
    })
  })

  it('opens a provider from its View link, and the form from Add Provider', async () => {
    // The default API filters like the server: enabled providers only.
    const { user, router } = renderApp('/service-providers', { signedIn: true })
    await screen.findByRole('article', { name: 'Ada Obi' })
    expect(screen.queryByRole('article', { name: 'Bayo Adeyemi' })).toBeNull()
    await user.click(screen.getByRole('link', { name: 'View Ada Obi' }))
    expect(await screen.findByRole('heading', { name: 'Ada Obi', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/service-providers/9')

    await router.navigate(-1)
    await user.click(await screen.findByRole('link', { name: 'Add Provider' }))
    // The form page loads the form library on first use: slow on a loaded machine.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Create Service Provider', level: 1 },
        { timeout: 10_000 },
      ),
    ).toBeVisible()
    expect(currentPath(router)).toBe('/service-providers/new')
  })
})

/** The value shown beside a label on the detail screen (a description list). */
function detailValue(label: string) {
  const term = screen.getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

const lines = (element: HTMLElement) =>
  Array.from(element.children).map((child) => child.textContent)

describe('service provider detail', () => {
  it('shows the photo, contact details, address, brand, about, categories, status and actions', async () => {
    renderApp('/service-providers/9', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Ada Obi', level: 1 })).toBeVisible()
    expect(screen.getByRole('img', { name: 'Ada Obi' })).toHaveTextContent(/^AO$/)
    const photo = await screen.findByAltText('Passport photo of Ada Obi')
    fireEvent.load(photo)
    await waitFor(() => expect(photo).toBeVisible())
    expect(screen.queryByRole('img', { name: 'Ada Obi' })).toBeNull()
    expect(screen.getByText('Enabled')).toBeInTheDocument()

    expect(detailValue('Email')).toHaveTextContent('ada@sparkle.ng')
    expect(detailValue('Phone Number')).toHaveTextContent('+234 803 123 4567')
    expect(lines(detailValue('Address'))).toEqual(['12 Allen Avenue', 'Flat 3', 'Ikeja, Lagos'])

    const brand = screen.getByRole('region', { name: 'Brand' })
    expect(
      await within(brand).findByRole('img', { name: 'Sparkle Cleaners logo' }),
    ).toHaveAttribute('src', expect.stringMatching(/^blob:/))
    expect(within(brand).getByText('Sparkle Cleaners')).toBeInTheDocument()
    expect(within(brand).getByText('Homes and offices cleaned since 2015.')).toBeInTheDocument()

    const categories = screen.getByRole('region', { name: 'Service Categories' })
    for (const name of ['Cleaning', 'Home Cleaning', 'Deep Cleaning']) {
      expect(within(categories).getByText(name)).toBeInTheDocument()
    }
    expect(within(categories).queryByText('No service categories assigned')).toBeNull()

    expect(screen.getByRole('link', { name: 'View Products' })).toHaveAttribute(
      'href',
      '/service-providers/9/products',
    )
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/service-providers/9/edit',
    )
  })

  it('shows initials, one address line and no logo when the provider has none', async () => {
    const downloads = recordPhotoDownloads()
    renderApp('/service-providers/10', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Bayo Adeyemi', level: 1 })).toBeVisible()
    expect(screen.getByRole('img', { name: 'Bayo Adeyemi' })).toHaveTextContent(/^BA$/)
    expect(screen.getByText('Disabled')).toBeInTheDocument()
    expect(lines(detailValue('Address'))).toEqual(['4 Ring Road', 'Ibadan, Oyo'])
    const brand = screen.getByRole('region', { name: 'Brand' })
    expect(within(brand).queryByRole('img', { hidden: true })).toBeNull()
    expect(within(brand).getByText('Plumbing and electrical repairs.')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Service Categories' })).getByText('Repairs'),
    ).toBeInTheDocument()
    expect(screen.queryByAltText(/^Passport photo/)).toBeNull()
    expect(downloads).toEqual([])
  })

  it('keeps the initials when the photo cannot be shown', async () => {
    renderApp('/service-providers/9', { signedIn: true })
    const photo = await screen.findByAltText('Passport photo of Ada Obi')
    fireEvent.error(photo)
    expect(screen.getByRole('img', { name: 'Ada Obi' })).toBeVisible()
    expect(photo).not.toBeVisible()
  })

  it("says 'No service categories assigned' when there are none", async () => {
    renderApp('/service-providers/11', { signedIn: true })
    const categories = await screen.findByRole('region', { name: 'Service Categories' })
    expect(within(categories).getByText('No service categories assigned')).toBeInTheDocument()
  })

  it('View Products and Edit lead to their screens', async () => {
    const { user, router } = renderApp('/service-providers/9', { signedIn: true })
    await user.click(await screen.findByRole('link', { name: 'View Products' }))
    expect(
      await screen.findByRole('heading', { name: 'Service Provider Products', level: 1 }),
    ).toBeVisible()
    expect(currentPath(router)).toBe('/service-providers/9/products')
    await router.navigate(-1)
    await user.click(await screen.findByRole('link', { name: 'Edit' }))
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument()
    expect(currentPath(router)).toBe('/service-providers/9/edit')
  })

  it.each(['99', 'abc'])('replaces a missing provider (%s) with /not-found', async (id) => {
    const { router } = renderApp('/service-providers', { signedIn: true })
    await screen.findAllByRole('article')
    await router.navigate(`/service-providers/${id}`)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
    expect(router.state.historyAction).toBe('REPLACE')
    await router.navigate(-1)
    await waitFor(() => expect(currentPath(router)).toBe('/service-providers'))
  })

  it("shows the server's detail, else 'Error fetching data.', on another failure", async () => {
    server.use(
      http.get(apiUrl('/service-providers/:id'), ({ params }) =>
        params.id === '9'
          ? HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 })
          : new HttpResponse(null, { status: 500 }),
      ),
    )
    const { router } = renderApp('/service-providers/9', { signedIn: true })
    await findToast('Error', 'Database unavailable')
    await router.navigate('/service-providers/10')
    await findToast('Error', 'Error fetching data.')
    expect(currentPath(router)).toBe('/service-providers/10')
    expect(screen.getByRole('heading', { name: 'Service Provider', level: 1 })).toBeVisible()
  })
})

/** Answers the form's POST or PUT with `answer`, recording bodies; holds it until `hold` settles. */
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

// Form fields are found by the labels schemas/service-provider.json gives them.
const providerLabels = schemaFields('service-provider')
/** A text field by its property name (`firstName`), found by the label the schema gives it. */
const textbox = (property: string) =>
  screen.getByRole('textbox', { name: providerLabels.label(property) })
const categoriesField = () =>
  screen.getByRole('combobox', { name: providerLabels.label('serviceProviderCategoryIds') })
const enabledSwitch = () => screen.getByRole('switch', { name: providerLabels.label('enabled') })
const chips = () =>
  within(screen.getByRole('list', { name: 'Selected categories' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent)

/** Replaces what the text fields hold. */
async function fill(user: User, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = textbox(name)
    await user.clear(field)
    await user.click(field)
    await user.paste(value)
  }
}

const REQUIRED = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'addressLine1',
  'city',
  'state',
  'brandName',
  'about',
]

const NEW_PROVIDER = {
  firstName: 'Dayo',
  lastName: 'Bello',
  email: 'dayo@bellopipes.ng',
  phoneNumber: '+234 809 111 2222',
  addressLine1: '5 Marina',
  city: 'Lagos Island',
  state: 'Lagos',
  brandName: 'Bello Pipes',
  about: 'Pipes fixed fast.',
}

describe('service provider create', () => {
  async function openForm() {
    const view = renderApp('/service-providers/new', { signedIn: true })
    await screen.findByRole('button', { name: 'Create Service Provider' })
    return view
  }

  it('has the Personal Information and Brand Information sections with labelled fields', async () => {
    const { user } = await openForm()
    const sections: [string, string[]][] = [
      [
        'Personal Information',
        [
          'firstName',
          'lastName',
          'email',
          'phoneNumber',
          'addressLine1',
          'addressLine2',
          'city',
          'state',
        ],
      ],
      ['Brand Information', ['brandName', 'about', 'serviceProviderCategoryIds', 'enabled']],
    ]
    for (const [title, properties] of sections) {
      const labels = properties.map((property) => providerLabels.label(property))
      const section = screen.getByRole('region', { name: title })
      expect(within(section).getByRole('heading', { name: title, level: 2 })).toBeVisible()
      for (const label of labels) {
        // The visible label names the control, for a person and for a screen reader.
        expect(within(section).getByLabelText(label)).toBe(screen.getByLabelText(label))
      }
    }
    for (const name of REQUIRED) expect(textbox(name)).toBeRequired()
    expect(textbox('addressLine2')).not.toBeRequired()
    expect(textbox('email')).toHaveAttribute('type', 'email')
    expect(textbox('phoneNumber')).toHaveAttribute('type', 'tel')
    expect(textbox('about').tagName).toBe('TEXTAREA')
    expect(enabledSwitch()).toBeChecked()
    expect(categoriesField()).toHaveValue('')
    expect(screen.getByText('No service categories selected')).toBeInTheDocument()
    expect(await offered(user, categoriesField(), 'Repairs')).toEqual([
      'Cleaning',
      'Cleaning › Home Cleaning › Deep Cleaning',
      'Cleaning › Home Cleaning',
      'Repairs',
    ])
  })

  it("says 'Failed to fetch service provider categories' when they cannot be loaded", async () => {
    server.use(
      http.get(
        apiUrl('/service-provider-categories/search'),
        () => new HttpResponse(null, { status: 500 }),
      ),
    )
    const { user } = renderApp('/service-providers/new', { signedIn: true })
    await user.click(
      await screen.findByRole('combobox', {
        name: providerLabels.label('serviceProviderCategoryIds'),
      }),
    )
    await findToast('Error', 'Failed to fetch service provider categories')
    expect(screen.getByRole('button', { name: 'Create Service Provider' })).toBeEnabled()
    expect(screen.getByText('No service categories selected')).toBeInTheDocument()
  })

  it('adds categories as chips and removes them one by one', async () => {
    const { user } = await openForm()
    await choose(user, categoriesField(), 'Repairs')
    await choose(user, categoriesField(), 'Cleaning › Home Cleaning')
    expect(chips()).toEqual(['Repairs', 'Cleaning › Home Cleaning'])
    expect(screen.queryByText('No service categories selected')).toBeNull()
    // The picker goes back to its prompt; the chosen categories are marked chosen.
    expect(categoriesField()).toHaveValue('')
    await user.click(categoriesField())
    const listbox = await screen.findByRole('listbox')
    const option = (name: string) => within(listbox).getByRole('option', { name })
    await waitFor(() => expect(option('Repairs')).toHaveAttribute('aria-selected', 'true'))
    expect(option('Cleaning')).not.toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Remove Repairs' }))
    expect(chips()).toEqual(['Cleaning › Home Cleaning'])
    await user.click(screen.getByRole('button', { name: 'Remove Cleaning › Home Cleaning' }))
    expect(screen.getByText('No service categories selected')).toBeInTheDocument()
  })

  it('is busy while creating, then confirms and opens the new provider', async () => {
    const release = gate()
    const bodies = recordWrites(
      'post',
      '/service-providers',
      () => HttpResponse.json({ id: 12 }, { status: 201 }),
      release.opened,
    )
    server.use(
      http.get(apiUrl('/service-providers/12'), () =>
        HttpResponse.json(buildProvider({ id: 12, firstName: 'Dayo', lastName: 'Bello' })),
      ),
    )
    const { user, router } = await openForm()
    await fill(user, NEW_PROVIDER)
    await choose(user, categoriesField(), 'Repairs')
    await choose(user, categoriesField(), 'Cleaning › Home Cleaning › Deep Cleaning')
    await user.click(screen.getByRole('button', { name: 'Create Service Provider' }))

    const busy = await screen.findByRole('button', { name: 'Creating . . .' })
    expect(busy).toBeDisabled()
    release.open()

    await findToast('Success', 'Service Provider created successfully!')
    expect(await screen.findByRole('heading', { name: 'Dayo Bello', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/service-providers/12')
    // Exactly the spec's fields; an empty Address Line 2 is left out.
    expect(bodies).toEqual([{ ...NEW_PROVIDER, serviceProviderCategoryIds: [3, 4], enabled: true }])
    expect(bodies[0]).not.toHaveProperty('addressLine2')
    expect(serverErrors('create', bodies[0])).toEqual([])
  })

  it('sends Address Line 2, no categories and a switched-off Enabled', async () => {
    const bodies = recordWrites('post', '/service-providers', () =>
      HttpResponse.json({ id: 10 }, { status: 201 }),
    )
    const { user, router } = await openForm()
    await fill(user, { ...NEW_PROVIDER, addressLine2: 'Suite 2' })
    await user.click(enabledSwitch())
    expect(enabledSwitch()).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Create Service Provider' }))
    await waitFor(() => expect(currentPath(router)).toBe('/service-providers/10'))
    expect(bodies).toEqual([
      {
        ...NEW_PROVIDER,
        addressLine2: 'Suite 2',
        serviceProviderCategoryIds: [],
        enabled: false,
      },
    ])
    expect(serverErrors('create', bodies[0])).toEqual([])
  })

  it('marks every empty required field in plain words and sends nothing', async () => {
    const bodies = recordWrites('post', '/service-providers', () =>
      HttpResponse.json({ id: 12 }, { status: 201 }),
    )
    const { user, router } = await openForm()
    await user.click(screen.getByRole('button', { name: 'Create Service Provider' }))
    await waitFor(() => expect(textbox('firstName')).toBeInvalid())
    for (const name of REQUIRED) {
      expect(textbox(name)).toBeInvalid()
      expect(textbox(name)).toHaveAccessibleErrorMessage('This field is required.')
    }
    expect(textbox('addressLine2')).toBeValid()
    expect(textbox('firstName')).toHaveFocus()
    expect(bodies).toHaveLength(0)
    expect(currentPath(router)).toBe('/service-providers/new')
  })

  it.each([
    ['email', 'dayo@', 'Enter a valid email address.'],
    ['phoneNumber', 'call me', 'This value is not in the expected format.'],
    ['about', '   ', 'This field must not be blank.'],
  ])(
    'an invalid %s gets a plain error beside it and nothing is sent',
    async (name, typed, message) => {
      const bodies = recordWrites('post', '/service-providers', () =>
        HttpResponse.json({ id: 12 }, { status: 201 }),
      )
      const { user } = await openForm()
      await fill(user, { ...NEW_PROVIDER, [name]: typed })
      await user.click(screen.getByRole('button', { name: 'Create Service Provider' }))
      await waitFor(() => expect(textbox(name)).toBeInvalid())
      expect(textbox(name)).toHaveAccessibleErrorMessage(message)
      expect(textbox(name)).toHaveFocus()
      expect(textbox('firstName')).toBeValid()
      expect(bodies).toHaveLength(0)
    },
  )

  it.each([
    [
      "the server's detail",
      () =>
        HttpResponse.json(
          { detail: 'A service provider with this email already exists' },
          { status: 409 },
        ),
      'A service provider with this email already exists',
    ],
    [
      'the fallback without a detail',
      () => new HttpResponse(null, { status: 500 }),
      'Failed to create service provider. Please try again.',
    ],
  ])('shows %s in an Error toast and keeps what was typed', async (_, answer, message) => {
    recordWrites('post', '/service-providers', answer)
    const { user, router } = await openForm()
    await fill(user, NEW_PROVIDER)
    await user.click(screen.getByRole('button', { name: 'Create Service Provider' }))
    await findToast('Error', message)
    expect(currentPath(router)).toBe('/service-providers/new')
    expect(await screen.findByRole('button', { name: 'Create Service Provider' })).toBeEnabled()
    expect(textbox('email')).toHaveValue('dayo@bellopipes.ng')
    expect(textbox('about')).toHaveValue('Pipes fixed fast.')
  })
})

describe('service provider edit', () => {
  async function openForm(provider: ServiceProvider = ada) {
    const view = renderApp(`/service-providers/${provider.id}/edit`, { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    await waitFor(() => expect(screen.queryByText(/^#\d+$/)).toBeNull())
    return view
  }

  it('is prefilled, with the email shown but not editable', async () => {
    await openForm()
    expect(screen.getByRole('heading', { name: 'Edit Service Provider', level: 1 })).toBeVisible()
    const email = textbox('email')
    expect(email).toHaveValue('ada@sparkle.ng')
    expect(email).toHaveAttribute('readonly')
    expect(email.closest('form')).toBeNull() // not part of what Save Changes sends
    expect(textbox('firstName')).toHaveValue('Ada')
    expect(textbox('lastName')).toHaveValue('Obi')
    expect(textbox('phoneNumber')).toHaveValue('+234 803 123 4567')
    expect(textbox('addressLine1')).toHaveValue('12 Allen Avenue')
    expect(textbox('addressLine2')).toHaveValue('Flat 3')
    expect(textbox('city')).toHaveValue('Ikeja')
    expect(textbox('state')).toHaveValue('Lagos')
    expect(textbox('brandName')).toHaveValue('Sparkle Cleaners')
    expect(textbox('about')).toHaveValue('Homes and offices cleaned since 2015.')
    expect(chips()).toEqual([
      'Cleaning',
      'Cleaning › Home Cleaning',
      'Cleaning › Home Cleaning › Deep Cleaning',
    ])
    expect(enabledSwitch()).toBeChecked()
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/service-providers/9',
    )
  })

  it('is busy while saving, sends everything but the email, then returns to the provider', async () => {
    const release = gate()
    const bodies = recordWrites(
      'put',
      '/service-providers/9',
      () => HttpResponse.json(ada),
      release.opened,
    )
    const { user, router } = await openForm()
    await fill(user, { phoneNumber: '+234 803 999 0000' })
    await user.click(
      screen.getByRole('button', { name: 'Remove Cleaning › Home Cleaning › Deep Cleaning' }),
    )
    await choose(user, categoriesField(), 'Repairs')
    await user.click(enabledSwitch())
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('button', { name: 'Saving . . .' })).toBeDisabled()
    expect(textbox('phoneNumber')).toHaveValue('+234 803 999 0000')
    release.open()

    expect(await screen.findByRole('heading', { name: 'Ada Obi', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/service-providers/9')
    expect(bodies).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Obi',
        phoneNumber: '+234 803 999 0000',
        addressLine1: '12 Allen Avenue',
        addressLine2: 'Flat 3',
        city: 'Ikeja',
        state: 'Lagos',
        brandName: 'Sparkle Cleaners',
        about: 'Homes and offices cleaned since 2015.',
        serviceProviderCategoryIds: [1, 2, 3],
        enabled: false,
      },
    ])
    expect(serverErrors('update', bodies[0])).toEqual([])
  })

  it('sends a provider without a second address line as the server accepts it', async () => {
    const bodies = recordWrites('put', '/service-providers/10', () => HttpResponse.json(bayo))
    const { user, router } = await openForm(bayo)
    expect(textbox('addressLine2')).toHaveValue('')
    expect(enabledSwitch()).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(currentPath(router)).toBe('/service-providers/10'))
    expect(bodies).toEqual([
      {
        firstName: 'Bayo',
        lastName: 'Adeyemi',
        phoneNumber: '+234 802 555 0101',
        addressLine1: '4 Ring Road',
        addressLine2: null,
        city: 'Ibadan',
        state: 'Oyo',
        brandName: 'FixIt Repairs',
        about: 'Plumbing and electrical repairs.',
        serviceProviderCategoryIds: [3],
        enabled: false,
      },
    ])
    expect(serverErrors('update', bodies[0])).toEqual([])
  })

  it.each([
    [
      'the fallback without a detail',
      () => new HttpResponse(null, { status: 500 }),
      'Failed to update service provider. Please try again.',
    ],
    [
      "the server's detail",
      () =>
        HttpResponse.json(
          { detail: 'serviceProviderCategoryIds 3 is not an existing service provider category' },
          { status: 400 },
        ),
      'serviceProviderCategoryIds 3 is not an existing service provider category',
    ],
  ])('shows %s in an Error toast and keeps the edits', async (_, answer, message) => {
    recordWrites('put', '/service-providers/9', answer)
    const { user, router } = await openForm()
    await fill(user, { city: 'Yaba' })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await findToast('Error', message)
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeEnabled()
    expect(currentPath(router)).toBe('/service-providers/9/edit')
    expect(textbox('city')).toHaveValue('Yaba')
  })

  it('Cancel goes back to the provider without saving (once the changes are discarded)', async () => {
    const bodies = recordWrites('put', '/service-providers/9', () => HttpResponse.json(ada))
    const { user, router } = await openForm()
    await fill(user, { city: 'Yaba' })
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    const asked = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await user.click(within(asked).getByRole('button', { name: 'Discard' }))
    expect(await screen.findByRole('heading', { name: 'Ada Obi', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/service-providers/9')
    expect(bodies).toHaveLength(0)
  })

  it('replaces a missing provider with /not-found', async () => {
    const { router } = renderApp('/service-providers', { signedIn: true })
    await screen.findAllByRole('article')
    await router.navigate('/service-providers/99/edit')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

// The crop flow runs for real; only what jsdom lacks is faked: decoding the picked image
// (its size) and the canvas the crop is drawn on.
const CROPPED_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB'

function fakeImageDecodingAndCanvas() {
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value: () => Promise.resolve(),
  })
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(3000)
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(2000)
  const context = { scale: vi.fn(), translate: vi.fn(), drawImage: vi.fn() }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  )
  return vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(CROPPED_PNG)
}

const imageKinds = [
  {
    name: 'passport photo',
    group: 'Passport Photo',
    button: 'Upload passport photo',
    path: 'passport-photo',
    field: 'passportPhoto',
    flag: 'hasPassportPhoto',
    alt: (provider: ServiceProvider) =>
      `Passport photo of ${provider.firstName} ${provider.lastName}`,
  },
  {
    name: 'brand logo',
    group: 'Brand Logo',
    button: 'Upload brand logo',
    path: 'brand-logo',
    field: 'brandLogo',
    flag: 'hasBrandLogo',
    alt: (provider: ServiceProvider) => `${provider.brandName} logo`,
  },
] as const

describe.each(imageKinds)('service provider edit: $name upload', (kind) => {
  afterEach(() => {
    vi.restoreAllMocks()
    delete (HTMLImageElement.prototype as { decode?: unknown }).decode
  })

  /** The image's API: serves it once it exists, records uploads and downloads. */
  function imageApi(provider: ServiceProvider, answer?: () => Response) {
    let exists = provider[kind.flag]
    const uploads: unknown[] = []
    const downloads: string[] = []
    const path = `/service-providers/${provider.id}/${kind.path}`
    server.use(
      http.post(apiUrl(path), async ({ request }) => {
        uploads.push(await request.json())
        if (answer) return answer()
        exists = true
        return HttpResponse.json({ ...provider, [kind.flag]: true })
      }),
      http.get(apiUrl(path), () => {
        downloads.push(path)
        return exists
          ? new HttpResponse(PNG_BYTES, { headers: { 'Content-Type': 'image/png' } })
          : HttpResponse.json({ detail: 'none' }, { status: 404 })
      }),
    )
    return { uploads, downloads }
  }

  async function pickFile(user: User) {
    const group = screen.getByRole('group', { name: kind.group })
    await user.upload(
      within(group).getByLabelText(kind.button),
      new File(['png bytes'], 'me.png', { type: 'image/png' }),
    )
    return screen.findByRole('dialog', { name: 'Crop your photo' })
  }

  it(`has a ${kind.group} field whose file input is labelled '${kind.button}'`, async () => {
    renderApp('/service-providers/10/edit', { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    const group = screen.getByRole('group', { name: kind.group })
    const input = within(group).getByLabelText(kind.button)
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('uploads the square crop as a PNG data URL, then shows the new image', async () => {
    const toDataURL = fakeImageDecodingAndCanvas()
    const { uploads, downloads } = imageApi(bayo)
    const { user } = renderApp('/service-providers/10/edit', { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    const group = screen.getByRole('group', { name: kind.group })
    expect(within(group).queryByAltText(kind.alt(bayo))).toBeNull()

    const dialog = await pickFile(user)
    // The spec's title for both images; the line under it says which one (issue 30).
    expect(dialog).toHaveAccessibleDescription(
      `${kind.group}: drag and zoom to frame it, then Upload.`,
    )
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' })
    expect([zoom.getAttribute('min'), zoom.getAttribute('max'), zoom.getAttribute('step')]).toEqual(
      ['1', '3', '0.1'],
    )
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    expect(uploads).toEqual([{ [kind.field]: CROPPED_PNG }])
    expect(toDataURL).toHaveBeenCalledWith('image/png')
    // The 2000×2000 square of the 3000×2000 picture, scaled down to 1024×1024.
    const canvas = toDataURL.mock.contexts[0] as HTMLCanvasElement
    expect([canvas.width, canvas.height]).toEqual([1024, 1024])

    const image = await within(group).findByAltText(kind.alt(bayo))
    expect(image).toHaveAttribute('src', expect.stringMatching(/^blob:/))
    expect(downloads).toHaveLength(1)
  })

  it('downloads the replaced image again after an upload', async () => {
    fakeImageDecodingAndCanvas()
    const { uploads, downloads } = imageApi(ada)
    const { user } = renderApp('/service-providers/9/edit', { signedIn: true })
    const group = await screen.findByRole('group', { name: kind.group })
    const before = await within(group).findByAltText(kind.alt(ada))
    const oldSrc = before.getAttribute('src')
    expect(downloads).toHaveLength(1)

    const dialog = await pickFile(user)
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(uploads).toHaveLength(1)
    await waitFor(() => expect(downloads).toHaveLength(2))
    await waitFor(() =>
      expect(within(group).getByAltText(kind.alt(ada)).getAttribute('src')).not.toBe(oldSrc),
    )
  })

  it.each([
    [
      "'Error uploading image. Please try again.' without a detail",
      () => new HttpResponse(null, { status: 500 }),
      'Error uploading image. Please try again.',
    ],
    [
      "the server's detail",
      () => HttpResponse.json({ detail: `${kind.field} is larger than 8 MiB` }, { status: 413 }),
      `${kind.field} is larger than 8 MiB`,
    ],
  ])('shows %s when the upload fails, and stays open to retry', async (_, answer, message) => {
    fakeImageDecodingAndCanvas()
    const { uploads } = imageApi(bayo, answer)
    const { user } = renderApp('/service-providers/10/edit', { signedIn: true })
    const group = await screen.findByRole('group', { name: kind.group })
    const dialog = await pickFile(user)
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await findToast('Error', message)
    expect(uploads).toHaveLength(1)
    expect(screen.getByRole('dialog', { name: 'Crop your photo' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled()
    expect(within(group).queryByAltText(kind.alt(bayo))).toBeNull()
  })

  // The upload changes what GET shows (the image flag), hence the provider's ETag: the operator's
  // own upload must not make their next save look stale, and must not hide anyone else's edit.
  describe('and the save after it', () => {
    function versionedBayo(uploads: unknown[]) {
      const state = { changedElsewhere: false, gets: 0 }
      const tag = () => `"v${uploads.length}${state.changedElsewhere ? '-theirs' : ''}"`
      const ifMatches: Array<string | null> = []
      server.use(
        http.get(apiUrl('/service-providers/10'), () => {
          state.gets += 1
          const about = state.changedElsewhere ? 'Changed by someone else' : bayo.about
          const body = { ...bayo, about, [kind.flag]: uploads.length > 0 }
          return HttpResponse.json(body, { headers: { ETag: tag() } })
        }),
        http.put(apiUrl('/service-providers/10'), ({ request }) => {
          const ifMatch = request.headers.get('If-Match')
          ifMatches.push(ifMatch)
          return ifMatch === tag()
            ? HttpResponse.json(bayo)
            : HttpResponse.json({ detail: 'Changed meanwhile' }, { status: 412 })
        }),
      )
      return { state, ifMatches }
    }

    async function uploadThenSave(changedElsewhere: boolean) {
      fakeImageDecodingAndCanvas()
      const { uploads } = imageApi(bayo)
      const { state, ifMatches } = versionedBayo(uploads)
      const view = renderApp('/service-providers/10/edit', { signedIn: true })
      await screen.findByRole('button', { name: 'Save Changes' })
      state.changedElsewhere = changedElsewhere
      const dialog = await pickFile(view.user)
      await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      // The page looks at the provider again after the upload.
      await waitFor(() => expect(state.gets).toBe(2))
      await view.user.click(screen.getByRole('button', { name: 'Save Changes' }))
      return { ...view, ifMatches }
    }

    it("sends the provider's new tag when only the upload changed it", async () => {
      const { router, ifMatches } = await uploadThenSave(false)
      await waitFor(() => expect(currentPath(router)).toBe('/service-providers/10'))
      expect(ifMatches).toEqual(['"v1"'])
    })

    it('keeps the tag it loaded when someone else changed the provider too', async () => {
      const { router, ifMatches } = await uploadThenSave(true)
      // The look after the upload already showed their change; the save's 412 says it again.
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Changed meanwhile'))
      expect(ifMatches).toEqual(['"v0"'])
      expect(currentPath(router)).toBe('/service-providers/10/edit')
    })
  })
})
