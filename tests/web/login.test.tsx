import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl, TEST_TOKEN, VALID_USER } from './msw/handlers'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'

async function signIn(
  user: ReturnType<typeof renderApp>['user'],
  username: string,
  password: string,
) {
  // The sign-in page's code loads on first visit (a lazy route, as every page).
  await user.type(await screen.findByLabelText('Username'), username)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('login', () => {
  it('is titled as an admin console with labelled, required fields', async () => {
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Admin Console' })).toBeInTheDocument()
    expect(screen.getByText('Sign in to continue')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
  })

  it('signs in, stores the token and lands on the dashboard with the greeting', async () => {
    const { user, router } = renderApp('/login')
    await signIn(user, VALID_USER.username, VALID_USER.password)
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening)$/, level: 1 }),
    ).toBeInTheDocument()
    expect(screen.getByText('Welcome to the admin dashboard')).toBeInTheDocument()
    expect(currentPath(router)).toBe('/dashboard')
    expect(window.localStorage.getItem('token')).toBe(TEST_TOKEN)
  })

  it('returns to the protected page the operator was sent from', async () => {
    const { user, router } = renderApp('/products/7/images?page=2')
    expect(
      await screen.findByRole('heading', { name: 'Admin Console', level: 1 }),
    ).toBeInTheDocument()
    expect(currentPath(router)).toBe('/login')
    await signIn(user, VALID_USER.username, VALID_USER.password)
    expect(
      await screen.findByRole('heading', { name: 'Product Images', level: 1 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/products/7/images?page=2',
    )
  })

  it('does not send the request when a field is blank', async () => {
    let calls = 0
    server.use(
      http.post(apiUrl('/auth/login'), () => {
        calls++
        return HttpResponse.json({ token: 'x' })
      }),
    )
    const { user } = renderApp('/login')
    await user.type(screen.getByLabelText('Username'), '   ')
    await user.type(screen.getByLabelText('Password'), 'secret')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Username is required')).toBeInTheDocument()
    expect(calls).toBe(0)
  })

  it.each([
    [401, 'Invalid username or password'],
    [500, 'Something went wrong. Please try again.'],
    [429, 'Something went wrong. Please try again.'],
  ])('shows the exact message for a %i answer', async (status, message) => {
    server.use(
      http.post(apiUrl('/auth/login'), () => HttpResponse.json({ detail: 'nope' }, { status })),
    )
    const { user, router } = renderApp('/login')
    await signIn(user, 'admin', 'wrong')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(currentPath(router)).toBe('/login')
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it('shows the network message when no response arrives', async () => {
    server.use(http.post(apiUrl('/auth/login'), () => HttpResponse.error()))
    const { user } = renderApp('/login')
    await signIn(user, 'admin', 'secret')
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.')
  })

  it('shows a busy Sign in button while signing in', async () => {
    let release: () => void = () => {}
    server.use(
      http.post(apiUrl('/auth/login'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return HttpResponse.json({ token: TEST_TOKEN })
      }),
    )
    const { user } = renderApp('/login')
    await signIn(user, 'admin', 'secret')
    const button = await screen.findByRole('button', { name: /Signing in/ })
    expect(button).toBeDisabled()
    release()
    expect(await screen.findByText('Welcome to the admin dashboard')).toBeInTheDocument()
  })

  it('sends an operator who is already signed in to the dashboard', async () => {
    const { router } = renderApp('/login', { signedIn: true })
    expect(await screen.findByText('Welcome to the admin dashboard')).toBeInTheDocument()
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'))
  })
})

describe('login with a code (two-factor sign-in)', () => {
  const CODE = '123456'
  const RECOVERY = 'rc1-a1b2-c3d4'

  /** The login of an operator with two-factor on: the password first, then a code. */
  function twoFactorLogin() {
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post(apiUrl('/auth/login'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        bodies.push(body)
        if (body.username !== VALID_USER.username || body.password !== VALID_USER.password) {
          return HttpResponse.json({ detail: 'Invalid credentials' }, { status: 401 })
        }
        if (body.code === CODE || body.code === RECOVERY) {
          return HttpResponse.json({ token: TEST_TOKEN })
        }
        const detail =
          body.code === undefined ? 'Authentication code required' : 'Invalid authentication code'
        return HttpResponse.json({ detail, twoFactorRequired: true }, { status: 401 })
      }),
    )
    return bodies
  }

  async function atCodeStep() {
    const bodies = twoFactorLogin()
    const view = renderApp('/login')
    await signIn(view.user, VALID_USER.username, VALID_USER.password)
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument()
    return { ...view, bodies }
  }

  it('asks for a code after the password, then signs in with it', async () => {
    const { user, router, bodies } = await atCodeStep()
    expect(screen.getByText('Or enter one of your recovery codes')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByLabelText('Password')).toBeNull()
    await user.type(screen.getByLabelText('Authentication code'), '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Welcome to the admin dashboard')).toBeInTheDocument()
    expect(currentPath(router)).toBe('/dashboard')
    expect(window.localStorage.getItem('token')).toBe(TEST_TOKEN)
    expect(bodies.at(-1)).toEqual({ ...VALID_USER, code: CODE })
  })

  it('accepts a recovery code', async () => {
    const { user } = await atCodeStep()
    await user.type(screen.getByLabelText('Authentication code'), RECOVERY)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Welcome to the admin dashboard')).toBeInTheDocument()
  })

  it("a wrong code shows the server's detail and lets them try again", async () => {
    const { user } = await atCodeStep()
    const input = screen.getByLabelText('Authentication code')
    await user.type(input, '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code')
    expect(window.localStorage.getItem('token')).toBeNull()
    await user.clear(input)
    await user.type(input, CODE)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Welcome to the admin dashboard')).toBeInTheDocument()
  })

  it('Back returns to the password step', async () => {
    const { user } = await atCodeStep()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByLabelText('Password')).toBeInTheDocument()
    expect(screen.getByText('Sign in to continue')).toBeInTheDocument()
    expect(screen.queryByLabelText('Authentication code')).toBeNull()
  })
})
