// The analyst's two loops (issue #11), each on a copy of the repository so the working tree's
// schemas/ stay as they are: `npm run dev` shows a schema edit in the open page and the API
// enforces it with no other command, 10 edits in a row, each within 5 s of saving (issue 27);
// `npm start` rebuilds a web build made from older schemas (and says why), and refuses to serve
// schemas with mistakes.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  EDITS_IN_A_ROW,
  editCategoryName,
  editOfRound,
  saveAndFollow,
  signInAndOpenCategoryForm,
  statusForShortName,
} from '../../scripts/support/analyst-edit'
import { startDev } from '../../scripts/support/dev-process'
import { copyRepository, type FolderCopy } from '../../scripts/support/folder-copy'
import { ADMIN, freePort, login, sleep, waitUntilOk } from '../../scripts/support/server-process'
import { launchBrowser } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const EDIT = { title: 'Category name', minLength: 5 }

/** The form shows the new label and refuses a short name; the API answers it 400. */
async function expectEditFollowed(page: Page, baseUrl: string, token: string) {
  const name = page.getByLabel(EDIT.title, { exact: true })
  await name.waitFor({ timeout: 120_000 })
  await name.fill('abcd')
  await page.getByLabel('Description').fill('A test category')
  await page.getByRole('button', { name: 'Create Category' }).click()
  await page.getByText(`Use at least ${EDIT.minLength} characters.`).waitFor()

  const deadline = Date.now() + 120_000
  let status = await statusForShortName(baseUrl, token, EDIT.minLength)
  // In `npm run dev` the API may still be restarting when the page has already reloaded.
  while (status !== 400 && Date.now() < deadline) {
    await sleep(200)
    status = await statusForShortName(baseUrl, token, EDIT.minLength)
  }
  expect(status).toBe(400)
}

/** The command lines of every process below `pid` (Linux `ps`). */
function descendants(pid: number): string[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match) => match !== null)
    .map(([, child, parent, command]) => ({
      child: Number(child),
      parent: Number(parent),
      command,
    }))
  const found: string[] = []
  const below = [pid]
  while (below.length > 0) {
    const parent = below.pop()
    for (const row of rows.filter((r) => r.parent === parent)) {
      found.push(row.command)
      below.push(row.child)
    }
  }
  return found
}

