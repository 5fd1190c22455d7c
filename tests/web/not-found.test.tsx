import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentPath, renderApp } from './support/render-app'

describe('404 page', () => {
  it('answers unknown paths and /not-found with Go Back and Go Home', async () => {
    renderApp('/no/such/page')
    // Loaded on first visit, with the design system (a lazy route).
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument()
  })

  it('Go Home leads to /dashboard', async () => {
    const { user, router } = renderApp('/not-found', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Go Home' }))
    expect(await screen.findByText('Welcome to the admin dashboard')).toBeInTheDocument()
    expect(currentPath(router)).toBe('/dashboard')
  })

  it('Go Back returns to the previous page', async () => {
    const { user, router } = renderApp('/products', { signedIn: true })
    await screen.findByRole('heading', { name: 'Products', level: 1 })
    await router.navigate('/missing')
    await user.click(await screen.findByRole('button', { name: 'Go Back' }))
    expect(await screen.findByRole('heading', { name: 'Products', level: 1 })).toBeInTheDocument()
    expect(currentPath(router)).toBe('/products')
  })
})
