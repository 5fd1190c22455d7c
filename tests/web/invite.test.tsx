// The invite page (issue 28): an invite or reset link's token is read from the URL fragment, the
// operator sets a password (twice, at least 8 characters), and is signed in like a login.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { INVITE_TOKEN, INVITED_SESSION, USED_INVITE } from './factories/operators'
import { server } from './msw/server'
import { currentPath, renderApp } from './support/render-app'

const heading = () =>
  screen.findByRole('heading', { name: 'Set your password', level: 1 }, { timeout: 8000 })

/** Every body POST /auth/invite received. */
function inviteBodies() {
  const bodies: unknown[] = []
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/api/auth/invite')) bodies.push(await request.clone().json())
  })
  return bodies
}

async function fill(user: ReturnType<typeof renderApp>['user'], password: string, again: string) {
  await user.type(screen.getByLabelText(/New password/), password)
  await user.type(screen.getByLabelText(/Confirm password/), again)
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }))
}

describe('invite page', () => {
  it('sets the password, stores the session token and opens the dashboard', async () => {
    const bodies = inviteBodies()
    const { user, router } = renderApp(`/invite#${INVITE_TOKEN}`)
    await heading()
    expect(document.title).toBe('Set your password · Marketplace Admin')
    await fill(user, 'correct horse', 'correct horse')
    expect(
      await screen.findByText('Welcome to the admin dashboard', {}, { timeout: 8000 }),
    ).toBeInTheDocument()
    expect(currentPath(router)).toBe('/dashboard')
    expect(window.localStorage.getItem('token')).toBe(INVITED_SESSION)
    expect(bodies).toEqual([{ inviteToken: INVITE_TOKEN, password: 'correct horse' }])
    server.events.removeAllListeners('request:start')
  })

  it('asks for at least 8 characters, and for the same password twice', async () => {
    const bodies = inviteBodies()
    const { user } = renderApp(`/invite#${INVITE_TOKEN}`)
    await heading()
    await fill(user, 'short', 'short')
    expect(screen.getByLabelText(/New password/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument()

    await user.clear(screen.getByLabelText(/New password/))
    await user.clear(screen.getByLabelText(/Confirm password/))
    await fill(user, 'long enough', 'long enougH')
    expect(screen.getByText('The passwords do not match.')).toBeVisible()
    expect(screen.getByLabelText(/Confirm password/)).toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toEqual([])
    server.events.removeAllListeners('request:start')
  })

  it('shows the server’s detail when the link is used or expired (400)', async () => {
    const { user, router } = renderApp('/invite#spent-token')
    await heading()
    await fill(user, 'correct horse', 'correct horse')
    expect(await screen.findByRole('alert')).toHaveTextContent(USED_INVITE)
    expect(currentPath(router)).toBe('/invite')
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it('without a token in the link says what to do', async () => {
    renderApp('/invite')
    await heading()
    expect(screen.getByText(/needs the link an administrator gave you/)).toBeInTheDocument()
    expect(screen.queryByLabelText(/New password/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login')
  })
})
