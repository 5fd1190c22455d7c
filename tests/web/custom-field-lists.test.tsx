// Custom fields in lists (issue 27, point 4), through the products list as an operator uses it:
// the fields the product schema marks (`"ui:options": { "sortable": true, "filterable": true }`)
// are table columns with sortable headers, choices of the sort picker, and filters (a drop-down
// for an enum or yes/no, a text box for text), all sent to the API; the list's own controls and
// texts stay; Clear filters clears them with the list's own. A provider's products page offers
// the product's marked fields, a product's images page the image's. The schemas' custom fields
// are replaced here by marked ones (the categories' in category-custom-field-lists.test.tsx).
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, it, vi } from 'vitest'
import type { Product } from '../../src/features/products/products-api'
import { productFixtures, productImageFixtures } from './factories/products'
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
  const listed = { sortable: true, filterable: true }
  const doc = {
    definitions: {
      create: {
        properties: {
          sku: { type: 'string', title: 'SKU', 'ui:options': listed },
          size: { type: 'string', title: 'Size', enum: ['Small', 'Large'], 'ui:options': listed },
          fragile: { type: 'boolean', title: 'Fragile', 'ui:options': { filterable: true } },
          note: { type: 'string', title: 'Note' },
        },
      },
      update: { $ref: '#/definitions/create' },
    },
  }
  const imageDoc = {
    definitions: {
      create: {
        properties: {
          angle: { type: 'string', title: 'Angle', enum: ['Front', 'Side'], 'ui:options': listed },
        },
      },
      update: { $ref: '#/definitions/create' },
    },
  }
  return {
    ...actual,
    productCustomFields: customFields(doc, {}, []),
    productImageCustomFields: customFields(imageDoc, {}, []),
  }
})

function catalogue(path = '/products') {
  const requests: URL[] = []
  server.use(
    http.get(apiUrl(path), ({ request }) => {
      const url = new URL(request.url)
      requests.push(url)
      const data = [
        { ...(productFixtures[0] as Product), id: 1, sku: 'JR-50', size: 'Large', fragile: true },
      ]
      const pagination = { page: 1, pageSize: 30, total: 1, totalPages: 1 }
      return HttpResponse.json({
        data,
        pagination: { ...pagination, hasPrev: false, hasNext: false },
      })
    }),
  )
  return requests
}

/** The machine may be busy: a request after a pause in typing may take a while. */
const eventually = (check: () => void) => waitFor(check, { timeout: 10_000 })

const last = (requests: URL[]) => Object.fromEntries((requests.at(-1) as URL).searchParams)

