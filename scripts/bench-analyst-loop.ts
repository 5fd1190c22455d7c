// `npm run bench:analyst-loop`: how long an analyst waits in `npm run dev` between saving a
// schema file and seeing the edit, in the open browser (a new label, after Vite reloads the page)
// and in the API (a new minimum length, after Node restarts the server). Runs on a copy of the
// repository, so the working tree's schemas/ are never touched. Prints the figures of 3 edits.
import { chromium } from 'playwright-core'
import {
  editCategoryName,
  signInAndOpenCategoryForm,
  statusForShortName,
} from './support/analyst-edit'
import { startDev } from './support/dev-process'
import { copyRepository } from './support/folder-copy'
import { login, sleep } from './support/server-process'

const ROUNDS = 3
const copy = copyRepository()
const dev = await startDev(copy.dir)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  const page = await browser.newPage()
  await signInAndOpenCategoryForm(page, dev.webUrl)
  const token = await login(dev.apiUrl)
  const rows: Array<[number, number]> = []
  for (let round = 1; round <= ROUNDS; round++) {
    const edit = { title: `Category name ${round}`, minLength: 2 + round }
    const saved = performance.now()
    editCategoryName(copy, edit)
    const [browserMs, apiMs] = await Promise.all([
      page
        .getByLabel(edit.title, { exact: true })
        .waitFor({ timeout: 120_000 })
        .then(() => performance.now() - saved),
      (async () => {
        while ((await statusForShortName(dev.webUrl, token, edit.minLength)) !== 400)
          await sleep(50)
        return performance.now() - saved
      })(),
    ])
    rows.push([browserMs, apiMs])
    console.log(
      `edit ${round}: visible in the browser after ${(browserMs / 1000).toFixed(2)} s, enforced by the API after ${(apiMs / 1000).toFixed(2)} s`,
    )
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
  console.log(
    `median: browser ${(median(rows.map((r) => r[0])) / 1000).toFixed(2)} s, API ${(median(rows.map((r) => r[1])) / 1000).toFixed(2)} s`,
  )
} finally {
  await browser.close()
  await dev.stop()
  copy.remove()
}
