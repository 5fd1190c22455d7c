// The app shows only what the signed-in operator's role can do (issue 28, contract "Roles"):
// a viewer sees no Create, Edit, Delete, bulk or import controls and no Operators menu, an editor no
// Operators menu, and a deep link to a screen the role cannot use says so.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { signedInAs } from './factories/operators'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'

// The first screen of a test loads the shell, /api/me and the page's code: slow on a busy machine.
const h1 = (name: string) => screen.findByRole('heading', { name, level: 1 }, { timeout: 8000 })
const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' })
const teamMenu = () => screen.getByRole('navigation', { name: 'Team menu' })
const writeControls = /^(Edit|Delete|Add Provider|Add Product|Add Image|Set as Preview|Import CSV)$/

/** Lists in the table view, where the bulk checkboxes would be. */
function tableViews() {
  for (const name of ['/service-provider-categories', '/product-categories', 'service-providers'])
    window.localStorage.setItem(`list-view:${name}`, 'table')
  window.localStorage.setItem('list-view:products', 'table')
}

const lists: [string, string][] = [
  ['/service-provider-categories', 'Service Provider Categories'],
  ['/product-categories', 'Product Categories'],
  ['/service-providers', 'Service Providers'],
  ['/products', 'Products'],
]

const details: [string, string][] = [
  ['/service-provider-categories/4', 'Deep Cleaning'],
  ['/product-categories/2', 'Home Cleaning'],
  ['/service-providers/9', 'Ada Obi'],
  ['/products/5', 'Deep Home Clean'],
  ['/products/5/images/11', 'Living Room'],
]

describe('a viewer', () => {
  it.each(lists)('sees %s without Add or bulk controls', async (path, heading) => {
    server.use(signedInAs('viewer'))
    tableViews()
    renderApp(path, { signedIn: true })
    await h1(heading)
    // The table is named like its heading (the providers' in sentence case).
    const table = await screen.findByRole('table', { name: new RegExp(`^${heading}$`, 'i') })
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0)
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull()
    expect(screen.queryByRole('link', { name: writeControls })).toBeNull()
    expect(screen.queryByRole('button', { name: writeControls })).toBeNull()
    // Reading stays: the export is a read.
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument()
  })

  it.each(details)('sees %s without Edit, Delete or Set as Preview', async (path, heading) => {
    server.use(signedInAs('viewer'))
    renderApp(path, { signedIn: true })
    await h1(heading)
    expect(screen.queryByRole('link', { name: writeControls })).toBeNull()
    expect(screen.queryByRole('button', { name: writeControls })).toBeNull()
  })

  it('sees the product images and a provider’s products without Add buttons', async () => {
    server.use(signedInAs('viewer'))
    renderApp('/products/5/images', { signedIn: true })
    await h1('Product Images')
    expect(screen.queryByRole('link', { name: 'Add Image' })).toBeNull()
  })

  it('has no Create links, no Operators, but Account in the side menu', async () => {
    server.use(signedInAs('viewer'))
    renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    const labels = within(mainMenu())
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(labels).toEqual([
      'Dashboard',
      'Service Provider Categories',
      'Service Providers',
      'Product Categories',
      'Products',
    ])
    expect(within(teamMenu()).queryByRole('link', { name: 'Operators' })).toBeNull()
    expect(within(teamMenu()).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/profile',
    )
    // The dashboard's cards lead to the lists only.
    expect(screen.queryByRole('link', { name: /^Create / })).toBeNull()
    expect(screen.getAllByRole('link', { name: /^Open / })).toHaveLength(4)
  })

  it.each([
    '/service-provider-categories/new',
    '/service-providers/9/edit',
    '/service-providers/9/products/new',
    '/products/5/edit',
    '/products/5/images/new',
    '/products/5/images/11/edit',
    '/operators',
  ])('opening %s is told it has no access, with the way back', async (path) => {
    server.use(signedInAs('viewer'))
    const { user, router } = renderApp(path, { signedIn: true })
    await h1("You don't have access to this page")
    expect(document.title).toBe("You don't have access to this page · Marketplace Admin")
    expect(screen.getByText(/Your role \(Viewer\) does not allow this screen/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }))
    await screen.findByText('Welcome to the admin dashboard')
    expect(currentPath(router)).toBe('/dashboard')
  })
})

describe('an editor', () => {
  it('has every catalogue control but no Operators menu', async () => {
    server.use(signedInAs('editor'))
    renderApp('/products/5', { signedIn: true })
    await h1('Deep Home Clean')
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument()
    expect(within(mainMenu()).getByRole('link', { name: 'Create Service Provider' })).toBeVisible()
    expect(within(teamMenu()).queryByRole('link', { name: 'Operators' })).toBeNull()
    expect(within(teamMenu()).getByRole('link', { name: 'Account' })).toBeInTheDocument()
  })

  it('opening /operators (or the old /team) is told it has no access', async () => {
    server.use(signedInAs('editor'))
    const { router } = renderApp('/team', { signedIn: true })
    await h1("You don't have access to this page")
    expect(currentPath(router)).toBe('/operators')
    expect(screen.getByText(/Your role \(Editor\)/)).toBeInTheDocument()
  })
})

describe('an administrator', () => {
  it('has Operators and Account in the side menu, and every control', async () => {
    tableViews()
    renderApp('/products', { signedIn: true })
    const table = await screen.findByRole('table', { name: 'Products' })
    expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(0)
    expect(within(teamMenu()).getByRole('link', { name: 'Operators' })).toHaveAttribute(
      'href',
      '/operators',
    )
  })

  it('sees who is signed in in the top bar, leading to the Account page', async () => {
    const { user, router } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    const banner = screen.getByRole('banner')
    const account = within(banner).getByRole('link', { name: 'Account: admin Administrator' })
    expect(account).toHaveTextContent('admin')
    expect(account).toHaveTextContent('Administrator')
    await user.click(account)
    await h1('Account')
    expect(currentPath(router)).toBe('/profile')
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })
})
