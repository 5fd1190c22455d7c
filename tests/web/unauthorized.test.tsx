import { act, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { api } from '../../src/lib/api-client'
import { apiUrl, VALID_USER } from './msw/handlers'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'

describe('a 401 from any call', () => {
  it('ends the session, opens /login and returns to the page after signing in again', async () => {
    server.use(
      http.get(apiUrl('/products'), () =>
        HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
    )
    const { user, router } = renderApp('/products/5/edit', { signedIn: true })
    await screen.findByRole('heading', { name: 'Edit Product', level: 1 })

    const failures = await act(() =>
      Promise.allSettled([api.get('/products'), api.get('/products'), api.get('/products')]),
    )
    expect(failures.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected'])
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(window.localStorage.getItem('token')).toBeNull()

    await user.type(await screen.findByLabelText('Username'), VALID_USER.username)
    await user.type(screen.getByLabelText('Password'), VALID_USER.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(
      await screen.findByRole('heading', { name: 'Edit Product', level: 1 }),
    ).toBeInTheDocument()
    expect(currentPath(router)).toBe('/products/5/edit')
  })
})

describe('logged out in another tab', () => {
  it('the next load answers 401 and the browser goes to /login, not to the raw error', async () => {
    // The real server refuses a call without a bearer token with this detail.
    server.use(
      http.get(apiUrl('/service-providers'), ({ request }) =>
        request.headers.get('Authorization')
          ? HttpResponse.json({
              data: [],
              pagination: {
                page: 1,
                pageSize: 30,
                total: 0,
                totalPages: 0,
                hasPrev: false,
                hasNext: false,
              },
            })
          : HttpResponse.json(
              { detail: 'Authentication required: send a bearer token' },
              { status: 401 },
            ),
      ),
    )
    const { user, router } = renderApp('/dashboard', { signedIn: true })
    await screen.findByRole('heading', { level: 1 })
    // The other tab's logout removes the shared token.
    window.localStorage.removeItem('token')

    await user.click(screen.getAllByRole('link', { name: 'Service Providers' })[0])
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(screen.queryByText('Authentication required: send a bearer token')).toBeNull()
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
  })
})
