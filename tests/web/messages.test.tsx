import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { notify, showMessage } from '../../src/components/messages'
import { renderApp } from './support/render-app'

// Messages show on every page of the design system (src/app/styled-layout.tsx): a public one.
// The sign-in page, plain (decision 034), has none.
const STYLED_PAGE = '/not-found'

const kinds = [
  ['error', 'Error'],
  ['success', 'Success'],
  ['warning', 'Warning'],
  ['info', 'Info'],
] as const

describe('global message dialog', () => {
  it.each(kinds)('shows a %s message titled %s with a Dismiss button', async (kind, title) => {
    const { user } = renderApp(STYLED_PAGE)
    act(() => {
      showMessage({ kind, text: 'Something to tell you' })
    })
    const dialog = await screen.findByRole('alertdialog', { name: title })
    expect(within(dialog).getByText('Something to tell you')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('shows queued messages one after another', async () => {
    const { user } = renderApp(STYLED_PAGE)
    act(() => {
      showMessage({ kind: 'error', text: 'First' })
      showMessage({ kind: 'info', text: 'Second' })
    })
    const first = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(within(first).getByText('First')).toBeInTheDocument()
    await user.click(within(first).getByRole('button', { name: 'Dismiss' }))
    const second = await screen.findByRole('alertdialog', { name: 'Info' })
    expect(within(second).getByText('Second')).toBeInTheDocument()
  })
})

describe('toasts', () => {
  it.each(kinds)(
    'notify.%s shows the kind %s as the title and Dismiss closes it',
    async (kind, title) => {
      const { user } = renderApp(STYLED_PAGE)
      act(() => {
        notify[kind]('Saved the thing')
      })
      const text = await screen.findByText('Saved the thing')
      const toast = text.closest('[data-part="root"]') as HTMLElement
      expect(within(toast).getByText(title)).toBeInTheDocument()
      await user.click(within(toast).getByRole('button', { name: 'Dismiss' }))
      await waitFor(() => expect(screen.queryByText('Saved the thing')).toBeNull())
    },
  )
})

describe('a success after failures', () => {
  it('dismisses the error toasts it answers, and leaves the others', async () => {
    renderApp(STYLED_PAGE)
    act(() => {
      notify.error('A service provider with this email already exists')
      notify.info('Nothing else to say')
    })
    await screen.findByText('A service provider with this email already exists')
    act(() => {
      notify.success('Service Provider created successfully!')
    })
    await screen.findByText('Service Provider created successfully!')
    await waitFor(() =>
      expect(screen.queryByText('A service provider with this email already exists')).toBeNull(),
    )
    expect(screen.getByText('Nothing else to say')).toBeInTheDocument()

    // A later failure is its own news: it does not take the success away.
    act(() => {
      notify.error('Another failure')
    })
    await screen.findByText('Another failure')
    expect(screen.getByText('Service Provider created successfully!')).toBeInTheDocument()
  })
})