it('offers marked custom fields as columns, sorts and filters, and asks the API for them', async () => {
  const requests = catalogue()
  const { user, router } = renderApp('/products?view=table', { signedIn: true })

  // Filters: a drop-down for the enum and the yes/no, a text box for the text; the unmarked
  // field is not offered, and the list's own filters stay.
  const filters = await screen.findByRole(
    'group',
    { name: 'Custom field filters' },
    { timeout: 20_000 },
  )
  expect(within(filters).getByLabelText('Size')).toBeInTheDocument()
  expect(within(filters).getByLabelText('Fragile')).toBeInTheDocument()
  expect(within(filters).getByLabelText('SKU')).toBeInTheDocument()
  expect(within(filters).queryByLabelText('Note')).not.toBeInTheDocument()
  expect(screen.getByLabelText('Min Price')).toBeInTheDocument()

  await user.selectOptions(within(filters).getByLabelText('Size'), 'Large')
  await eventually(() => expect(last(requests)).toMatchObject({ size: 'Large' }))
  await user.selectOptions(within(filters).getByLabelText('Fragile'), 'Yes')
  await eventually(() => expect(last(requests)).toMatchObject({ size: 'Large', fragile: 'true' }))
  await user.type(within(filters).getByLabelText('SKU'), 'jr')
  await eventually(() => expect(last(requests)).toMatchObject({ sku: 'jr' }))
  expect(router.state.location.search).toContain('sku=jr')

  // The sort picker offers the sortable ones, worded by their titles.
  const picker = screen.getByRole('combobox', { name: /sort/i })
  expect(within(picker).getByRole('option', { name: 'SKU (A–Z)' })).toBeInTheDocument()
  expect(within(picker).getByRole('option', { name: 'Size (Z–A)' })).toBeInTheDocument()
  expect(within(picker).queryByRole('option', { name: /Fragile/ })).not.toBeInTheDocument()
  expect(within(picker).getByRole('option', { name: 'Price (low to high)' })).toBeInTheDocument()

  // The table: a column per marked field, sortable where marked.
  await user.click(screen.getByRole('button', { name: 'Table' }))
  const table = await screen.findByRole('table', { name: 'Products' }, { timeout: 10_000 })
  expect(within(table).getByRole('columnheader', { name: 'Fragile' })).toBeInTheDocument()
  expect(within(table).getByRole('cell', { name: 'JR-50' })).toBeInTheDocument()
  expect(within(table).getByRole('cell', { name: 'Yes' })).toBeInTheDocument()
  await user.click(within(table).getByRole('button', { name: 'SKU' }))
  await eventually(() => expect(last(requests)).toMatchObject({ sort: 'sku', order: 'asc' }))
  expect(within(table).getByRole('columnheader', { name: 'SKU' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
}, 60_000)

it("Clear filters clears the custom filters with the list's own", async () => {
  const requests = catalogue()
  const { user, router } = renderApp('/products?size=Large&sku=jr', { signedIn: true })
  const filters = await screen.findByRole(
    'group',
    { name: 'Custom field filters' },
    { timeout: 20_000 },
  )
  expect(within(filters).getByLabelText('SKU')).toHaveValue('jr')
  await eventually(() => expect(last(requests)).toMatchObject({ size: 'Large', sku: 'jr' }))
  // Only custom filters are set: there is still something to clear.
  const clear = screen.getByRole('button', { name: 'Clear filters' })
  expect(clear).toBeEnabled()
  await user.click(clear)
  await eventually(() => expect(last(requests)).not.toHaveProperty('size'))
  expect(last(requests)).not.toHaveProperty('sku')
  expect(router.state.location.search).not.toMatch(/size|sku/)
  expect(within(filters).getByLabelText('SKU')).toHaveValue('')
  expect(within(filters).getByLabelText('Size')).toHaveValue('')
  expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled()
}, 60_000)

it("a provider's products page offers the product's marked fields", async () => {
  const requests = catalogue('/service-providers/:id/products')
  const { user } = renderApp('/service-providers/9/products', { signedIn: true })
  const filters = await screen.findByRole(
    'group',
    { name: 'Custom field filters' },
    { timeout: 20_000 },
  )
  await user.selectOptions(within(filters).getByLabelText('Size'), 'Large')
  await eventually(() => expect(last(requests)).toMatchObject({ size: 'Large' }))
  expect((requests.at(-1) as URL).pathname).toBe('/api/service-providers/9/products')
  const picker = screen.getByRole('combobox', { name: /sort/i })
  await user.selectOptions(picker, 'SKU (Z–A)')
  await eventually(() =>
    expect(last(requests)).toMatchObject({ size: 'Large', sort: 'sku', order: 'desc' }),
  )
  await user.click(screen.getByRole('button', { name: 'Table' }))
  const table = await screen.findByRole('table', {}, { timeout: 10_000 })
  expect(within(table).getByRole('columnheader', { name: 'SKU' })).toBeInTheDocument()
  expect(within(table).getByRole('cell', { name: 'JR-50' })).toBeInTheDocument()
}, 60_000)

it("a product's images page offers the image's marked fields", async () => {
  const requests: URL[] = []
  server.use(
    http.get(apiUrl('/products/:id/images'), ({ request }) => {
      requests.push(new URL(request.url))
      const data = [{ ...productImageFixtures[0], angle: 'Side' }]
      const pagination = { page: 1, pageSize: 30, total: 1, totalPages: 1 }
      return HttpResponse.json({
        data,
        pagination: { ...pagination, hasPrev: false, hasNext: false },
      })
    }),
  )
  const { user } = renderApp(`/products/${productImageFixtures[0].productId}/images`, {
    signedIn: true,
  })
  const filters = await screen.findByRole(
    'group',
    { name: 'Custom field filters' },
    { timeout: 20_000 },
  )
  await user.selectOptions(within(filters).getByLabelText('Angle'), 'Side')
  await eventually(() => expect(last(requests)).toMatchObject({ angle: 'Side' }))
  const picker = screen.getByRole('combobox', { name: /sort/i })
  expect(within(picker).getByRole('option', { name: 'Angle (A–Z)' })).toBeInTheDocument()
  expect(within(picker).getByRole('option', { name: 'Order added' })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Table' }))
  const table = await screen.findByRole('table', { name: 'Product images' }, { timeout: 10_000 })
  expect(within(table).getByRole('columnheader', { name: 'Angle' })).toBeInTheDocument()
  expect(within(table).getByRole('cell', { name: 'Side' })).toBeInTheDocument()
}, 60_000)
