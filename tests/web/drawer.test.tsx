import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from './support/render-app'
import { setViewportWidth } from './support/viewport'

const drawer = () => screen.queryByRole('dialog')

async function openDrawer(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: /menu/i }))
  return await screen.findByRole('dialog')
}

describe('side menu drawer under 768 px', () => {
  beforeEach(() => setViewportWidth(375))

  it('hides the fixed menu and opens the drawer from the menu button', async () => {
    const { user } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull()
    const dialog = await openDrawer(user)
    expect(within(dialog).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/products',
    )
    expect(within(dialog).getByRole('link', { current: 'page' })).toHaveTextContent('Dashboard')
  })

  it('closes when a link is followed', async () => {
    const { user, router } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    const dialog = await openDrawer(user)
    await user.click(within(dialog).getByRole('link', { name: 'Service Providers' }))
    await waitFor(() => expect(drawer()).toBeNull())
    expect(router.state.location.pathname).toBe('/service-providers')
    expect(
      await screen.findByRole('heading', { name: 'Service Providers', level: 1 }),
    ).toBeInTheDocument()
  })

  it('closes with the close button', async () => {
    const { user } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    const dialog = await openDrawer(user)
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(drawer()).toBeNull())
  })

  it('closes when the backdrop is clicked', async () => {
    const { user } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    await openDrawer(user)
    const backdrop = document.querySelector('[data-scope="dialog"][data-part="backdrop"]')
    expect(backdrop).not.toBeNull()
    // A modal drawer sets `pointer-events: none` on the page, so a real click on the dimmed
    // area lands outside the drawer; skip user-event's check to click the backdrop itself.
    const unchecked = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
    // Zag starts listening for outside clicks a frame after the drawer opens; on a loaded
    // machine the first click can land before that, so click until the drawer has closed.
    await waitFor(async () => {
      await unchecked.click(backdrop as Element)
      expect(drawer()).toBeNull()
    })
  })

  it('closes and gives way to the fixed menu when the viewport grows past 768 px', async () => {
    const { user } = renderApp('/dashboard', { signedIn: true })
    await screen.findByText('Welcome to the admin dashboard')
    await openDrawer(user)
    setViewportWidth(1024)
    await waitFor(() => expect(drawer()).toBeNull())
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /menu/i })).toBeNull()
    // Back to narrow: the drawer stays closed until asked.
    setViewportWidth(375)
    expect(drawer()).toBeNull()
  })
})
