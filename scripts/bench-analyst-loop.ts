// `npm run bench:analyst-loop`: how long an analyst waits in `npm run dev` between saving a
// schema file and seeing the edit, in the open browser (a new label, after Vite reloads the page)
// and in the API (exactly the new minimum length, after the API reloads its schemas). Runs on a
// copy of the repository, so the working tree's schemas/ are never touched. Makes 10 edits in a
// row (the length goes up and down) and prints each one's figures, then the median and the worst.
import { chromium } from 'playwright-core'
import {
  EDITS_IN_A_ROW,
  editOfRound,
  saveAndFollow,
  signInAndOpenCategoryForm,
} from './support/analyst-edit'
import { startDev } from './support/dev-process'
import { copyRepository } from './support/folder-copy'
import { login } from './support/server-process'

/** An edit not followed within this long counts as never followed. */
const GIVE_UP_MS = 60_000

const copy = copyRepository()
const dev = await startDev(copy.dir)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})
let failed = false
try {
  const page = await browser.newPage()
  await signInAndOpenCategoryForm(page, dev.webUrl)
  await page.getByLabel('Name', { exact: true }).waitFor()
  const token = await login(dev.webUrl)
  const rows: Array<{ browserMs?: number; apiMs?: number }> = []
  const seconds = (ms?: number) =>
    ms === undefined ? `never (> ${GIVE_UP_MS / 1000} s)` : `${(ms / 1000).toFixed(2)} s`
  for (let round = 1; round <= EDITS_IN_A_ROW; round++) {
    const edit = editOfRound(round)
    const row = await saveAndFollow(copy, { page, baseUrl: dev.webUrl, token }, edit, GIVE_UP_MS)
    rows.push(row)
    console.log(
      `edit ${round} (minimum length ${edit.minLength}): visible in the browser after ${seconds(row.browserMs)}, enforced by the API after ${seconds(row.apiMs)}`,
    )
  }
  const summary = (values: Array<number | undefined>) => {
    // An edit never followed counts as the slowest.
    const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b)
    const median =
      sorted.length % 2 === 1
        ? sorted[(sorted.length - 1) / 2]
        : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2
    const show = (ms: number) => (Number.isFinite(ms) ? seconds(ms) : seconds(undefined))
    return `median ${show(median)}, worst ${show(sorted[sorted.length - 1])}`
  }
  console.log(`browser: ${summary(rows.map((r) => r.browserMs))}`)
  console.log(`API:     ${summary(rows.map((r) => r.apiMs))}`)
  failed = rows.some((r) => r.browserMs === undefined || r.apiMs === undefined)
} finally {
  await browser.close()
  await dev.stop()
  copy.remove()
}
if (failed) {
  console.error('Some edits were never followed: the live loop went stale.')
  process.exitCode = 1
}
