import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentPath, renderApp } from './support/render-app'

// Spec §2 "Protected routes": each path and the heading its page shows (a detail page shows
// the fixture's name).
const protectedPages: [string, string][] = [
  ['/analytics', 'Analytics'],
  ['/projects', 'Projects'],
  ['/tasks', 'Tasks'],
  // The spec's sample Team Members and Profile pages became Operators and Account (issue 28).
  ['/team', 'Operators'],
  ['/settings', 'Settings'],
  ['/profile', 'Account'],
  ['/service-provider-categories', 'Service Provider Categories'],
  ['/service-provider-categories/new', 'Create Service Provider Category'],
  ['/service-provider-categories/4', 'Deep Cleaning'],
  ['/service-provider-categories/4/edit', 'Edit Service Provider Category'],
  ['/service-providers', 'Service Providers'],
  ['/service-providers/new', 'Create Service Provider'],
  ['/service-providers/9', 'Ada Obi'],
  ['/service-providers/9/edit', 'Edit Service Provider'],
  ['/service-providers/9/products', 'Service Provider Products'],
  ['/service-providers/9/products/new', 'Create Product'],
  ['/product-categories', 'Product Categories'],
  ['/product-categories/new', 'Create Product Category'],
  ['/product-categories/2', 'Home Cleaning'],
  ['/product-categories/2/edit', 'Edit Product Category'],
  ['/products', 'Products'],
  ['/products/5', 'Deep Home Clean'],
  ['/products/5/edit', 'Edit Product'],
  ['/products/5/images', 'Product Images'],
  ['/products/5/images/new', 'Add Image'],
  ['/products/5/images/11', 'Living Room'],
  ['/products/5/images/11/edit', 'Edit Product Image'],
]

describe('routes', () => {
  it.each(protectedPages)('%s shows "%s" inside the shell', async (path, heading) => {
    renderApp(path, { signedIn: true })
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it.each(['/', '/dashboard', ...protectedPages.map(([path]) => path)])(
    '%s without a token redirects to /login remembering the origin',
    async (path) => {
      const { router } = renderApp(path)
      await waitFor(() => expect(currentPath(router)).toBe('/login'))
      const state = router.state.location.state as { from: { pathname: string } }
      expect(state.from.pathname).toBe(path)
    },
  )

  it('/picker is public', async () => {
    renderApp('/picker')
    expect(
      await screen.findByRole('heading', { name: 'Passport Photo Picker', level: 1 }),
    ).toBeInTheDocument()
  })
})
