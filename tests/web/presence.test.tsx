// Presence (issue 31, decision 025): every edit page says it is open (PUT …/presence) and shows
// "Also editing: <operator>" for whoever else the server answers; a presence event on the live
// stream makes it ask again at once; leaving the page says goodbye (DELETE).
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { liveStream } from './factories/live-changes'
import { presenceOf } from './factories/presence'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'

/** A first load of the whole shell and a lazy page, on a busy machine. */
const LOADED = { timeout: 15_000 }

const screens = [
  { name: 'service provider category', page: '/service-provider-categories/2/edit' },
  { name: 'product category', page: '/product-categories/2/edit' },
  { name: 'service provider', page: '/service-providers/9/edit' },
  { name: 'product', page: '/products/5/edit' },
  { name: 'product image', page: '/products/5/images/12/edit' },
]

describe('presence', () => {
  it.each(screens)('the $name edit page shows who else has the record open', async ({ page }) => {
    const presence = presenceOf(page.replace(/\/edit$/, ''))
    presence.setEditors(['ada'])
    server.use(...presence.handlers)
    renderApp(page, { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' }, LOADED)
    expect(await screen.findByText('Also editing: ada')).toBeInTheDocument()
    expect(screen.getByText('Also editing: ada').closest('[role="status"]')).not.toBeNull()
  })

  it('asks again when the stream says someone came or left, and says goodbye on leaving', async () => {
    const stream = liveStream()
    const presence = presenceOf('/product-categories/2')
    server.use(stream.handler, ...presence.handlers)
    const { router } = renderApp('/product-categories/2/edit', { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' }, LOADED)
    await waitFor(() => expect(presence.calls).toContain('PUT'))
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    expect(screen.queryByText(/Also editing/)).toBeNull()

    presence.setEditors(['ada', 'bola'])
    stream.sendPresence({ collection: 'product-categories', id: 2 })
    expect(await screen.findByText('Also editing: ada, bola')).toBeInTheDocument()

    presence.setEditors(['bola'])
    stream.sendPresence({ collection: 'product-categories', id: 2 })
    expect(await screen.findByText('Also editing: bola')).toBeInTheDocument()

    presence.setEditors([])
    stream.sendPresence({ collection: 'product-categories', id: 2 })
    await waitFor(() => expect(screen.queryByText(/Also editing/)).toBeNull())

    await router.navigate('/product-categories/2')
    await waitFor(() => expect(currentPath(router)).toBe('/product-categories/2'))
    await waitFor(() => expect(presence.calls.at(-1)).toBe('DELETE'))
  })

  it("hears of a product image's editors by the image's path", async () => {
    const stream = liveStream()
    const presence = presenceOf('/products/5/images/12')
    server.use(stream.handler, ...presence.handlers)
    renderApp('/products/5/images/12/edit', { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' }, LOADED)
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    presence.setEditors(['ada'])
    // Another image of the product, or the product itself, is not this page's record.
    stream.sendPresence({ collection: 'products/5/images', id: 13 })
    stream.sendPresence({ collection: 'products', id: 12 })
    stream.sendPresence({ collection: 'products/5/images', id: 12 })
    expect(await screen.findByText('Also editing: ada')).toBeInTheDocument()
    expect(presence.calls.filter((call) => call === 'PUT')).toHaveLength(2)
  })
})
