// Driving the searchable category pickers in the browser: type, wait for the server's matches,
// click one. Options are named by their full path ("Home › Cleaning › Tanks").
import type { Locator, Page } from 'playwright-core'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The option whose path ends with `name` (a category's own name, or a choice such as None). */
export function optionEndingWith(page: Page, name: string): Locator {
  return page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`(^|› )${escapeRegExp(name)}$`) })
    .first()
}

/** Types `text` into the picker (its label also names its listbox: the input is the combobox)
 * and opens the list with the arrow key if typing left it closed (an emptied input). */
async function search(page: Page, label: Locator, text: string) {
  const picker = label.and(page.getByRole('combobox'))
  await picker.click()
  await picker.fill(text)
  await picker.press('ArrowDown')
  return picker
}

/** Types `text` (by default `name`) into the picker and clicks the option ending with `name`. */
export async function pickCategory(page: Page, label: Locator, name: string, text = name) {
  const picker = await search(page, label, text)
  await optionEndingWith(page, name).click()
  if (await page.getByRole('listbox').isVisible()) await picker.press('Escape')
}

/** The names of the options the picker offers for `text`, once `expected` is among them. */
export async function offeredFor(page: Page, label: Locator, text: string, expected: string) {
  const picker = await search(page, label, text)
  await optionEndingWith(page, expected).waitFor()
  const names = await page.getByRole('listbox').getByRole('option').allTextContents()
  await picker.press('Escape')
  return names.map((name) => name.trim())
}
