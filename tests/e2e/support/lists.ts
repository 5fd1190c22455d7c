// A list's filters sit in a panel behind "Filters (N)": folded on a phone, open on wider screens.
import type { Page } from 'playwright-core'

/** The panel's toggle, whatever count it shows. */
export const filtersToggle = (page: Page) =>
  page.getByRole('button', { name: /^Filters( \(\d+\))?$/ })

/** Opens the list's filters where they are folded (a phone); elsewhere leaves them open. */
export async function showFilters(page: Page) {
  const toggle = filtersToggle(page)
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
}
