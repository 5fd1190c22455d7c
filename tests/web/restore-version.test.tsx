// "Restore this version" (issue 30, point 2) in the History section of a detail page: the dialog
// lists what the server says restoring the version changes (POST .../revert?dryRun=true), each
// field named as the page names it and its value read as the history reads it; Restore saves it
// (POST .../revert) with the record's ETag as If-Match; a stale record offers to reload; a role
// that may not write sees no button.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { RESTORE_VERSION_MESSAGES as TEXT } from '../../src/components/restore-version-messages'
import type { HistoryEntry } from '../../src/lib/history'
import { buildHistoryEntry, historyHandler } from './factories/history'
import { signedInAs } from './factories/operators'
import { productFixtures } from './factories/products'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'
import { findToast } from './support/toasts'

type Json = Record<string, unknown>

const product = productFixtures[0] as unknown as Json // Deep Home Clean (5)

const HISTORY: HistoryEntry[] = [
  buildHistoryEntry({
    id: 3,
    changes: { name: { before: 'Sofa Wash', after: 'Deep Home Clean' } },
  }),
  buildHistoryEntry({ id: 2, action: 'delete', changes: {} }),
  buildHistoryEntry({
    id: 1,
    action: 'create',
    // `colour` was a field then; the schemas no longer have it.
    changes: {
      name: { before: null, after: 'Sofa Wash' },
      colour: { before: null, after: 'red' },
    },
  }),
]

/** What the server says restoring entry 1 changes: `colour` left out, as the server does. */
const CHANGES = {
  name: { before: 'Deep Home Clean', after: 'Sofa Wash' },
  price: { before: 12500, after: 10000 },
  productCategories: {
    before: [
      { id: 1, name: 'Cleaning' },
      { id: 4, name: 'Deep Cleaning' },
    ],
    after: [{ id: 1, name: 'Cleaning' }],
  },
}

/**
 * Product 5 with an ETag that changes on every write, its history, and the revert route: a dry
 * run answers `changes`, a revert applies them and adds a `revert` entry; a stale If-Match is
 * 412 (`answer` may say otherwise).
 */
function revertable(answer: { changes?: Json; restore?: () => Response } = {}) {
  let record: Json = product
  let version = 1
  const entries = [...HISTORY]
  const calls: Array<{ dryRun: boolean; to: unknown; ifMatch: string | null }> = []
  let gets = 0
  const changes = (answer.changes ?? CHANGES) as Record<string, { after: unknown }>
  server.use(
    http.get(apiUrl('/products/5'), () => {
      gets += 1
      return HttpResponse.json(record, { headers: { ETag: `"v${version}"` } })
    }),
    // Read afresh on each request: the revert's new entry shows once the section reloads.
    historyHandler('/products/5', entries),
    http.post(apiUrl('/products/5/revert'), async ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true'
      const ifMatch = request.headers.get('If-Match')
      const { to } = (await request.json()) as { to: unknown }
      calls.push({ dryRun, to, ifMatch })
      if (ifMatch !== `"v${version}"`) {
        return HttpResponse.json({ detail: 'Someone saved it first.' }, { status: 412 })
      }
      if (dryRun) return HttpResponse.json({ changes })
      if (answer.restore) return answer.restore()
      record = {
        ...record,
        ...Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.after])),
      }
      version += 1
      entries.unshift(buildHistoryEntry({ id: 4, action: 'revert', changes: changes as never }))
      return HttpResponse.json(record)
    }),
  )
  return {
    calls,
    gets: () => gets,
    /** Another operator saves the record. */
    changeElsewhere: () => {
      version += 1
    },
  }
}

/** The History section's entries (not the changed fields listed inside each). */
async function historyEntries() {
  const section = await screen.findByRole('region', { name: 'History' })
  await within(section).findByText('Created')
  return within(section)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.tagName === 'OL')
}

async function openDialogFor(entryText: string) {
  const view = renderApp('/products/5', { signedIn: true })
  const entry = (await historyEntries()).find((item) => item.textContent?.includes(entryText))
  if (!entry) throw new Error(`No history entry shows ${entryText}`)
  await view.user.click(within(entry).getByRole('button', { name: TEXT.button }))
  const dialog = await screen.findByRole('dialog', { name: TEXT.title })
  return { ...view, dialog }
}

