// The Account page (/profile): password change, sessions with revoke, two-factor set-up (QR code,
// secret, wrong code, recovery codes) and turning it off, against the MSW account routes.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT, accountHandlers } from './factories/account'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'
import { findToast } from './support/toasts'

async function openAccount(options: Parameters<typeof accountHandlers>[0] = {}) {
  server.use(...accountHandlers(options))
  const view = renderApp('/profile', { signedIn: true })
  expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument()
  return view
}

const section = (name: string) => screen.getByRole('region', { name })

describe('Account page', () => {
  it('is titled Account and says who is signed in', async () => {
    await openAccount()
    expect(document.title).toBe('Account · Marketplace Admin')
    // On the page itself (the top bar names the operator too).
    const main = await screen.findByRole('main')
    expect(await within(main).findByText('admin')).toBeInTheDocument()
  })

  describe('change password', () => {
    it('changes it, says the other sessions were signed out, and reloads the sessions', async () => {
      let sent: unknown = null
      const { user } = await openAccount()
      server.events.on('request:start', async ({ request }) => {
        if (request.method === 'PUT') sent = await request.clone().json()
      })
      const form = section('Change password')
      expect(await within(section('Your sessions')).findAllByRole('listitem')).toHaveLength(2)
      await user.type(within(form).getByLabelText('Current password'), ACCOUNT.password)
      await user.type(within(form).getByLabelText('New password'), 'a-new-password')
      await user.type(within(form).getByLabelText('Confirm new password'), 'a-new-password')
      await user.click(within(form).getByRole('button', { name: 'Change password' }))
      await findToast('Success', 'Password changed. Your other sessions were signed out.')
      expect(sent).toEqual({ currentPassword: ACCOUNT.password, newPassword: 'a-new-password' })
      expect(within(form).getByLabelText('Current password')).toHaveValue('')
      await waitFor(() =>
        expect(within(section('Your sessions')).getAllByRole('listitem')).toHaveLength(1),
      )
      server.events.removeAllListeners()
    })

    it("shows the server's detail when the current password is wrong (400)", async () => {
      const { user } = await openAccount()
      const form = section('Change password')
      await user.type(within(form).getByLabelText('Current password'), 'not-it')
      await user.type(within(form).getByLabelText('New password'), 'a-new-password')
      await user.type(within(form).getByLabelText('Confirm new password'), 'a-new-password')
      await user.click(within(form).getByRole('button', { name: 'Change password' }))
      await findToast('Error', ACCOUNT.wrongPassword)
    })

    it('asks for 8 characters and matching passwords before sending', async () => {
      let calls = 0
      const { user } = await openAccount()
      server.use(
        http.put(apiUrl('/me/password'), () => {
          calls++
          return new HttpResponse(null, { status: 204 })
        }),
      )
      const form = section('Change password')
      await user.type(within(form).getByLabelText('New password'), 'short')
      await user.type(within(form).getByLabelText('Confirm new password'), 'other')
      await user.click(within(form).getByRole('button', { name: 'Change password' }))
      expect(within(form).getByText('Current password is required')).toBeInTheDocument()
      expect(
        within(form).getByText('At least 8 characters', { selector: '[data-part="error-text"]' }),
      ).toBeInTheDocument()
      expect(within(form).getByText('The passwords do not match')).toBeInTheDocument()
      expect(calls).toBe(0)
    })
  })

  describe('your sessions', () => {
    it('lists each device with its times, marks this one, and offers Revoke only for the others', async () => {
      await openAccount()
      const rows = await within(section('Your sessions')).findAllByRole('listitem')
      expect(rows[0]).toHaveTextContent('Chrome on Linux')
      expect(rows[0]).toHaveTextContent('This device')
      expect(rows[0]).toHaveTextContent(/Signed in .*2026.*Last used .*2026/)
      expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Revoke/ })).toBeNull()
      expect(rows[1]).toHaveTextContent('Safari on iOS')
      expect(rows[1]).not.toHaveTextContent('This device')
    })

    it('revokes another session and reloads the list', async () => {
      const { user } = await openAccount()
      const revoke = await screen.findByRole('button', { name: 'Revoke Safari on iOS' })
      await user.click(revoke)
      await findToast('Success', 'Session signed out')
      await waitFor(() =>
        expect(within(section('Your sessions')).getAllByRole('listitem')).toHaveLength(1),
      )
      expect(screen.queryByText('Safari on iOS')).toBeNull()
    })
  })

  describe('two-factor authentication', () => {
    let saved: { download: string; blob: Blob }[]
    beforeEach(() => {
      saved = []
      let blob: Blob | null = null
      vi.spyOn(URL, 'createObjectURL').mockImplementation((given) => {
        blob = given as Blob
        return 'blob:recovery'
      })
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
      // jsdom cannot save a download: record what would be saved.
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        if (this.download && blob) saved.push({ download: this.download, blob })
      })
    })
    afterEach(() => vi.restoreAllMocks())

    it('sets it up: QR code and grouped secret, a wrong code, then the recovery codes', async () => {
      const { user } = await openAccount()
      const box = section('Two-factor authentication')
      expect(await within(box).findByText('Off')).toBeInTheDocument()
      await user.click(within(box).getByRole('button', { name: 'Set up' }))

      const qr = await within(box).findByRole('img', { name: 'QR code for your authenticator app' })
      expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
      expect(within(box).getByLabelText('Secret')).toHaveTextContent(
        'JBSW Y3DP EHPK 3PXP JBSW Y3DP',
      )
      await user.click(within(box).getByRole('button', { name: 'Copy secret' }))
      expect(await navigator.clipboard.readText()).toBe(ACCOUNT.secret)

      const code = within(box).getByLabelText('Authentication code')
      await user.type(code, '12345')
      await user.click(within(box).getByRole('button', { name: 'Turn on' }))
      expect(within(box).getByText('Enter the 6 digits your app shows')).toBeInTheDocument()

      await user.clear(code)
      await user.type(code, '999999')
      await user.click(within(box).getByRole('button', { name: 'Turn on' }))
      expect(await within(box).findByText(ACCOUNT.wrongCode)).toBeInTheDocument()

      await user.clear(code)
      await user.type(code, ACCOUNT.code)
      await user.click(within(box).getByRole('button', { name: 'Turn on' }))
      const list = await within(box).findByRole('list', { name: 'Recovery codes' })
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(ACCOUNT.recoveryCodes)
      expect(within(box).queryByLabelText('Secret')).toBeNull()

      await user.click(within(box).getByRole('button', { name: 'Download' }))
      expect(saved.map((file) => file.download)).toEqual(['marketplace-admin-recovery-codes.txt'])
      const text = await (saved[0] as { blob: Blob }).blob.text()
      for (const recovery of ACCOUNT.recoveryCodes) expect(text).toContain(recovery)

      await user.click(within(box).getByRole('button', { name: 'Copy recovery codes' }))
      expect(await navigator.clipboard.readText()).toBe(ACCOUNT.recoveryCodes.join('\n'))

      await user.click(within(box).getByRole('button', { name: 'Done' }))
      expect(await within(box).findByRole('button', { name: 'Turn off' })).toBeInTheDocument()
      expect(within(box).getByText('On')).toBeInTheDocument()
    })

    it("turns it off with a code, showing the server's detail for a wrong one", async () => {
      const { user } = await openAccount({ me: { twoFactor: true } })
      const box = section('Two-factor authentication')
      await user.click(await within(box).findByRole('button', { name: 'Turn off' }))
      expect(within(box).getByText('Or enter one of your recovery codes')).toBeInTheDocument()
      const code = within(box).getByLabelText('Authentication code')
      await user.type(code, '000000')
      await user.click(within(box).getByRole('button', { name: 'Turn off' }))
      expect(await within(box).findByText(ACCOUNT.wrongCode)).toBeInTheDocument()
      await user.clear(code)
      await user.type(code, ACCOUNT.recoveryCodes[3] as string)
      await user.click(within(box).getByRole('button', { name: 'Turn off' }))
      await findToast('Success', 'Two-factor authentication is off.')
      expect(await within(box).findByRole('button', { name: 'Set up' })).toBeInTheDocument()
    })

    it('Cancel leaves the set-up without turning anything on', async () => {
      const { user } = await openAccount()
      const box = section('Two-factor authentication')
      await user.click(await within(box).findByRole('button', { name: 'Set up' }))
      await within(box).findByLabelText('Secret')
      await user.click(within(box).getByRole('button', { name: 'Cancel' }))
      expect(within(box).getByRole('button', { name: 'Set up' })).toBeInTheDocument()
      expect(within(box).queryByLabelText('Secret')).toBeNull()
    })
  })
})
