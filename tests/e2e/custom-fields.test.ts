// A custom field added by an analyst, end to end (issue 11, point 4): on a temporary copy of the
// repository whose schemas/ gains a property, the app is built and served, and the new field
// is offered by the create form, shown on the detail page and loaded by the edit form.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  apiClient,
  login,
  REPO_ROOT,
  type ServerProcess,
  startServer,
} from '../../scripts/support/server-process'
import { addProperty, copySchemas } from '../support/schema-copy'
import { schemaFields } from '../support/schema-labels'
import { launchBrowser, screenshot } from './support/browser'

const FIELD = { name: 'warrantyMonths', title: 'Warranty (months)' }
const COPIED = [
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'src',
  'types',
  'scripts',
  'public',
]

let root = ''
let server: ServerProcess | undefined
let browser: Browser | undefined
let context: BrowserContext | undefined

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'backoffice-custom-field-'))
  for (const entry of COPIED)
    cpSync(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true })
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'))
  const schemas = copySchemas(path.join(REPO_ROOT, 'schemas'))
  schemas.edit('product', (doc) =>
    addProperty(doc, FIELD.name, { type: 'integer', title: FIELD.title, minimum: 0 }),
  )
  cpSync(schemas.dir, path.join(root, 'schemas'), { recursive: true })
  schemas.remove()
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'pipe',
  })
  const dataDir = path.join(root, 'data')
  mkdirSync(dataDir)
  server = await startServer(
    { dataDir },
    { env: { WEB_DIST_DIR: path.join(root, 'dist'), SCHEMAS_DIR: path.join(root, 'schemas') } },
  )
  browser = await launchBrowser()
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  })
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (root) rmSync(root, { recursive: true, force: true })
})

describe('a custom field added to schemas/product.json', () => {
  it('is offered by the create form, shown on the detail page and loaded by the edit form', async () => {
    if (!server || !context) throw new Error('not started')
    const api = apiClient(server.url, await login(server.url))
    const providerId = await api.create('/api/service-providers', {
      firstName: 'Ada',
      lastName: 'Obi',
      brandName: 'Warranty Works',
      email: 'warranty@example.com',
      phoneNumber: '+234 803 123 4567',
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '1 Allen Avenue',
      about: 'Repairs with a warranty.',
    })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Username').fill(ADMIN.username)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/dashboard')

    const labels = schemaFields('product', path.join(root, 'schemas'))
    await page.goto(`/service-providers/${providerId}/products/new`)
    await page.getByLabel(labels.label('name'), { exact: true }).fill('Fridge repair')
    await page.getByLabel(labels.label('description'), { exact: true }).fill('Any make.')
    await page.getByLabel(labels.label('price'), { exact: true }).fill('15000')
    await page.getByLabel(FIELD.title).fill('12')
    await page.getByRole('button', { name: 'Create Product' }).click()
    await page.getByRole('heading', { level: 1, name: 'Fridge repair' }).waitFor()
    const row = page.locator('dt', { hasText: FIELD.title }).locator('..')
    await expect(row.locator('dd').textContent()).resolves.toBe('12')
    await screenshot(page, 'custom-field-detail')

    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByLabel(FIELD.title).inputValue()).resolves.toBe('12')
    await page.setViewportSize({ width: 375, height: 800 })
    await screenshot(page, 'custom-field-edit-375')
  })
})
