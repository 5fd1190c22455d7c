import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl, TEST_TOKEN } from './msw/handlers'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'

describe('logout', () => {
  it('calls POST /auth/logout with the token, removes it and goes to /login', async () => {
    const seen: (string | null)[] = []
    server.use(
      http.post(apiUrl('/auth/logout'), ({ request }) => {
        seen.push(request.headers.get('authorization'))
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user, router } = renderApp('/products', { signedIn: true })
    await screen.findByRole('heading', { name: 'Products', level: 1 })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(
      await screen.findByRole('heading', { name: 'Admin Console', level: 1 }),
    ).toBeInTheDocument()
    expect(currentPath(router)).toBe('/login')
    expect(seen).toEqual([`Bearer ${TEST_TOKEN}`])
    expect(window.localStorage.getItem('token')).toBeNull()
    // An explicit logout leaves nothing to return to.
    expect(router.state.location.state).toBeNull()
  })

  it('still signs out when the server call fails', async () => {
    server.use(http.post(apiUrl('/auth/logout'), () => HttpResponse.error()))
    const { user, router } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(window.localStorage.getItem('token')).toBeNull()
  })
})
