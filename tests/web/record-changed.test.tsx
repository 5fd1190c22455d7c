// An edit page whose record changes elsewhere (issue 31): the live change heard for it says who
// changed it and what (field titles from the schemas, values read as the record's page reads
// them); the form is never reset under the operator; Load the new version keeps the edits that do
// not clash, takes theirs where both changed, and the next save sends the new version's tag.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { categoryTree, toJson } from './factories/categories'
import { buildLiveChange, liveStream } from './factories/live-changes'
import { productFixtures } from './factories/products'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'
import { versionedRecord } from './support/versioned-record'

/** A first load of the whole shell and a lazy page, on a busy machine. */
const LOADED = { timeout: 20_000 }

const PAGE = '/product-categories/2/edit'
const textbox = (name: string) => screen.getByRole('textbox', { name })

/** The category edit page open on a live stream, Home Cleaning (2) served with its ETag. */
async function openCategory() {
  const stream = liveStream()
  server.use(stream.handler)
  const record = versionedRecord(
    '/product-categories/2',
    toJson(categoryTree[1], 'parentCategoryId'),
  )
  const view = renderApp(PAGE, { signedIn: true })
  await screen.findByRole('button', { name: 'Save Changes' }, LOADED)
  await waitFor(() => expect(stream.requests).toHaveLength(1))
  /** Another operator saves the category, and the stream says so. */
  const changeElsewhere = (change: Record<string, unknown>, operator = 'grace') => {
    record.changeElsewhere(change)
    stream.send(buildLiveChange({ collection: 'product-categories', id: 2, operator }))
  }
  return { ...view, record, changeElsewhere }
}

const changeLines = (alert: HTMLElement) =>
  within(within(alert).getByRole('list', { name: 'Changes' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('an edit page whose record changed elsewhere', () => {
  it('says who changed it and what, and leaves the form as typed', async () => {
    const { user, changeElsewhere } = await openCategory()
    await user.type(textbox('Description'), ' and offices')

    changeElsewhere({ name: 'Homes' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Warning')).toBeInTheDocument()
    expect(alert).toHaveTextContent('This record was changed by grace.')
    expect(changeLines(alert)).toEqual(['Name: Home Cleaning → Homes'])
    expect(within(alert).getByRole('button', { name: 'Load the new version' })).toBeEnabled()
    // The refetch behind the notice did not reset the form.
    expect(textbox('Name')).toHaveValue('Home Cleaning')
    expect(textbox('Description')).toHaveValue('Homes and flats and offices')
  })

  it('Load the new version keeps the edits that do not clash; the save sends its tag', async () => {
    const { user, router, record, changeElsewhere } = await openCategory()
    await user.type(textbox('Description'), ' and offices')
    changeElsewhere({ name: 'Homes' })
    const alert = await screen.findByRole('alert')

    await user.click(within(alert).getByRole('button', { name: 'Load the new version' }))
    expect(textbox('Name')).toHaveValue('Homes')
    expect(textbox('Description')).toHaveValue('Homes and flats and offices')
    expect(screen.queryByRole('alert')).toBeNull()
    const note = screen.getByText(/The new version is loaded\./)
    expect(note).toHaveTextContent('Your edits are kept: Description.')

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(currentPath(router)).toBe('/product-categories/2'))
    expect(record.ifMatches).toEqual(['"v2"'])
    expect(record.bodies[0]).toMatchObject({
      name: 'Homes',
      description: 'Homes and flats and offices',
    })
  })

  it('where both changed a field, says so before loading, then takes theirs and gives what was typed', async () => {
    const { user, changeElsewhere } = await openCategory()
    await user.clear(textbox('Name'))
    await user.type(textbox('Name'), 'Mine')
    changeElsewhere({ name: 'Homes', description: 'Whole homes' })
    const alert = await screen.findByRole('alert')
    expect(changeLines(alert)).toEqual([
      'Name: Home Cleaning → HomesYou changed it too (“Mine”): loading replaces your edit.',
      'Description: Homes and flats → Whole homes',
    ])

    await user.click(within(alert).getByRole('button', { name: 'Load the new version' }))
    expect(textbox('Name')).toHaveValue('Homes')
    expect(textbox('Description')).toHaveValue('Whole homes')
    expect(screen.getByText(/you had typed “Mine”/)).toBeInTheDocument()
  })

  it('still asks before leaving while kept edits are unsaved, and not once none are', async () => {
    const { user, router, changeElsewhere } = await openCategory()
    await user.type(textbox('Description'), ' and offices')
    changeElsewhere({ name: 'Homes' })
    await user.click(await screen.findByRole('button', { name: 'Load the new version' }))

    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    const asked = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await user.click(within(asked).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    // Typed back to the new version: nothing left to lose.
    await user.clear(textbox('Description'))
    await user.type(textbox('Description'), 'Homes and flats')
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    await waitFor(() => expect(currentPath(router)).toBe('/product-categories/2'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('says who of several changes came last, and is gone once loaded', async () => {
    const { user, changeElsewhere } = await openCategory()
    changeElsewhere({ name: 'Homes' }, 'alan')
    await screen.findByText('This record was changed by alan.')
    changeElsewhere({ description: 'Whole homes' }, 'grace')
    const alert = await screen.findByText('This record was changed by grace.')
    expect(changeLines(screen.getByRole('alert'))).toEqual([
      'Name: Home Cleaning → Homes',
      'Description: Homes and flats → Whole homes',
    ])
    await user.click(screen.getByRole('button', { name: 'Load the new version' }))
    expect(alert).not.toBeInTheDocument()
    expect(textbox('Description')).toHaveValue('Whole homes')
  })
})

describe('what changed, as the record’s page reads it', () => {
  it('money in naira and categories by name, under the schemas’ titles', async () => {
    const stream = liveStream()
    server.use(stream.handler)
    const record = versionedRecord('/products/5', { ...productFixtures[0] })
    renderApp('/products/5/edit', { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' }, LOADED)
    await waitFor(() => expect(stream.requests).toHaveLength(1))

    record.changeElsewhere({ price: 13000, productCategories: [{ id: 1, name: 'Cleaning' }] })
    stream.send(buildLiveChange({ collection: 'products', id: 5, operator: 'grace' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This record was changed by grace.')
    expect(changeLines(alert)).toEqual([
      'Price: ₦12,500.00 → ₦13,000.00',
      'Categories: Cleaning, Deep Cleaning → Cleaning',
    ])
  })
})
