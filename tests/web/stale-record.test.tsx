// Lost updates (issue #6) on every edit screen: the record is loaded with its ETag, the save
// sends it back as If-Match, and a 412 (someone else changed the record meanwhile) keeps what the
// operator typed, fetches the current version and offers to load it (issue 31: the same notice as
// a change heard live, tests/web/record-changed.test.tsx).
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { categoryTree, toJson } from './factories/categories'
import { productFixtures, productImageFixtures } from './factories/products'
import { providerFixtures } from './factories/providers'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'
import { type Json, STALE, versionedRecord } from './support/versioned-record'

const textbox = (name: string) => screen.getByRole('textbox', { name })

const screens = [
  {
    name: 'service provider category',
    page: '/service-provider-categories/2/edit',
    api: '/service-provider-categories/2',
    record: toJson(categoryTree[1], 'parentId'),
    field: 'Name',
    theirs: { name: 'Homes' },
  },
  {
    name: 'product category',
    page: '/product-categories/2/edit',
    api: '/product-categories/2',
    record: toJson(categoryTree[1], 'parentCategoryId'),
    field: 'Name',
    theirs: { name: 'Homes' },
  },
  {
    name: 'service provider',
    page: '/service-providers/9/edit',
    api: '/service-providers/9',
    record: providerFixtures[0],
    field: 'Brand Name',
    theirs: { brandName: 'Sparkle & Shine' },
  },
  {
    name: 'product',
    page: '/products/5/edit',
    api: '/products/5',
    record: productFixtures[0],
    field: 'Name',
    theirs: { name: 'Deep Home Clean Plus' },
  },
  {
    name: 'product image',
    page: '/products/5/images/12/edit',
    api: '/products/5/images/12',
    record: productImageFixtures[1],
    field: 'Image Name',
    theirs: { imageName: 'Kitchen, after' },
  },
] as unknown as Array<{
  name: string
  page: string
  api: string
  record: Json
  field: string
  theirs: Json
}>

describe.each(screens)('$name edit', (edit) => {
  const theirValue = String(Object.values(edit.theirs)[0])

  async function openAndType(typed: string) {
    const view = renderApp(edit.page, { signedIn: true })
    // A file's first lazy page takes a while on a busy machine.
    await screen.findByRole('button', { name: 'Save Changes' }, { timeout: 20_000 })
    await view.user.clear(textbox(edit.field))
    await view.user.type(textbox(edit.field), typed)
    return view
  }

  it('sends the ETag it loaded as If-Match', async () => {
    const record = versionedRecord(edit.api, edit.record)
    const { user, router } = await openAndType('Mine')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(currentPath(router)).not.toBe(edit.page))
    expect(record.ifMatches).toEqual(['"v1"'])
  })

  it('on 412 says the record changed, keeps what was typed and offers the new version', async () => {
    const record = versionedRecord(edit.api, edit.record)
    const { user, router } = await openAndType('Mine')
    record.changeElsewhere(edit.theirs)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const load = await screen.findByRole('button', { name: 'Load the new version' })
    const alert = screen.getByRole('alert')
    expect(alert).toContainElement(load)
    expect(within(alert).getByText('Warning')).toBeInTheDocument()
    expect(alert).toHaveTextContent(STALE)
    expect(alert).toHaveTextContent(`${edit.field}:`)
    expect(alert).toHaveTextContent(`→ ${theirValue}`)
    expect(record.ifMatches).toEqual(['"v1"'])
    expect(currentPath(router)).toBe(edit.page)
    expect(textbox(edit.field)).toHaveValue('Mine')
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
    // The alert says it all: no error toast besides it.
    expect(screen.queryByText('Error')).toBeNull()
  })

  it('Load the new version shows theirs where both changed; the next save sends its tag', async () => {
    const record = versionedRecord(edit.api, edit.record)
    const { user, router } = await openAndType('Mine')
    record.changeElsewhere(edit.theirs)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    await user.click(await screen.findByRole('button', { name: 'Load the new version' }))
    await waitFor(() => expect(textbox(edit.field)).toHaveValue(theirValue))
    expect(screen.queryByRole('alert')).toBeNull()
    // The note after it says what was typed, to type again.
    expect(screen.getByText(/you had typed “Mine”/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(currentPath(router)).not.toBe(edit.page))
    expect(record.ifMatches).toEqual(['"v1"', '"v2"'])
  })
})

describe('the stale-record alert', () => {
  const category = screens[0]

  it('gives its own text when the 412 has no detail, and Dismiss keeps the edits', async () => {
    const record = versionedRecord(
      category.api,
      category.record,
      () => new HttpResponse(null, { status: 412 }),
    )
    const { user } = renderApp(category.page, { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    await user.type(textbox('Description'), ' and offices')
    record.changeElsewhere(category.theirs)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    await screen.findByRole('button', { name: 'Load the new version' })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(STALE)
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(textbox('Description')).toHaveValue('Homes and flats and offices')
    expect(textbox('Name')).toHaveValue('Home Cleaning')
  })

  it('a 412 whose current version changes no field of the form offers Reload', async () => {
    const record = versionedRecord(category.api, category.record)
    const { user, router } = renderApp(category.page, { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    await user.type(textbox('Description'), ' and offices')
    // Saved elsewhere with the same fields (or only what this form does not show): a new tag.
    record.changeElsewhere({})
    const loads = record.gets()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(record.gets()).toBe(loads + 1))
    expect(alert).toHaveTextContent(STALE)
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeEnabled()
    // Nothing of the form changed: the save goes on from the current version.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(currentPath(router)).toBe('/service-provider-categories/2'))
    expect(record.ifMatches).toEqual(['"v1"', '"v2"'])
  })

  it('sends no If-Match when the server gives no ETag (any server speaking the contract)', async () => {
    const seen: Array<string | null> = []
    server.use(
      http.put(apiUrl(category.api), ({ request }) => {
        seen.push(request.headers.get('If-Match'))
        return HttpResponse.json(category.record)
      }),
    )
    const { user, router } = renderApp(category.page, { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(currentPath(router)).toBe('/service-provider-categories/2'))
    expect(seen).toEqual([null])
  })
})