describe('npm run dev', () => {
  let copy: FolderCopy
  afterAll(() => copy?.remove())

  it('follows 10 schema edits in a row, each in the open page and the API within 5 s; a mistake, the report', async () => {
    copy = copyRepository()
    const dev = await startDev(copy.dir)
    try {
      const page = await browser.newPage()
      // The form is emptied again after each check below, so Vite's next reload is not held up
      // by the browser's "leave the page?" question (unsaved changes); if it is, Leave.
      page.on('dialog', (dialog) => void dialog.accept().catch(() => {}))
      await signInAndOpenCategoryForm(page, dev.webUrl)
      await page.getByLabel('Name', { exact: true }).waitFor()
      const token = await login(dev.webUrl)
      // One watcher: dev.ts itself. Its API server watches nothing (no `node --watch`, whose
      // nested watchers raced each other in issue 27).
      const commands = descendants(dev.pid)
      expect(commands.filter((command) => command.includes('scripts/dev-api.ts'))).toHaveLength(1)
      expect(commands.filter((command) => command.includes('--watch'))).toEqual([])
      let edit = editOfRound(1)
      for (let round = 1; round <= EDITS_IN_A_ROW; round++) {
        edit = editOfRound(round)
        // No reload by the test: Vite reloads the page itself. Both are polled for 5 s at most.
        const followed = await saveAndFollow(copy, { page, baseUrl: dev.webUrl, token }, edit, 5000)
        expect({ round, ...followed }, dev.output().slice(-4000)).toEqual({
          round,
          browserMs: expect.any(Number),
          apiMs: expect.any(Number),
        })
        // The reloaded form brings the new rule with the new label.
        await page.getByLabel(edit.title, { exact: true }).fill('n'.repeat(edit.minLength - 1))
        await page.getByLabel('Description').fill('A test category')
        await page.getByRole('button', { name: 'Create Category' }).click()
        await page.getByText(`Use at least ${edit.minLength} characters.`).waitFor()
        await page.getByLabel(edit.title, { exact: true }).fill('')
        await page.getByLabel('Description').fill('')
      }

      // A mistake shows check:schemas' report over the page, until it is fixed.
      const file = 'schemas/service-provider-category.ui.json'
      copy.replace(file, '"ui:widget": "textarea"', '"ui:widget": "textarae"')
      const overlay = page.locator('vite-error-overlay')
      await overlay.waitFor({ timeout: 60_000 })
      await expect(overlay.evaluate((el) => el.shadowRoot?.textContent)).resolves.toContain(
        `${file} at /common/description/ui:widget: "textarae" is not a widget (did you mean "textarea"?)`,
      )
      copy.replace(file, '"ui:widget": "textarae"', '"ui:widget": "textarea"')
      await overlay.waitFor({ state: 'detached', timeout: 60_000 })
      await page.getByLabel(edit.title, { exact: true }).waitFor()
      // The API kept the last good rules meanwhile, and still follows the next edit.
      const after = editOfRound(EDITS_IN_A_ROW + 1)
      const followed = await saveAndFollow(copy, { page, baseUrl: dev.webUrl, token }, after, 5000)
      expect(followed, dev.output().slice(-4000)).toEqual({
        browserMs: expect.any(Number),
        apiMs: expect.any(Number),
      })
    } finally {
      await dev.stop()
    }
  }, 300_000)
})

describe('npm start', () => {
  let copy: FolderCopy
  beforeAll(() => {
    copy = copyRepository({ withBuild: true })
  })
  afterAll(() => copy?.remove())

  const env = (port: number) => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(copy.dir, 'data'),
    DATABASE_URL: '',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  })

  it('refuses to serve schemas with a mistake, naming the file and place', async () => {
    copy.replace('schemas/product.ui.json', '"ui:widget": "money"', '"ui:widget": "mony"')
    const run = spawnSync('npm', ['start'], {
      cwd: copy.dir,
      env: env(await freePort()),
      encoding: 'utf8',
    })
    copy.replace('schemas/product.ui.json', '"ui:widget": "mony"', '"ui:widget": "money"')
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain(
      'schemas/product.ui.json at /common/price/ui:widget: "mony" is not a widget (did you mean "money"?)',
    )
    expect(run.stderr).toContain('`npm start` serves nothing until they are fixed')
  }, 120_000)

  it('rebuilds a build made from older schemas, saying why; form and API follow the edit', async () => {
    editCategoryName(copy, EDIT)
    const port = await freePort()
    let output = ''
    // Its own process group, so stopping it stops npm and the server it runs.
    const start: ChildProcess = spawn('npm', ['start'], {
      cwd: copy.dir,
      env: env(port),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    start.stdout?.on('data', (chunk) => {
      output += chunk
    })
    start.stderr?.on('data', (chunk) => {
      output += chunk
    })
    const baseUrl = `http://127.0.0.1:${port}`
    try {
      await waitUntilOk(`${baseUrl}/api/health`, 240_000, () => {
        if (start.exitCode !== null) throw new Error(`npm start exited:\n${output}`)
      })
      expect(output).toMatch(
        /schemas\/service-provider-category\.json and \d+ other input\(s\) changed since the web app was built: rebuilding it…/,
      )
      const page = await browser.newPage()
      await signInAndOpenCategoryForm(page, baseUrl)
      await expectEditFollowed(page, baseUrl, await login(baseUrl))
    } finally {
      if (start.pid && start.exitCode === null) process.kill(-start.pid, 'SIGTERM')
    }
  }, 300_000)
})
