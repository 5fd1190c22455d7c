// The list filters the dashboard's queues link to (issue 31, point 3), through the products list:
// "Missing field" offers the custom fields a form requires and asks the API for the records
// lacking one (`missing`), "Preview image" for those with or without one (`hasPreviewImage`);
// both live in the URL, count in "Filters (N)" and go with Clear filters. The product schema's
// custom fields are replaced here by a required one and an optional one.
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, it, vi } from 'vitest'
import { productFixtures } from './factories/products'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'

vi.mock('../../src/features/products/product-custom-fields', async () => {
  const actual = await vi.importActual<
    typeof import('../../src/features/products/product-custom-fields')
  >('../../src/features/products/product-custom-fields')
  const { customFields } = await vi.importActual<typeof import('../../src/forms/custom-fields')>(
    '../../src/forms/custom-fields',
  )
  const doc = {
    definitions: {
      create: {
        properties: {
          condition: { type: 'string', title: 'Condition', enum: ['New', 'Used'] },
          note: { type: 'string', title: 'Note' },
        },
      },
      update: { $ref: '#/definitions/create', required: ['condition'] },
    },
  }
  return { ...actual, productCustomFields: customFields(doc, {}, []) }
})

function catalogue() {
  const requests: URL[] = []
  server.use(
    http.get(apiUrl('/products'), ({ request }) => {
      requests.push(new URL(request.url))
      const pagination = { page: 1, pageSize: 30, total: 1, totalPages: 1 }
      return HttpResponse.json({
        data: [productFixtures[1]],
        pagination: { ...pagination, hasPrev: false, hasNext: false },
      })
    }),
  )
  return requests
}

const eventually = (check: () => void) => waitFor(check, { timeout: 10_000 })
const last = (requests: URL[]) => Object.fromEntries((requests.at(-1) as URL).searchParams)

it('a queue’s link opens the list with its filter shown, asked for and cleared like the others', async () => {
  const requests = catalogue()
  const { user, router } = renderApp('/products?missing=condition&preview=without', {
    signedIn: true,
  })
  const missing = await screen.findByLabelText('Missing field', {}, { timeout: 40_000 })
  expect(missing).toHaveValue('condition')
  // The required field only: an optional one is never "missing".
  expect(screen.queryByRole('option', { name: 'Note' })).toBeNull()
  expect(screen.getByLabelText('Preview image')).toHaveValue('without')
  expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument()
  await eventually(() =>
    expect(last(requests)).toMatchObject({ missing: 'condition', hasPreviewImage: 'false' }),
  )

  await user.selectOptions(screen.getByLabelText('Preview image'), 'with')
  await eventually(() => expect(last(requests)).toMatchObject({ hasPreviewImage: 'true' }))
  await user.selectOptions(missing, 'None')
  await eventually(() => expect(last(requests)).not.toHaveProperty('missing'))
  expect(router.state.location.search).toBe('?preview=with')

  await user.selectOptions(missing, 'Condition')
  await eventually(() => expect(last(requests)).toMatchObject({ missing: 'condition' }))
  await user.click(screen.getByRole('button', { name: 'Clear filters' }))
  await eventually(() => expect(last(requests)).not.toHaveProperty('missing'))
  expect(last(requests)).not.toHaveProperty('hasPreviewImage')
  expect(router.state.location.search).toBe('')
}, 60_000)

it('a field no form requires is no filter: the list asks for every record', async () => {
  const requests = catalogue()
  renderApp('/products?missing=note', { signedIn: true })
  await screen.findByLabelText('Missing field', {}, { timeout: 40_000 })
  await eventually(() => expect(requests.length).toBeGreaterThan(0))
  expect(last(requests)).not.toHaveProperty('missing')
  expect(screen.getByLabelText('Missing field')).toHaveValue('')
}, 60_000)