describe('Restore this version', () => {
  it('is offered on every version, not on a delete', async () => {
    revertable()
    renderApp('/products/5', { signedIn: true })
    const [updated, deleted, created] = await historyEntries()
    expect(within(updated).getByRole('button', { name: TEXT.button })).toBeEnabled()
    expect(within(deleted).queryByRole('button', { name: TEXT.button })).toBeNull()
    expect(within(created).getByRole('button', { name: TEXT.button })).toBeEnabled()
  })

  it('shows what changes, field by field with titles; Restore saves it with If-Match', async () => {
    const api = revertable()
    const { user, dialog } = await openDialogFor('Created')
    const changes = await within(dialog).findByRole('list', { name: 'Changes' })
    const lines = within(changes)
      .getAllByRole('listitem')
      .map((line) => line.textContent)
    expect(lines).toEqual([
      'Name: Deep Home Clean → Sofa Wash',
      'Price: ₦12,500.00 → ₦10,000.00',
      'Product categories: Cleaning, Deep Cleaning → Cleaning',
    ])
    // What the server leaves out (a field the schemas no longer have) is not shown.
    expect(dialog).not.toHaveTextContent(/colour/i)
    expect(api.calls).toEqual([{ dryRun: true, to: 1, ifMatch: '"v1"' }])

    await user.click(within(dialog).getByRole('button', { name: TEXT.confirm }))
    await findToast('Success', TEXT.restored)
    expect(api.calls.at(-1)).toEqual({ dryRun: false, to: 1, ifMatch: '"v1"' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The refreshed record and its history, the new entry first.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofa Wash' })).toBeVisible()
    await waitFor(async () => {
      const [latest] = await historyEntries()
      expect(latest).toHaveTextContent('Earlier version restored')
      expect(latest).toHaveTextContent('Name: Deep Home Clean → Sofa Wash')
    })
  })

  it('says when the version changes nothing, and offers no save', async () => {
    const api = revertable({ changes: {} })
    const { user, dialog } = await openDialogFor('Updated')
    expect(await within(dialog).findByText(TEXT.unchanged)).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: TEXT.confirm })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: TEXT.close }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.calls.every((call) => call.dryRun)).toBe(true)
  })

  it('a record changed since the page loaded it says so and offers to reload', async () => {
    const api = revertable()
    const { user, dialog } = await openDialogFor('Created')
    await within(dialog).findByRole('list', { name: 'Changes' })
    api.changeElsewhere()
    await user.click(within(dialog).getByRole('button', { name: TEXT.confirm }))
    expect(await within(dialog).findByText(/Someone saved it first\./)).toHaveTextContent(
      TEXT.staleHint,
    )
    expect(within(dialog).getByText('Warning')).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: TEXT.confirm })).toBeNull()
    const loaded = api.gets()
    await user.click(within(dialog).getByRole('button', { name: TEXT.reload }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(api.gets()).toBeGreaterThan(loaded))
    // Opened again, it asks with the record's new ETag.
    const [, , created] = await historyEntries()
    await user.click(within(created).getByRole('button', { name: TEXT.button }))
    await screen.findByRole('dialog', { name: TEXT.title })
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ dryRun: true, to: 1, ifMatch: '"v2"' }))
  })

  it('a refused save shows the server’s reason', async () => {
    revertable({
      restore: () =>
        HttpResponse.json(
          { detail: 'productCategoryIds 4 is not an existing product category' },
          { status: 400 },
        ),
    })
    const { user, dialog } = await openDialogFor('Created')
    await within(dialog).findByRole('list', { name: 'Changes' })
    await user.click(within(dialog).getByRole('button', { name: TEXT.confirm }))
    await findToast('Error', 'productCategoryIds 4 is not an existing product category')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('is not offered to a viewer', async () => {
    revertable()
    server.use(signedInAs('viewer'))
    renderApp('/products/5', { signedIn: true })
    // Once the app knows the role (the top bar names it), and the history is on screen.
    await screen.findByRole('link', { name: /Account: admin Viewer/ })
    await historyEntries()
    expect(screen.queryByRole('button', { name: TEXT.button })).toBeNull()
  })
})
