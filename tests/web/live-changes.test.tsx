// Live changes (decision 024): the signed-in shell keeps GET /api/events open; a change makes
// the open list and record page refetch by themselves, a dropped stream reconnects and catches
// up, and a 401 ends the session like any other.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { categoryHandlers, categoryTree } from './factories/categories'
import { buildLiveChange, liveStream } from './factories/live-changes'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'

/** A first load of the whole shell and a lazy page, on a busy machine. */
const LOADED = { timeout: 10_000 }

/** The category fixtures served from a copy the test changes, as another operator would. */
function editableCategories() {
  const categories = structuredClone(categoryTree)
  server.use(...categoryHandlers(categories))
  return categories
}

const repairs = (categories: ReturnType<typeof editableCategories>) =>
  categories.find((category) => category.name === 'Repairs') as (typeof categories)[number]

describe('live changes', () => {
  it('sends the token in the Authorization header, never in the URL', async () => {
    const stream = liveStream()
    server.use(stream.handler)
    renderApp('/product-categories', { signedIn: true })
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    const [request] = stream.requests
    expect(request.headers.get('authorization')).toBe('Bearer test-token')
    expect(new URL(request.url).search).toBe('')
  })

  it('a change to the collection refreshes the open list', async () => {
    const stream = liveStream()
    server.use(stream.handler)
    const categories = editableCategories()
    renderApp('/product-categories', { signedIn: true })
    expect(await screen.findAllByText('Repairs', {}, LOADED)).not.toHaveLength(0)
    await waitFor(() => expect(stream.requests).toHaveLength(1))

    const record = repairs(categories)
    record.name = 'Repairs and fixes'
    stream.send(buildLiveChange({ collection: 'product-categories', id: record.id }))
    expect(await screen.findAllByText('Repairs and fixes')).not.toHaveLength(0)
  })

  it('a change to the record refreshes its open page', async () => {
    const stream = liveStream()
    server.use(stream.handler)
    const categories = editableCategories()
    const record = repairs(categories)
    renderApp(`/product-categories/${record.id}`, { signedIn: true })
    expect(await screen.findByText('Fixing things', {}, LOADED)).toBeInTheDocument()
    await waitFor(() => expect(stream.requests).toHaveLength(1))

    record.description = 'Fixing things, now with spare parts'
    stream.send(buildLiveChange({ collection: 'product-categories', id: record.id }))
    expect(await screen.findByText('Fixing things, now with spare parts')).toBeInTheDocument()
  })

  it('a dropped stream connects again and catches up on what it missed', async () => {
    const stream = liveStream()
    server.use(stream.handler)
    const categories = editableCategories()
    renderApp('/product-categories', { signedIn: true })
    expect(await screen.findAllByText('Repairs', {}, LOADED)).not.toHaveLength(0)
    await waitFor(() => expect(stream.requests).toHaveLength(1))

    // Written while the stream is down: no event will ever say so.
    repairs(categories).name = 'Repairs while away'
    stream.drop()
    await waitFor(() => expect(stream.requests).toHaveLength(2))
    expect(await screen.findAllByText('Repairs while away', {}, LOADED)).not.toHaveLength(0)
  })

  it('a refused stream (401) ends the session: the browser goes to /login', async () => {
    const stream = liveStream()
    stream.refuseNext()
    server.use(stream.handler)
    const { router } = renderApp('/product-categories', { signedIn: true })
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(stream.requests).toHaveLength(1)
    expect(window.localStorage.getItem('token')).toBeNull()
  })
})
