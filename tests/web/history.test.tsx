// The History section of the detail pages (issue 14, point 4): newest first as the API sends it,
// paged, each entry readable — action, operator, time in the operator's locale and every
// changed field as "Field: before → after".
import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { timeText } from '../../src/lib/history'
import { buildHistoryEntry, historyHandler } from './factories/history'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { renderApp } from './support/render-app'

describe('the History section', () => {
  it("shows a product's changes newest first, with who, when and before → after", async () => {
    server.use(
      historyHandler('/products/5', [
        buildHistoryEntry({
          id: 3,
          operator: { id: 2, username: 'ada' },
          changes: {
            name: { before: 'Sofa Wash', after: 'Sofa Deep Clean' },
            productCategories: { before: [], after: [{ id: 1, name: 'Cleaning' }] },
          },
        }),
        buildHistoryEntry({ id: 2, action: 'image-add', partId: 11, changes: {} }),
        buildHistoryEntry({
          id: 1,
          action: 'create',
          operator: { id: 9, username: null },
          changes: { enabled: { before: null, after: true } },
        }),
      ]),
    )
    renderApp('/products/5', { signedIn: true })
    const section = await screen.findByRole('region', { name: 'History' })
    await within(section).findByText('Image 11 added')
    // The entries, not the changed fields listed inside each.
    const entries = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL')
    expect(entries.map((entry) => within(entry).getAllByText(/./)[0].textContent)).toEqual([
      'Updated',
      'Image 11 added',
      'Created',
    ])
    expect(entries[0]).toHaveTextContent('by ada')
    expect(entries[0]).toHaveTextContent('Name: Sofa Wash → Sofa Deep Clean')
    expect(entries[0]).toHaveTextContent('Product categories: — → Cleaning')
    expect(within(entries[0]).getByText(timeText('2026-11-25T17:04:00.000Z'))).toHaveAttribute(
      'datetime',
      '2026-11-25T17:04:00.000Z',
    )
    expect(entries[2]).toHaveTextContent('by Operator 9')
    expect(entries[2]).toHaveTextContent('Enabled: Yes')
  })

  it('pages through a long history', async () => {
    const entries = Array.from({ length: 12 }, (_, n) =>
      buildHistoryEntry({
        id: 12 - n,
        changes: { estimatedDeliveryDays: { before: 11 - n, after: 12 - n } },
      }),
    )
    server.use(historyHandler('/service-providers/9', entries))
    const { user } = renderApp('/service-providers/9', { signedIn: true })
    const section = await screen.findByRole('region', { name: 'History' })
    expect(await within(section).findByText('Showing 1–10 of 12')).toBeInTheDocument()
    expect(section).toHaveTextContent('Estimated delivery days: 11 → 12')
    await user.click(within(section).getByRole('button', { name: /Next/ }))
    expect(await within(section).findByText('Showing 11–12 of 12')).toBeInTheDocument()
    expect(section).toHaveTextContent('Estimated delivery days: 0 → 1')
    expect(section).not.toHaveTextContent('Estimated delivery days: 11 → 12')
  })

  it('says when nothing is recorded', async () => {
    renderApp('/product-categories/1', { signedIn: true })
    const section = await screen.findByRole('region', { name: 'History' })
    expect(await within(section).findByText('No changes recorded yet.')).toBeInTheDocument()
  })

  it('shows the server’s reason when the history fails to load', async () => {
    server.use(
      http.get(apiUrl('/service-provider-categories/:id/history'), () =>
        HttpResponse.json({ detail: 'The database is unavailable' }, { status: 503 }),
      ),
    )
    renderApp('/service-provider-categories/1', { signedIn: true })
    const section = await screen.findByRole('region', { name: 'History' })
    expect(await within(section).findByText('The database is unavailable')).toBeInTheDocument()
  })
})
