// The top bar's search (decision 026): Ctrl+K or the search button opens it anywhere in the
// shell; what is typed is searched from two characters on, the hits are grouped by kind, the
// arrow keys choose one and Enter (or a click) opens its record's page.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SearchGroup } from '../../src/features/search/search-api'
import { searchApi } from './factories/search'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'
import { setViewportWidth } from './support/viewport'

/** A first load of the whole shell and a lazy page, on a busy machine. */
const LOADED = { timeout: 10_000 }
const LABEL = 'Search providers, products and categories'

async function openApp(groups?: SearchGroup[]) {
  const search = searchApi(groups)
  server.use(search.handler)
  const app = renderApp('/dashboard', { signedIn: true })
  const button = await screen.findByRole('button', { name: 'Search' }, LOADED)
  return { ...app, search, button }
}

const dialog = () => screen.getByRole('dialog', { name: 'Search' })
const status = () => within(dialog()).getByRole('status')
const selected = () => within(dialog()).getByRole('option', { selected: true })

describe('search', () => {
  it('Ctrl+K opens it; the hits come grouped by kind; the arrows and Enter open a record', async () => {
    const { user, router, search } = await openApp()
    await user.keyboard('{Control>}k{/Control}')
    const box = await screen.findByRole('combobox', { name: LABEL }, LOADED)
    await waitFor(() => expect(box).toHaveFocus())

    await user.type(box, 's')
    expect(status()).toHaveTextContent('Type at least 2 characters.')
    await user.type(box, 'pa')
    const list = await within(dialog()).findByRole('listbox', { name: LABEL })
    // Providers and products first, then categories: not the server's order.
    const groups = within(list).getAllByRole('group')
    expect(groups).toHaveLength(3)
    expect(groups[0]).toHaveAccessibleName('Service Providers')
    expect(groups[1]).toHaveAccessibleName('Products')
    expect(groups[2]).toHaveAccessibleName('Product Categories')
    expect(
      within(groups[1])
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Deep Home CleanSparkle Cleaners', 'Sparkling WindowsSparkle Cleaners'])
    expect(status()).toHaveTextContent('4 matches.')
    expect(search.texts).toContain('spa')
    expect(search.texts).not.toContain('s')

    // The first hit is active; the arrows move through all of them and wrap around.
    expect(selected()).toHaveTextContent('Sparkle Cleaners')
    expect(box).toHaveAttribute('aria-activedescendant', selected().id)
    await user.keyboard('{ArrowDown}')
    expect(selected()).toHaveTextContent('Deep Home Clean')
    expect(box).toHaveAttribute('aria-activedescendant', selected().id)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(selected()).toHaveTextContent('Home Cleaning')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(selected()).toHaveTextContent('Sparkling Windows')

    await user.keyboard('{Enter}')
    await waitFor(() => expect(currentPath(router)).toBe('/products/6'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull())
  })

  it('the top-bar button opens it, Esc closes it and focus goes back; a click opens a hit', async () => {
    const { user, router, button } = await openApp()
    await user.click(button)
    const box = await screen.findByRole('combobox', { name: LABEL }, LOADED)
    await user.type(box, 'clean')
    await within(dialog()).findByRole('listbox', { name: LABEL })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull())
    expect(button).toHaveFocus()

    await user.click(button)
    const again = await screen.findByRole('combobox', { name: LABEL })
    await user.type(again, 'home')
    const list = await within(dialog()).findByRole('listbox', { name: LABEL })
    await user.click(within(list).getByRole('option', { name: /Home Cleaning/ }))
    await waitFor(() => expect(currentPath(router)).toBe('/product-categories/2'))
  })

  it('says when nothing matches, and the server’s detail when the search fails', async () => {
    const { user, button, search } = await openApp([])
    await user.click(button)
    const box = await screen.findByRole('combobox', { name: LABEL }, LOADED)
    await user.type(box, 'zzz')
    await waitFor(() => expect(status()).toHaveTextContent('Nothing matches “zzz”.'))
    expect(box).toHaveAttribute('aria-expanded', 'false')

    search.refuse(503, 'The database is unavailable')
    await user.type(box, 'q')
    await waitFor(() => expect(status()).toHaveTextContent('The database is unavailable'))
  })

  it('on a phone the top bar shows a search icon that opens the same search', async () => {
    setViewportWidth(375)
    const { user, button } = await openApp()
    expect(button).not.toHaveTextContent('Search')
    await user.click(button)
    const box = await screen.findByRole('combobox', { name: LABEL }, LOADED)
    await user.type(box, 'sparkle')
    const list = await within(dialog()).findByRole('listbox', { name: LABEL })
    expect(within(list).getAllByRole('option')).toHaveLength(4)
  })
})
