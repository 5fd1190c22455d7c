// The category screens of both hierarchies (spec §2 "Service provider category screens" and
// "Product category screens", §8), driven as an operator would: by role, label and text.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { schemaFields } from '../support/schema-labels'
import { buildCategory, categoryTree, page, toJson } from './factories/categories'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { choose, offered } from './support/combobox'
import { gate } from './support/gate'
import { currentPath, renderApp } from './support/render-app'
import { findToast } from './support/toasts'

interface Kind {
  name: string
  /** The schema file of its forms. */
  schema: 'service-provider-category' | 'product-category'
  base: string
  parentField: 'parentId' | 'parentCategoryId'
  listTitle: string
  /** The list filter's "top level only" choice. */
  filterNone: string
  createNone: string
  editNone: string
  created: string
  createFailed: string
}

const kinds: Kind[] = [
  {
    name: 'service provider categories',
    schema: 'service-provider-category',
    base: '/service-provider-categories',
    parentField: 'parentId',
    listTitle: 'Service Provider Categories',
    filterNone: 'No parent',
    createNone: 'None Parent Category',
    editNone: 'No Parent Category',
    created: 'Service Provider Category created successfully!',
    createFailed: 'Failed to create service provider category. Please try again.',
  },
  {
    name: 'product categories',
    schema: 'product-category',
    base: '/product-categories',
    parentField: 'parentCategoryId',
    listTitle: 'Product Categories',
    filterNone: 'None',
    createNone: 'None',
    editNone: 'None',
    created: 'Product Category created successfully!',
    createFailed: 'Failed to create product category. Please try again.',
  },
]

/** The list screen's requests (the pickers ask /search instead). */
function recordListRequests(kind: Kind, answer: (url: URL) => Response | Promise<Response>) {
  const listRequests: URL[] = []
  server.use(
    http.get(apiUrl(kind.base), ({ request }) => {
      const url = new URL(request.url)
      listRequests.push(url)
      return answer(url)
    }),
  )
  return listRequests
}

