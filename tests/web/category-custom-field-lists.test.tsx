// Custom fields in lists (issue 27, point 4), on both category lists: the fields a category
// schema marks (`"ui:options": { "sortable": true, "filterable": true }`) are filters, sorts and
// table columns there too, sent to the API (and kept out of the other kind's list); Clear
// filters clears them with the name and parent filters. The schemas' custom fields are
// replaced here by marked ones.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, it, vi } from 'vitest'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'

vi.mock('../../src/features/categories/category-custom-fields', async () => {
  const actual = await vi.importActual<
    typeof import('../../src/features/categories/category-custom-fields')
  >('../../src/features/categories/category-custom-fields')
  const { customFields } = await vi.importActual<typeof import('../../src/forms/custom-fields')>(
    '../../src/forms/custom-fields',
  )
  const doc = {
    definitions: {
      create: {
        properties: {
          code: {
            type: 'string',
            title: 'Shelf Code',
            'ui:options': { sortable: true, filterable: true },
          },
          audited: { type: 'boolean', title: 'Audited', 'ui:options': { filterable: true } },
        },
      },
      update: { $ref: '#/definitions/create' },
    },
  }
  const marked = customFields(doc, {}, [])
  return {
    ...actual,
    // Service provider categories only: product categories keep their schema's (none marked).
    categoryCustomFields: (kind: { parentField: string }) =>
      kind.parentField === 'parentId' ? marked : actual.categoryCustomFields(kind as never),
  }
})

const PAGE = { page: 1, pageSize: 30, total: 1, totalPages: 1, hasPrev: false, hasNext: false }

function categories(path: string) {
  const requests: URL[] = []
  server.use(
    http.get(apiUrl(path), ({ request }) => {
      requests.push(new URL(request.url))
      const data = [
        {
          id: 1,
          name: 'Cleaning',
          description: 'Homes',
          parentId: null,
          code: 'A-7',
          audited: true,
        },
      ]
      return HttpResponse.json({ data, pagination: PAGE })
    }),
  )
  return requests
}

const eventually = (check: () => void) => waitFor(check, { timeout: 10_000 })
const last = (requests: URL[]) => Object.fromEntries((requests.at(-1) as URL).searchParams)

it('a category list offers its marked custom fields and Clear filters clears them', async () => {
  const requests = categories('/service-provider-categories')
  const { user, router } = renderApp('/service-provider-categories', { signedIn: true })
  const filters = await screen.findByRole(
    'group',
    { name: 'Custom field filters' },
    { timeout: 20_000 },
  )
  await user.selectOptions(within(filters).getByLabelText('Audited'), 'Yes')
  await eventually(() => expect(last(requests)).toMatchObject({ audited: 'true' }))
  await user.type(within(filters).getByLabelText('Shelf Code'), 'a-')
  await eventually(() => expect(last(requests)).toMatchObject({ audited: 'true', code: 'a-' }))

  const picker = screen.getByRole('combobox', { name: /sort/i })
  expect(within(picker).getByRole('option', { name: 'Shelf Code (A–Z)' })).toBeInTheDocument()
  expect(within(picker).queryByRole('option', { name: /Audited/ })).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Table' }))
  const table = await screen.findByRole('table', {}, { timeout: 10_000 })
  expect(within(table).getByRole('cell', { name: 'A-7' })).toBeInTheDocument()
  await user.click(within(table).getByRole('button', { name: 'Shelf Code' }))
  await eventually(() => expect(last(requests)).toMatchObject({ sort: 'code', order: 'asc' }))

  await user.click(screen.getByRole('button', { name: 'Clear filters' }))
  await eventually(() => expect(last(requests)).not.toHaveProperty('audited'))
  expect(last(requests)).not.toHaveProperty('code')
  // The sort is not a filter: it stays.
  expect(last(requests)).toMatchObject({ sort: 'code' })
  expect(router.state.location.search).not.toMatch(/audited|code=/)
}, 60_000)

it("the other kind's list offers none of them", async () => {
  categories('/product-categories')
  renderApp('/product-categories', { signedIn: true })
  await screen.findByRole('heading', { name: 'Product Categories' }, { timeout: 20_000 })
  expect(screen.queryByRole('group', { name: 'Custom field filters' })).not.toBeInTheDocument()
})
