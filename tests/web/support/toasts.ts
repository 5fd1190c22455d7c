import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

/** The toast showing `text`, checked to carry its kind as the title and a Dismiss button. */
export async function findToast(title: 'Error' | 'Success' | 'Warning' | 'Info', text: string) {
  // The page may show the same text too: wait for the one inside a toast.
  const toast = await waitFor(() => {
    const found = screen
      .getAllByText(text)
      .map((element) => element.closest<HTMLElement>('[data-scope="toast"][data-part="root"]'))
      .find((element) => element !== null)
    if (!found) throw new Error(`No toast shows "${text}"`)
    return found
  })
  expect(within(toast).getByText(title)).toBeInTheDocument()
  expect(within(toast).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument()
  return toast
}
