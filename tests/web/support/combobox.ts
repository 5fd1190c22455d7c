// Driving the searchable category pickers (src/components/category-combobox.tsx) as a person
// does: focus, type, read the options, pick one.
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'

/** Opens the picker with this label (typing `text` into it, if given) and waits for `option`. */
export async function openPicker(user: UserEvent, label: string, text = '', option?: string) {
  const input = screen.getByRole('combobox', { name: label })
  await user.click(input)
  if (text) {
    await user.clear(input)
    // Key by key, each shown before the next (as a person types), so none lands on a stale input.
    for (const [i, key] of [...text].entries()) {
      await user.type(input, key)
      await waitFor(() => expect(input).toHaveValue(text.slice(0, i + 1)))
    }
  }
  const listbox = await screen.findByRole('listbox')
  if (option) await within(listbox).findByRole('option', { name: option })
  return { input, listbox }
}

/** The names of the options the open picker lists. */
export function optionNames(listbox: HTMLElement): string[] {
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent?.trim() ?? '')
}

/** Types `text` into the picker, clicks the option named `option`, and closes the list (a
 * multiple picker keeps it open for the next pick). */
export async function pick(user: UserEvent, label: string, text: string, option: string) {
  const { listbox } = await openPicker(user, label, text, option)
  await user.click(within(listbox).getByRole('option', { name: option }))
  if (screen.queryByRole('listbox')) await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
}

/** Opens this picker and clicks the option named `option` among its first matches. */
export async function choose(user: UserEvent, input: HTMLElement, option: string) {
  await user.click(input)
  const listbox = await screen.findByRole('listbox')
  await user.click(await within(listbox).findByRole('option', { name: option }))
  if (screen.queryByRole('listbox')) await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
}

/** Opens this picker and answers the names of the options it offers before any typing. */
export async function offered(user: UserEvent, input: HTMLElement, last: string) {
  await user.click(input)
  const listbox = await screen.findByRole('listbox')
  await within(listbox).findByRole('option', { name: last })
  const names = optionNames(listbox)
  await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  return names
}
