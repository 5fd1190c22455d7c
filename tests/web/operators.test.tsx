// The Operators page (issue 28, administrators only): the team with role, status, two-factor and
// last sign-in; invite (a one-time link to copy), change a role, deactivate or reactivate, reset
// a password (a new link); the last active administrator's refusal (409) shown as the server
// words it. Every write reloads the list.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { INVITE_TOKEN, operatorHandlers } from './factories/operators'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'
import { findToast } from './support/toasts'

const LAST_ADMIN = 'The last active administrator cannot be demoted or deactivated'

async function openOperators() {
  const view = renderApp('/operators', { signedIn: true })
  await screen.findByRole('heading', { name: 'Operators', level: 1 }, { timeout: 8000 })
  const table = await screen.findByRole('table', { name: 'Operators' })
  return { ...view, table }
}

const row = (table: HTMLElement, username: string) => {
  const cell = within(table).getByRole('cell', { name: new RegExp(`^${username}`) })
  return cell.closest('tr') as HTMLElement
}

beforeEach(() => {
  // A fresh team for each test: the handlers keep what the test writes.
  server.use(...operatorHandlers())
})

describe('operators page', () => {
  it('lists each operator with role, status, two-factor and last sign-in', async () => {
    const { table } = await openOperators()
    expect(document.title).toBe('Operators · Marketplace Admin')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual(['Username', 'Role', 'Status', 'Two-factor', 'Last sign-in', 'Actions'])
    const admin = row(table, 'admin')
    expect(within(admin).getByText('You')).toBeInTheDocument()
    expect(within(admin).getByRole('combobox', { name: 'Role of admin' })).toHaveValue(
      'administrator',
    )
    expect(within(admin).getByText('Active')).toBeInTheDocument()
    expect(within(admin).getByText('On')).toBeInTheDocument()
    expect(within(admin).getByText(/2026/)).toBeInTheDocument()
    const tunde = row(table, 'tunde')
    expect(within(tunde).getByText('Never')).toBeInTheDocument()
    expect(within(tunde).getByText('Off')).toBeInTheDocument()
    const ngozi = row(table, 'ngozi')
    expect(within(ngozi).getByText('Deactivated')).toBeInTheDocument()
    expect(within(ngozi).getByRole('button', { name: 'Reactivate ngozi' })).toBeInTheDocument()
  })

  it('invites an operator and shows the one-time link to copy', async () => {
    const bodies: unknown[] = []
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/operators'))
        bodies.push(await request.clone().json())
    })
    const { user } = await openOperators()
    await user.click(screen.getByRole('button', { name: 'Invite operator' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite operator' })
    await user.type(within(dialog).getByLabelText(/Username/), 'amaka')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'editor')
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }))

    const linkDialog = await screen.findByRole('dialog', { name: 'Invite link for amaka' })
    const link = `${window.location.origin}/invite#${INVITE_TOKEN}`
    expect(within(linkDialog).getByLabelText('Invite link')).toHaveValue(link)
    expect(within(linkDialog).getByText(/shown only once and expires in 7 days/)).toBeVisible()
    expect(bodies).toEqual([{ username: 'amaka', role: 'editor' }])
    server.events.removeAllListeners('request:start')

    await user.click(within(linkDialog).getByRole('button', { name: 'Copy' }))
    await expect(navigator.clipboard.readText()).resolves.toBe(link)
    await findToast('Success', 'Link copied.')

    await user.click(within(linkDialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The list reloaded with the new operator.
    const table = screen.getByRole('table', { name: 'Operators' })
    expect(await within(table).findByText('amaka')).toBeInTheDocument()
  })

  it('shows the server’s detail when an invite is refused', async () => {
    server.use(
      http.post(apiUrl('/operators'), () =>
        HttpResponse.json({ detail: 'Username tunde is taken' }, { status: 409 }),
      ),
    )
    const { user } = await openOperators()
    await user.click(screen.getByRole('button', { name: 'Invite operator' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite operator' })
    await user.type(within(dialog).getByLabelText(/Username/), 'tunde')
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }))
    await findToast('Error', 'Username tunde is taken')
    expect(within(dialog).getByLabelText(/Username/)).toHaveValue('tunde')
  })

  it('changes a role from the row', async () => {
    const { user, table } = await openOperators()
    await user.selectOptions(within(row(table, 'tunde')).getByRole('combobox'), 'viewer')
    await findToast('Success', 'tunde is now Viewer.')
    await waitFor(() =>
      expect(within(row(table, 'tunde')).getByRole('combobox')).toHaveValue('viewer'),
    )
  })

  it('deactivates after a confirmation, and reactivates', async () => {
    const { user, table } = await openOperators()
    await user.click(within(row(table, 'tunde')).getByRole('button', { name: 'Deactivate tunde' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate tunde?' })
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    await findToast('Success', 'tunde is deactivated and signed out.')
    expect(await within(row(table, 'tunde')).findByText('Deactivated')).toBeInTheDocument()

    await user.click(within(row(table, 'tunde')).getByRole('button', { name: 'Reactivate tunde' }))
    const again = await screen.findByRole('alertdialog', { name: 'Reactivate tunde?' })
    await user.click(within(again).getByRole('button', { name: 'Reactivate' }))
    expect(await within(row(table, 'tunde')).findByText('Active')).toBeInTheDocument()
  })

  it('resets a password and shows the new link', async () => {
    const { user, table } = await openOperators()
    await user.click(
      within(row(table, 'tunde')).getByRole('button', { name: 'Reset password of tunde' }),
    )
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Reset the password of tunde?',
    })
    await user.click(within(confirm).getByRole('button', { name: 'Reset password' }))
    const linkDialog = await screen.findByRole('dialog', { name: 'New password link for tunde' })
    expect(within(linkDialog).getByLabelText('Password link')).toHaveValue(
      `${window.location.origin}/invite#reset-token-456`,
    )
    expect(within(linkDialog).getByText(/shown only once/)).toBeInTheDocument()
  })

  it('shows why the last active administrator cannot be demoted or deactivated (409)', async () => {
    server.use(
      http.put(apiUrl('/operators/:id'), () =>
        HttpResponse.json({ detail: LAST_ADMIN }, { status: 409 }),
      ),
    )
    const { user, table } = await openOperators()
    const select = within(row(table, 'admin')).getByRole('combobox', { name: 'Role of admin' })
    await user.selectOptions(select, 'editor')
    await findToast('Error', LAST_ADMIN)
    // The row shows what the server kept.
    await waitFor(() => expect(select).toHaveValue('administrator'))

    await user.click(within(row(table, 'admin')).getByRole('button', { name: 'Deactivate admin' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate admin?' })
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(screen.getAllByText(LAST_ADMIN)).toHaveLength(2))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(within(row(table, 'admin')).getByText('Active')).toBeInTheDocument()
  })
})
