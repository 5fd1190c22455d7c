// The analyst's edit the live-loop and stale-build checks make: the service-provider category's
// name gets a new label (ui schema) and a new minimum length (data schema). The browser shows
// the label; the API enforces the length.
import type { Page } from 'playwright-core'
import type { FolderCopy } from './folder-copy'
import { ADMIN } from './server-process'

export const CATEGORY_FORM_PATH = '/service-provider-categories/new'

export function editCategoryName(
  copy: FolderCopy,
  { title, minLength }: { title: string; minLength: number },
) {
  copy.edit('schemas/service-provider-category.ui.json', (ui) => {
    ui.common.name['ui:title'] = title
  })
  copy.edit('schemas/service-provider-category.json', (doc) => {
    doc.definitions.name.minLength = minLength
  })
}

/** The status the API answers for a name one character shorter than `minLength`. */
export async function statusForShortName(
  baseUrl: string,
  token: string,
  minLength: number,
): Promise<number | undefined> {
  try {
    const response = await fetch(`${baseUrl}/api/service-provider-categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'n'.repeat(minLength - 1), description: 'A test category' }),
    })
    return response.status
  } catch {
    return undefined // restarting
  }
}

export async function signInAndOpenCategoryForm(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL('**/dashboard')
  await page.goto(`${baseUrl}${CATEGORY_FORM_PATH}`)
}
