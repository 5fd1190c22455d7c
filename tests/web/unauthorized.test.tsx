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

    await user.type(screen.getByLabelText('Username'), VALID_USER.username)
    await user.type(screen.getByLabelText('Password'), VALID_USER.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(
      await screen.findByRole('heading', { name: 'Edit Product', level: 1 }),
    ).toBeInTheDocument()
    expect(currentPath(router)).toBe('/products/5/edit')
  })
})
