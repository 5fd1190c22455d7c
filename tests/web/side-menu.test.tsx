import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from './support/render-app'

// Spec §2 "Side menu", letter for letter.
const spec = [
  {
    group: 'Service Provider Category Management',
    links: [
      ['Create Service Provider Category', '/service-provider-categories/new'],
      ['Service Provider Categories', '/service-provider-categories'],
    ],
  },
  {
    group: 'Service Provider Management',
    links: [
      ['Create Service Provider', '/service-providers/new'],
      ['Service Providers', '/service-providers'],
    ],
  },
  {
    group: 'Product Category Management',
    links: [
      ['Create Product Category', '/product-categories/new'],
      ['Product Categories', '/product-categories'],
    ],
  },
  { group: 'Product Management', links: [['Products', '/products']] },
]

const menu = () => screen.getByRole('navigation', { name: 'Main menu' })

describe('side menu', () => {
  it('lists exactly the spec groups, labels and paths, with Dashboard on top', async () => {
    renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    for (const { group, links } of spec) {
      const list = within(menu()).getByRole('list', { name: group })
      const items = within(list).getAllByRole('link')
      expect(items.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(links)
    }
    const all = within(menu()).getAllByRole('link')
    expect(all).toHaveLength(8)
    expect(all[0]).toHaveTextContent('Dashboard')
    expect(all[0]).toHaveAttribute('href', '/dashboard')
  })

  it('marks only the link equal to the current path as the current page', async () => {
    renderApp('/service-provider-categories/new', { signedIn: true })
    await screen.findByRole('heading', { name: 'Create Service Provider Category', level: 1 })
    const current = within(menu()).getByRole('link', { current: 'page' })
    expect(current).toHaveTextContent('Create Service Provider Category')
    expect(
      within(menu()).getByRole('link', { name: 'Service Provider Categories' }),
    ).not.toHaveAttribute('aria-current')
  })

  it('marks nothing on a page that is not in the menu', async () => {
    renderApp('/products/3', { signedIn: true })
    await screen.findByRole('heading', { name: 'Product', level: 1 })
    expect(within(menu()).queryByRole('link', { current: 'page' })).toBeNull()
  })

  it("counts '/' as '/dashboard'", async () => {
    renderApp('/', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    expect(within(menu()).getByRole('link', { current: 'page' })).toHaveTextContent('Dashboard')
  })

  it('follows a link and moves the highlight', async () => {
    const { user, router } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    await user.click(within(menu()).getByRole('link', { name: 'Products' }))
    // Level 1: the dashboard has a "Products" card heading too.
    expect(await screen.findByRole('heading', { name: 'Products', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products')
    expect(within(menu()).getByRole('link', { current: 'page' })).toHaveTextContent('Products')
  })

  it('shows the top bar with the logo, product name and Logout', async () => {
    renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('img', { name: 'Marketplace Admin logo' })).toHaveAttribute(
      'src',
      '/logo.svg',
    )
    expect(within(banner).getByText('Marketplace Admin')).toBeInTheDocument()
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    expect(within(banner).queryByRole('button', { name: /menu/i })).toBeNull()
  })
})
