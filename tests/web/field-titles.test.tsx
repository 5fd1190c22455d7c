// Issue 27, point 3: a field an analyst renames (a new `title` and `ui:title`, on a copy of
// schemas/) is called by its new name on the detail page, in the history, in the Restore this
// version dialog and in the table's column header; a custom field by its title. The API side is
// tests/server/field-titles.test.ts.
import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { RETITLED, TITLED_CUSTOM_FIELD } from '../support/analyst-edits'
import { buildHistoryEntry, historyHandler } from './factories/history'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'

// The product's schema files as the pages import them, read from an edited copy.
vi.mock('../../schemas/product.json', async () => ({
  default: (await import('./support/retitled-schemas')).retitledProduct().doc,
}))
vi.mock('../../schemas/product.ui.json', async () => ({
  default: (await import('./support/retitled-schemas')).retitledProduct().ui,
}))

afterAll(async () => (await import('./support/retitled-schemas')).removeCopies())

const detailLabel = (label: string) => screen.queryByText(label, { selector: 'dt' })

describe('a renamed field', () => {
  it('is named by its new title on the detail page and in its history', async () => {
    server.use(
      historyHandler('/products/5', [
        buildHistoryEntry({
          id: 2,
          changes: {
            [RETITLED.field]: { before: 4, after: 4.5 },
            [TITLED_CUSTOM_FIELD.name]: { before: null, after: 12.5 },
            name: { before: 'Sofa Wash', after: 'Sofa Deep Clean' },
          },
        }),
      ]),
    )
    renderApp('/products/5', { signedIn: true })
    const section = await screen.findByRole('region', { name: 'History' })
    expect(await within(section).findByText(`${RETITLED.title}:`)).toBeVisible()
    expect(section).toHaveTextContent(`${RETITLED.title}: 4 → 4.5`)
    expect(section).toHaveTextContent(`${TITLED_CUSTOM_FIELD.title}: — → 12.5`)
    // Fields kept as shipped keep their wording.
    expect(section).toHaveTextContent('Name: Sofa Wash → Sofa Deep Clean')
    expect(detailLabel(RETITLED.title)).toBeVisible()
    expect(detailLabel('Rating')).toBeNull()
    expect(detailLabel('Estimated Delivery')).toBeVisible()
  })

  it('is named by its new title in the Restore this version dialog', async () => {
    server.use(
      historyHandler('/products/5', [buildHistoryEntry({ id: 2 }), buildHistoryEntry({ id: 1 })]),
      http.post(apiUrl('/products/5/revert'), () =>
        HttpResponse.json({
          changes: {
            [RETITLED.field]: { before: 4.5, after: 4 },
            [TITLED_CUSTOM_FIELD.name]: { before: 12.5, after: null },
          },
        }),
      ),
    )
    const { user } = renderApp('/products/5', { signedIn: true })
    const section = await screen.findByRole('region', { name: 'History' })
    const [, older] = await within(section).findAllByRole('button', {
      name: 'Restore this version',
    })
    await user.click(older)
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' })
    const changes = await within(dialog).findByRole('list', { name: 'Changes' })
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([`${RETITLED.title}: 4.5 → 4`, `${TITLED_CUSTOM_FIELD.title}: 12.5 → —`])
  })

  it("heads the table's column with its new title", async () => {
    const { user } = renderApp('/products', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Table' }))
    const table = await screen.findByRole('table', { name: 'Products' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toContain(RETITLED.title)
    expect(headers).not.toContain('Rating')
    expect(headers).toContain('Pricing')
  })
})