/** The value shown beside a label on the detail screen (a description list). */
function detailValue(label: string) {
  const term = screen.getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

/** The same, for a value that loads after the page (the subcategories). */
async function findDetailValue(label: string) {
  const term = await screen.findByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

const fullPath = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search

describe.each(kinds)('$name list', (kind) => {
  it('shows a spinner while loading, then one card per category', async () => {
    const release = gate()
    recordListRequests(kind, async () => {
      await release.opened
      return HttpResponse.json(page(categoryTree.map((c) => toJson(c, kind.parentField))))
    })
    renderApp(kind.base, { signedIn: true })
    expect(await screen.findByRole('heading', { name: kind.listTitle, level: 1 })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
    release.open()

    const cards = await screen.findAllByRole('article')
    expect(screen.queryByText('Loading')).toBeNull()
    expect(cards).toHaveLength(4)
    const cleaning = cards[0]
    expect(within(cleaning).getByRole('link', { name: 'Cleaning' })).toBeInTheDocument()
    expect(within(cleaning).getByText('All cleaning services')).toBeInTheDocument()
    expect(within(cleaning).queryByText(/Parent ID/)).toBeNull()
    const home = cards[1]
    expect(within(home).getByRole('link', { name: 'Home Cleaning' })).toBeInTheDocument()
    expect(within(home).getByText('Homes and flats')).toBeInTheDocument()
    expect(within(home).getByText('Parent ID: 1')).toBeInTheDocument()
    expect(within(cards[3]).getByText('Parent ID: 2')).toBeInTheDocument()
  })

  it("says 'No categories found.' when there are none", async () => {
    recordListRequests(kind, () => HttpResponse.json(page([])))
    renderApp(kind.base, { signedIn: true })
    expect(await screen.findByText('No categories found.')).toBeInTheDocument()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
  })

  it("shows the server's detail in an Error toast when the list fails", async () => {
    recordListRequests(kind, () =>
      HttpResponse.json({ detail: 'pageSize must be at most 3000' }, { status: 400 }),
    )
    renderApp(kind.base, { signedIn: true })
    await findToast('Error', 'pageSize must be at most 3000')
    expect(screen.queryByText('No categories found.')).toBeNull()
  })

  it("falls back to 'Error loading data' when the failure has no detail", async () => {
    recordListRequests(kind, () => new HttpResponse('Bad gateway', { status: 502 }))
    renderApp(kind.base, { signedIn: true })
    await findToast('Error', 'Error loading data')
  })

  it('offers all, none and the first categories by name, each by its full path', async () => {
    recordListRequests(kind, () => HttpResponse.json(page([])))
    const { user } = renderApp(kind.base, { signedIn: true })
    const select = await screen.findByRole('combobox', { name: 'Parent Category' })
    expect(await offered(user, select, 'Repairs')).toEqual([
      'All',
      kind.filterNone,
      'Cleaning',
      'Cleaning › Home Cleaning › Deep Cleaning',
      'Cleaning › Home Cleaning',
      'Repairs',
    ])
  })

  it('the name and "no parent" go to the URL as they change and ask for top-level categories', async () => {
    const requests = recordListRequests(kind, () => HttpResponse.json(page([])))
    const { user, router } = renderApp(kind.base, { signedIn: true })
    await screen.findByText('No categories found.')
    const select = screen.getByRole('combobox', { name: 'Parent Category' })
    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'clean')
    await choose(user, select, kind.filterNone)
    // Live filters: the select applies at once, with the name typed before it.
    await waitFor(() => expect(fullPath(router)).toBe(`${kind.base}?name=clean&parent=none`))
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('name')).toBe('clean'))
    const query = (requests.at(-1) as URL).searchParams
    expect(query.get('name')).toBe('clean')
    expect(query.get(kind.parentField)).toBe('null')
    expect(query.get('page')).toBe('1')
    expect(query.get('pageSize')).toBe('30')
  })

  it('Apply with one parent asks for its children, and the URL restores the filters', async () => {
    const requests = recordListRequests(kind, () => HttpResponse.json(page([])))
    const { user, router } = renderApp(kind.base, { signedIn: true })
    await screen.findByText('No categories found.')
    const select = screen.getByRole('combobox', { name: 'Parent Category' })
    await choose(user, select, 'Cleaning › Home Cleaning')
    // The pick applies at once; Apply then has nothing new to ask for.
    await waitFor(() => expect(fullPath(router)).toBe(`${kind.base}?parent=2`))
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(fullPath(router)).toBe(`${kind.base}?parent=2`))
    await waitFor(() => expect(requests.at(-1)?.searchParams.get(kind.parentField)).toBe('2'))
    expect(requests.at(-1)?.searchParams.has('name')).toBe(false)

    // Back restores the unfiltered list and its (empty) filter fields.
    await router.navigate(-1)
    await waitFor(() => expect(fullPath(router)).toBe(kind.base))
    await waitFor(() => expect(select).toHaveValue('All'))
    expect(requests.at(-1)?.searchParams.has(kind.parentField)).toBe(false)
  })

  it('reads a bookmarked filter from the URL', async () => {
    const requests = recordListRequests(kind, () => HttpResponse.json(page([])))
    renderApp(`${kind.base}?name=deep&parent=1&page=3`, { signedIn: true })
    await screen.findByText('No categories found.')
    expect(screen.getByRole('textbox', { name: 'Search by name' })).toHaveValue('deep')
    const select = screen.getByRole('combobox', { name: 'Parent Category' })
    await waitFor(() => expect(select).toHaveValue('Cleaning'))
    const query = requests[0].searchParams
    expect([query.get('name'), query.get(kind.parentField), query.get('page')]).toEqual([
      'deep',
      '1',
      '3',
    ])
  })

  it('pages with Previous and Next and shows "Page X of Y"', async () => {
    const all = categoryTree.map((c) => toJson(c, kind.parentField))
    const requests = recordListRequests(kind, (url) =>
      url.searchParams.get('page') === '2'
        ? HttpResponse.json(page(all.slice(2), 2, 2))
        : HttpResponse.json(page(all.slice(0, 2), 1, 2)),
    )
    const { user, router } = renderApp(kind.base, { signedIn: true })
    const pager = await screen.findByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled()

    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument()
    expect(fullPath(router)).toBe(`${kind.base}?page=2`)
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2')
    expect(screen.getByRole('link', { name: 'Repairs' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Cleaning' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument()
    expect(fullPath(router)).toBe(`${kind.base}?page=1`)
  })

  it('opens a category from its card', async () => {
    const { user, router } = renderApp(kind.base, { signedIn: true })
    const cards = await screen.findAllByRole('article')
    // The second card is Home Cleaning's own (the fourth names it as its parent).
    await user.click(within(cards[1]).getByRole('link', { name: 'Home Cleaning' }))
    expect(await screen.findByRole('heading', { name: 'Home Cleaning', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe(`${kind.base}/2`)
  })

  it("names each card's parent beside its Parent ID, linking to the parent", async () => {
    const { user, router } = renderApp(kind.base, { signedIn: true })
    const cards = await screen.findAllByRole('article')
    expect(within(cards[3]).getByText('Parent ID: 2')).toBeInTheDocument()
    const parent = await within(cards[3]).findByRole('link', {
      name: 'Parent: Home Cleaning',
    })
    await user.click(parent)
    expect(await screen.findByRole('heading', { name: 'Home Cleaning', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe(`${kind.base}/2`)
  })
})

describe.each(kinds)('$name detail', (kind) => {
  it('shows name, ID, parent ID, description and an Edit button', async () => {
    const { user, router } = renderApp(`${kind.base}/2`, { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Home Cleaning', level: 1 })).toBeVisible()
    expect(detailValue('Name')).toHaveTextContent('Home Cleaning')
    expect(detailValue('ID')).toHaveTextContent('2')
    expect(detailValue('Parent ID')).toHaveTextContent('1')
    // Beside the ID, the parent's name links to it.
    expect(
      await within(detailValue('Parent ID')).findByRole('link', { name: 'Cleaning' }),
    ).toHaveAttribute('href', `${kind.base}/1`)
    expect(detailValue('Description')).toHaveTextContent('Homes and flats')
    await user.click(screen.getByRole('link', { name: 'Edit' }))
    await waitFor(() => expect(currentPath(router)).toBe(`${kind.base}/2/edit`))
  })

  it('shows None for a top-level category', async () => {
    renderApp(`${kind.base}/3`, { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Repairs', level: 1 })).toBeVisible()
    expect(detailValue('Parent ID')).toHaveTextContent(/^None$/)
  })

  it('lists its subcategories by name, each leading to its page, asked for by parent', async () => {
    const requests = recordListRequests(kind, (url) =>
      HttpResponse.json(
        page(
          categoryTree
            .filter(
              (category) => String(category.parent) === url.searchParams.get(kind.parentField),
            )
            .map((category) => toJson(category, kind.parentField)),
        ),
      ),
    )
    const { user, router } = renderApp(`${kind.base}/1`, { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Cleaning', level: 1 })).toBeVisible()
    const child = await within(await findDetailValue('Subcategories')).findByRole('link', {
      name: 'Home Cleaning',
    })
    const asked = requests[0].searchParams
    expect(asked.get(kind.parentField)).toBe('1')
    expect([asked.get('page'), asked.get('sort'), asked.get('order')]).toEqual(['1', 'name', 'asc'])
    expect(Number(asked.get('pageSize'))).toBeLessThanOrEqual(10)
    await user.click(child)
    expect(await screen.findByRole('heading', { name: 'Home Cleaning', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe(`${kind.base}/2`)
    // Its own child, not the first page's.
    expect(
      await within(await findDetailValue('Subcategories')).findByRole('link', {
        name: 'Deep Cleaning',
      }),
    ).toHaveAttribute('href', `${kind.base}/4`)
  })

  it('says None without subcategories', async () => {
    renderApp(`${kind.base}/3`, { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Repairs', level: 1 })).toBeVisible()
    expect(await findDetailValue('Subcategories')).toHaveTextContent(/^No subcategories$/)
  })

  it('names the first ten, then "and N more" leads to the list filtered by parent', async () => {
    const children = Array.from({ length: 10 }, (_, index) =>
      toJson(
        buildCategory({ id: 20 + index, name: `Part ${index + 1}`, parent: 1 }),
        kind.parentField,
      ),
    )
    const firstPage = page(children)
    server.use(
      http.get(apiUrl(kind.base), () =>
        HttpResponse.json({
          ...firstPage,
          pagination: { ...firstPage.pagination, total: 14, totalPages: 2, hasNext: true },
        }),
      ),
    )
    const { user, router } = renderApp(`${kind.base}/1`, { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Cleaning', level: 1 })).toBeVisible()
    const value = await findDetailValue('Subcategories')
    expect(await within(value).findAllByRole('link', { name: /^Part / })).toHaveLength(10)
    await user.click(within(value).getByRole('link', { name: 'and 4 more' }))
    await waitFor(() => expect(fullPath(router)).toBe(`${kind.base}?parent=1`))
  })

  it.each(['99', 'abc'])('replaces a missing category (%s) with /not-found', async (id) => {
    const { router } = renderApp(kind.base, { signedIn: true })
    await screen.findAllByRole('article')
    await router.navigate(`${kind.base}/${id}`)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
    expect(router.state.historyAction).toBe('REPLACE')
    // The missing page left no entry behind: Back returns to the list.
    await router.navigate(-1)
    await waitFor(() => expect(currentPath(router)).toBe(kind.base))
  })

  it("shows the server's detail, else 'Error fetching category.', on another failure", async () => {
    server.use(
      http.get(apiUrl(`${kind.base}/:id`), ({ params }) =>
        params.id === '1'
          ? HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 })
          : new HttpResponse(null, { status: 500 }),
      ),
    )
    const { router } = renderApp(`${kind.base}/1`, { signedIn: true })
    await findToast('Error', 'Database unavailable')
    await router.navigate(`${kind.base}/2`)
    await findToast('Error', 'Error fetching category.')
    expect(currentPath(router)).toBe(`${kind.base}/2`)
  })
})

/** Answers the form's POST or PUT with `answer`, recording bodies; holds it until `gate` opens. */
function recordWrites(
  method: 'post' | 'put',
  path: string,
  answer: () => Response,
  hold?: Promise<void>,
) {
  const bodies: unknown[] = []
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      bodies.push(await request.json())
      if (hold) await hold
      return answer()
    }),
  )
  return bodies
}

// Form fields are found by the labels the schema files give them (an analyst may change them).
const label = (kind: Kind, field: 'name' | 'description' | 'parent') =>
  schemaFields(kind.schema).label(field === 'parent' ? kind.parentField : field)
const nameField = (kind: Kind) => screen.getByRole('textbox', { name: label(kind, 'name') })
const descriptionField = (kind: Kind) =>
  screen.getByRole('textbox', { name: label(kind, 'description') })
const parentField = (kind: Kind) => screen.getByRole('combobox', { name: label(kind, 'parent') })

describe.each(kinds)('$name create', (kind) => {
  async function openForm() {
    const view = renderApp(`${kind.base}/new`, { signedIn: true })
    await screen.findByRole('button', { name: 'Create Category' })
    await waitFor(() => expect(parentField(kind)).toHaveValue(kind.createNone))
    return view
  }

  it('has labelled Name, Description and Parent Category fields', async () => {
    const { user } = await openForm()
    for (const field of ['name', 'description', 'parent'] as const) {
      // The visible label names the control, for a person and for a screen reader.
      const text = label(kind, field)
      expect(screen.getByLabelText(new RegExp(`^${text}\\s*\\*?$`))).toBe(
        screen.getByRole(field === 'parent' ? 'combobox' : 'textbox', { name: text }),
      )
    }
    expect(nameField(kind)).toBeRequired()
    expect(descriptionField(kind)).toBeRequired()
    expect(parentField(kind)).not.toBeRequired()
    expect(await offered(user, parentField(kind), 'Repairs')).toEqual([
      kind.createNone,
      'Cleaning',
      'Cleaning › Home Cleaning › Deep Cleaning',
      'Cleaning › Home Cleaning',
      'Repairs',
    ])
  })

  it('is busy while creating, then confirms and opens the new category', async () => {
    const release = gate()
    const bodies = recordWrites(
      'post',
      kind.base,
      () => HttpResponse.json({ id: 5 }, { status: 201 }),
      release.opened,
    )
    server.use(
      http.get(apiUrl(`${kind.base}/5`), () =>
        HttpResponse.json({
          id: 5,
          name: 'Window Cleaning',
          description: 'Glass',
          [kind.parentField]: 2,
        }),
      ),
    )
    const { user, router } = await openForm()
    await user.type(nameField(kind), 'Window Cleaning')
    await user.type(descriptionField(kind), 'Glass')
    await choose(user, parentField(kind), 'Cleaning › Home Cleaning')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))

    const busy = await screen.findByRole('button', { name: 'Creating . . .' })
    expect(busy).toBeDisabled()
    await user.click(busy)
    release.open()

    await findToast('Success', kind.created)
    expect(await screen.findByRole('heading', { name: 'Window Cleaning', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe(`${kind.base}/5`)
    expect(bodies).toEqual([
      { name: 'Window Cleaning', description: 'Glass', [kind.parentField]: 2 },
    ])
  })

  it('sends a null parent when none is chosen', async () => {
    const bodies = recordWrites('post', kind.base, () =>
      HttpResponse.json({ id: 3 }, { status: 201 }),
    )
    const { user, router } = await openForm()
    await user.type(nameField(kind), 'Gardening')
    await user.type(descriptionField(kind), 'Lawns')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await waitFor(() => expect(currentPath(router)).toBe(`${kind.base}/3`))
    expect(bodies).toEqual([{ name: 'Gardening', description: 'Lawns', [kind.parentField]: null }])
  })

  it("shows the server's detail in an Error toast and keeps what was typed", async () => {
    recordWrites('post', kind.base, () =>
      HttpResponse.json({ detail: 'name: a category with this name exists' }, { status: 400 }),
    )
    const { user, router } = await openForm()
    await user.type(nameField(kind), 'Cleaning')
    await user.type(descriptionField(kind), 'Again')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await findToast('Error', 'name: a category with this name exists')
    expect(currentPath(router)).toBe(`${kind.base}/new`)
    expect(await screen.findByRole('button', { name: 'Create Category' })).toBeEnabled()
    expect(nameField(kind)).toHaveValue('Cleaning')
    expect(descriptionField(kind)).toHaveValue('Again')
  })

  it('shows the fallback text when the server sends no detail', async () => {
    recordWrites('post', kind.base, () => new HttpResponse(null, { status: 500 }))
    const { user } = await openForm()
    await user.type(nameField(kind), 'Gardening')
    await user.type(descriptionField(kind), 'Lawns')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await findToast('Error', kind.createFailed)
  })

  it.each([
    ['empty', '', 'This field is required.'],
    ['blank', '   ', 'This field must not be blank.'],
  ])(
    'an %s name gets a plain error beside the field and nothing is sent',
    async (_, typed, message) => {
      const bodies = recordWrites('post', kind.base, () =>
        HttpResponse.json({ id: 9 }, { status: 201 }),
      )
      const { user } = await openForm()
      if (typed) await user.type(nameField(kind), typed)
      await user.type(descriptionField(kind), 'Lawns')
      await user.click(screen.getByRole('button', { name: 'Create Category' }))
      await waitFor(() => expect(nameField(kind)).toBeInvalid())
      expect(nameField(kind)).toHaveAccessibleErrorMessage(message)
      expect(nameField(kind)).toHaveFocus()
      expect(descriptionField(kind)).toBeValid()
      expect(bodies).toHaveLength(0)
    },
  )
})

describe.each(kinds)('$name edit', (kind) => {
  async function openForm(id = 2) {
    const view = renderApp(`${kind.base}/${id}/edit`, { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    await waitFor(() => expect(parentField(kind)).not.toHaveValue(''))
    return view
  }

  it('is prefilled and leaves the category and its descendants out of the parents', async () => {
    const { user } = await openForm()
    expect(nameField(kind)).toHaveValue('Home Cleaning')
    expect(descriptionField(kind)).toHaveValue('Homes and flats')
    await waitFor(() => expect(parentField(kind)).toHaveValue('Cleaning'))
    expect(await offered(user, parentField(kind), 'Repairs')).toEqual([
      kind.editNone,
      'Cleaning',
      'Repairs',
    ])
  })

  it('is busy while saving, then returns to the detail screen', async () => {
    const release = gate()
    const bodies = recordWrites(
      'put',
      `${kind.base}/2`,
      () => HttpResponse.json({ id: 2 }),
      release.opened,
    )
    const { user, router } = await openForm()
    await user.clear(nameField(kind))
    await user.type(nameField(kind), 'House Cleaning')
    await choose(user, parentField(kind), kind.editNone)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('button', { name: 'Saving . . .' })).toBeDisabled()
    expect(nameField(kind)).toHaveValue('House Cleaning')
    release.open()

    await waitFor(() => expect(currentPath(router)).toBe(`${kind.base}/2`))
    expect(bodies).toEqual([
      { name: 'House Cleaning', description: 'Homes and flats', [kind.parentField]: null },
    ])
  })

  it("shows 'Error updating category.' without a detail and keeps the edits", async () => {
    recordWrites('put', `${kind.base}/2`, () => new HttpResponse(null, { status: 500 }))
    const { user, router } = await openForm()
    await user.clear(descriptionField(kind))
    await user.type(descriptionField(kind), 'Flats only')
    await choose(user, parentField(kind), 'Repairs')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await findToast('Error', 'Error updating category.')
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeEnabled()
    expect(currentPath(router)).toBe(`${kind.base}/2/edit`)
    expect(descriptionField(kind)).toHaveValue('Flats only')
    expect(parentField(kind)).toHaveValue('Repairs')
  })

  it("shows the server's detail when it sends one", async () => {
    recordWrites('put', `${kind.base}/2`, () =>
      HttpResponse.json({ detail: 'A category cannot be its own ancestor' }, { status: 400 }),
    )
    const { user } = await openForm()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await findToast('Error', 'A category cannot be its own ancestor')
  })

  it('replaces a missing category with /not-found', async () => {
    const { router } = renderApp(kind.base, { signedIn: true })
    await screen.findAllByRole('article')
    await router.navigate(`${kind.base}/99/edit`)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
    expect(router.state.historyAction).toBe('REPLACE')
    await router.navigate(-1)
    await waitFor(() => expect(currentPath(router)).toBe(kind.base))
  })
})
