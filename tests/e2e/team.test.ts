// Issue 28 in Chromium, against the real server: an administrator invites an operator from the
// Operators page, the invite link sets a password and signs in, the viewer sees only what a
// viewer can do (1280 and 375 px), and a deactivation ends the viewer's session at once.
// Every screen is axe-clean and photographed.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openPage, openSignedInPage, screenshot } from './support/browser'

const tag = unique('team').replace(' ', '')
const username = `viewer-${tag}`
const PASSWORD = 'viewer-password-1'
let browser: Browser
let inviteLink = ''
let providerId = 0

beforeAll(async () => {
  browser = await launchBrowser()
  providerId = (await apiProvider(tag)).id
})

afterAll(async () => {
  await browser?.close()
})

async function signInAs(page: Page, name: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(name)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The screens a viewer must not be offered anything on, checked at one width. */
async function viewerScreens(page: Page, width: number) {
  await page.goto('/service-providers')
  await page.getByRole('heading', { name: 'Service Providers', level: 1 }).waitFor()
  await page.getByText(`Shine ${tag}`).first().waitFor()
  for (const name of [/create/i, /delete/i, /edit/i, /^select/i]) {
    expect(await page.getByRole('button', { name }).count(), `${name} at ${width}`).toBe(0)
  }
  expect(await page.getByRole('checkbox').count(), `bulk checkboxes at ${width}`).toBe(0)
  expect(await page.getByRole('link', { name: /^Create/ }).count()).toBe(0)
  expect(await page.getByRole('link', { name: 'Operators' }).count()).toBe(0)
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, `viewer-providers-${width}`)

  await page.goto(`/service-providers/${providerId}`)
  await page.getByRole('heading', { name: 'Bisi Adeyemi', level: 1 }).waitFor()
  expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0)
  expect(await page.getByRole('button', { name: /delete/i }).count()).toBe(0)

  // A deep link to a form the role cannot use: a clear page with a way back, not a form.
  await page.goto(`/service-providers/${providerId}/edit`)
  await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor()
  expect(await page.title()).toBe("You don't have access to this page · Marketplace Admin")
  expect(await page.getByRole('textbox').count()).toBe(0)
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, `viewer-access-denied-${width}`)
  await page.getByRole('link', { name: 'Back to the dashboard' }).click()
  await page.waitForURL('**/dashboard')
}

/** Invites `name` from the open Operators page; returns the one-time link the dialog shows. */
async function invite(page: Page, name: string, role: string, width: number): Promise<string> {
  await page.getByRole('button', { name: 'Invite operator' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username').fill(name)
  await dialog.getByLabel('Role').selectOption(role)
  await dialog.getByRole('button', { name: 'Create invite link' }).click()
  const link = dialog.getByLabel('Invite link')
  await link.waitFor()
  const value = await link.inputValue()
  expect(value).toMatch(/\/invite#[A-Za-z0-9_-]{20,}$/)
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, `operators-invite-link-${width}`)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await dialog.waitFor({ state: 'hidden' })
  return value
}

/** Opens the invite link in a browser of its own, sets the password, lands signed in. */
async function acceptInvite(link: string, password: string, width: number, height: number) {
  const watched = await openPage(browser, width, height)
  await watched.page.goto(link)
  await watched.page.getByLabel('New password').fill(password)
  await watched.page.getByLabel('Confirm password').fill(password)
  expect(await seriousViolations(watched.page)).toEqual([])
  await screenshot(watched.page, `invite-page-${width}`)
  await watched.page.getByRole('button', { name: 'Set password and sign in' }).click()
  await watched.page.waitForURL('**/dashboard')
  return watched
}

describe('a team', () => {
  it('an administrator invites an operator and gets a one-time link (1280 px)', async () => {
    const { page, problems } = await openSignedInPage(browser)
    await page.getByRole('link', { name: 'Operators' }).click()
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor()
    expect(await seriousViolations(page)).toEqual([])

    inviteLink = await invite(page, username, 'viewer', 1280)

    const row = page.getByRole('row', { name: new RegExp(username) })
    await row.waitFor()
    await expect(row.innerText()).resolves.toMatch(/Never/)
    await screenshot(page, 'operators-1280')
    expect(problems).toEqual([])
  })

  it('the invite link sets a password and signs in; the viewer sees only what a viewer can do (1280 px)', async () => {
    const { page, problems } = await acceptInvite(inviteLink, PASSWORD, 1280, 800)
    // The top bar says who is signed in.
    await page.getByRole('link', { name: `Account: ${username} Viewer` }).waitFor()

    await viewerScreens(page, 1280)

    // The link was for one use only.
    const again = await openPage(browser, 1280, 800)
    await again.page.goto(inviteLink)
    await again.page.getByLabel('New password').fill('another-password-1')
    await again.page.getByLabel('Confirm password').fill('another-password-1')
    await again.page.getByRole('button', { name: 'Set password and sign in' }).click()
    await again.page
      .getByRole('alert')
      .filter({ hasText: /invite/i })
      .first()
      .waitFor()
    expect(again.page.url()).toContain('/invite')
    expect(problems).toEqual([])
  })

  it('the viewer signs in with the new password on a phone (375 px)', async () => {
    const { page, problems } = await openPage(browser, 375, 740)
    await signInAs(page, username, PASSWORD)
    await page.waitForURL('**/dashboard')
    await viewerScreens(page, 375)
    expect(problems).toEqual([])
  })

  it('invite → accept → sign in on a phone (375 px)', async () => {
    const admin = await openSignedInPage(browser, { width: 375, height: 740 })
    await admin.page.goto('/operators')
    await admin.page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor()
    expect(await seriousViolations(admin.page)).toEqual([])
    await screenshot(admin.page, 'operators-375')
    const editor = `editor-${tag}`
    const link = await invite(admin.page, editor, 'editor', 375)

    const { page, problems } = await acceptInvite(link, PASSWORD, 375, 740)
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/login**')
    await signInAs(page, editor, PASSWORD)
    await page.waitForURL('**/dashboard')
    // An editor may create, but has no Operators page.
    await page.goto('/operators')
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor()
    expect([...admin.problems, ...problems]).toEqual([])
  })

  it('a deactivation ends the viewer’s session at once and refuses their sign-in', async () => {
    const viewer = await openPage(browser, 1280, 800)
    await signInAs(viewer.page, username, PASSWORD)
    await viewer.page.waitForURL('**/dashboard')

    const { page } = await openSignedInPage(browser)
    await page.goto('/operators')
    await page.getByRole('button', { name: `Deactivate ${username}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
    const row = page.getByRole('row', { name: new RegExp(username) })
    await row.getByText('Deactivated').waitFor()

    // The viewer's next request is refused: the app goes back to the sign-in page.
    await viewer.page.goto('/service-providers')
    await viewer.page.waitForURL('**/login**')
    await signInAs(viewer.page, username, PASSWORD)
    await viewer.page.getByText('Invalid username or password').waitFor()
  })
})
