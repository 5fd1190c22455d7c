// The dashboard's reads (counts, queues, recent changes) are all in: nothing on it is busy.
import type { Page } from 'playwright-core'

export async function dashboardLoaded(page: Page) {
  await page.getByRole('region', { name: 'Recent changes' }).waitFor()
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'))
}
