// The analyst's edit the live-loop and stale-build checks make: the service-provider category's
// name gets a new label (ui schema) and a new minimum length (data schema). The browser shows
// the label; the API enforces the length.
import type { Page } from 'playwright-core'
import type { FolderCopy } from './folder-copy'
import { ADMIN, sleep } from './server-process'

/** How many edits in a row the live-loop test and `bench:analyst-loop` make (issue 27). */
export const EDITS_IN_A_ROW = 10

/**
 * The `round`-th edit of a series (from 1): a new label each time, and a minimum length that
 * goes up and down and never repeats, so an API that lags behind, or keeps a limit the file no
 * longer has, is seen.
 */
export function editOfRound(round: number) {
  return {
    title: `Category name ${round}`,
    minLength: round % 2 === 1 ? 10 + round : round / 2 + 1,
  }
}

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
export function statusForShortName(
  baseUrl: string,
  token: string,
  minLength: number,
): Promise<number | undefined> {
  return statusForName(baseUrl, token, 'n'.repeat(minLength - 1))
}

/** The status the API answers for a new category of this name (undefined: no answer). */
async function statusForName(
  baseUrl: string,
  token: string,
  name: string,
): Promise<number | undefined> {
  try {
    const response = await fetch(`${baseUrl}/api/service-provider-categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, description: 'A test category' }),
    })
    return response.status
  } catch {
    return undefined // restarting
  }
}

/**
 * Whether the API enforces exactly this minimum length: it refuses a name one character
 * shorter and accepts (creates) one of that length.
 */
export async function apiEnforces(baseUrl: string, token: string, minLength: number) {
  return (
    (await statusForShortName(baseUrl, token, minLength)) === 400 &&
    (await statusForName(baseUrl, token, 'n'.repeat(minLength))) === 201
  )
}

/**
 * Saves `edit` in the copy's schemas/ and waits, up to `limitMs` from the save, for the open
 * page (on the category form, reloaded by Vite) to show the new label and for the API to
 * enforce the new length. The milliseconds from the save to each; undefined where the limit
 * passed first.
 */
export async function saveAndFollow(
  copy: FolderCopy,
  { page, baseUrl, token }: { page: Page; baseUrl: string; token: string },
  edit: { title: string; minLength: number },
  limitMs: number,
): Promise<{ browserMs?: number; apiMs?: number }> {
  const saved = performance.now()
  const left = () => limitMs - (performance.now() - saved)
  editCategoryName(copy, edit)
  const [browserMs, apiMs] = await Promise.all([
    page
      .getByLabel(edit.title, { exact: true })
      .waitFor({ timeout: Math.max(1, left()) })
      .then(
        () => performance.now() - saved,
        () => undefined,
      ),
    (async () => {
      while (left() > 0) {
        if (await apiEnforces(baseUrl, token, edit.minLength)) return performance.now() - saved
        await sleep(50)
      }
      return undefined
    })(),
  ])
  return { browserMs, apiMs }
}

export async function signInAndOpenCategoryForm(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL('**/dashboard')
  await page.goto(`${baseUrl}${CATEGORY_FORM_PATH}`)
}
