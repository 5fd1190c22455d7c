// History fixtures and the default MSW handler: every record's history is empty unless a test
// serves one with `server.use(historyHandler(...))`.
import { HttpResponse, http } from 'msw'
import type { HistoryEntry } from '../../../src/lib/history'
import { apiUrl, pagedAnswer } from '../msw/handlers-support'

export function buildHistoryEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 1,
    at: '2026-11-25T17:04:00.000Z',
    operator: { id: 1, username: 'admin' },
    action: 'update',
    partId: null,
    changes: { name: { before: 'Old name', after: 'New name' } },
    ...overrides,
  }
}

/** Serves `entries` (newest first) as the history of the record at `recordPath`, paged. */
export function historyHandler(recordPath: string, entries: HistoryEntry[]) {
  return http.get(apiUrl(`${recordPath}/history`), ({ request }) => {
    return HttpResponse.json(pagedAnswer(entries, new URL(request.url).searchParams))
  })
}

const RECORDS = [
  '/service-provider-categories',
  '/product-categories',
  '/service-providers',
  '/products',
]

export function historyHandlers() {
  return RECORDS.map((path) => historyHandler(`${path}/:id`, []))
}
