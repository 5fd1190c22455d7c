// Issue 14 point 6: the top bar's theme menu (Light, Dark, System), remembered in
// localStorage, following the system's colour scheme by default.
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from './support/render-app'
import { setSystemColorScheme } from './support/viewport'

/** Opens the theme menu and gives its radio items. */
async function openMenu(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Theme' }))
  const menu = await screen.findByRole('menu')
  return within(menu).getAllByRole('menuitemradio')
}
const checked = (items: HTMLElement[]) =>
  items.filter((item) => item.getAttribute('aria-checked') === 'true').map((i) => i.textContent)

async function pick(user: UserEvent, label: string) {
  const items = await openMenu(user)
  await user.click(items.find((item) => item.textContent === label) as HTMLElement)
}
const mode = () => document.documentElement.classList
const stored = () => window.localStorage.getItem('color-mode')

async function openDashboard() {
  const view = renderApp('/dashboard', { signedIn: true })
  await screen.findByText('Welcome to the admin dashboard')
  return view
}

describe('the theme menu', () => {
  it('offers Light, Dark and System, and follows the system by default', async () => {
    const { user } = await openDashboard()
    const items = await openMenu(user)
    expect(items.map((item) => item.textContent)).toEqual(['Light', 'Dark', 'System'])
    expect(checked(items)).toEqual(['System'])
    await user.keyboard('{Escape}')
    await waitFor(() => expect(mode()).toContain('light'))

    setSystemColorScheme('dark')
    await waitFor(() => expect(mode()).toContain('dark'))
    expect(mode()).not.toContain('light')
    expect(stored()).toBeNull()
  })

  it('remembers a chosen mode and keeps it whatever the system says', async () => {
    const { user } = await openDashboard()
    await pick(user, 'Dark')
    await waitFor(() => expect(mode()).toContain('dark'))
    expect(stored()).toBe('dark')

    setSystemColorScheme('light')
    expect(mode()).toContain('dark')

    await pick(user, 'System')
    await waitFor(() => expect(mode()).toContain('light'))
    expect(stored()).toBe('system')
  })

  it('starts in the remembered mode', async () => {
    window.localStorage.setItem('color-mode', 'light')
    setSystemColorScheme('dark')
    const { user } = await openDashboard()
    expect(checked(await openMenu(user))).toEqual(['Light'])
    await waitFor(() => expect(mode()).toContain('light'))
    expect(mode()).not.toContain('dark')
  })
})
