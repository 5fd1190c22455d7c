// What the dashboard reads beside the lists (which the records' own factories serve): the
// custom fields records lack, per collection (GET /{collection}/missing-fields), and the latest
// changes across collections (GET /history). By default no field is missing and nothing has
// changed; a test serves its own with `server.use(...)`.
import { HttpResponse, http } from 'msw'
import type { MissingField, RecentChange } from '../../../src/features/dashboard/dashboard-api'
import { apiUrl, pagedAnswer } from '../msw/handlers-support'
import { TRASH_COLLECTIONS } from './trash'

/** `byCollection`: e.g. `{ '/products': [{ field: 'condition', title: 'Condition', missing: 4 }] }`. */
export function missingFieldsHandlers(byCollection: Record<string, MissingField[]> = {}) {
  return TRASH_COLLECTIONS.map((path) =>
    http.get(apiUrl(`${path}/missing-fields`), () =>
      HttpResponse.json({ data: byCollection[path] ?? [] }),
    ),
  )
}

export function buildRecentChange(overrides: Partial<RecentChange> = {}): RecentChange {
  return {
    id: 1,
    at: '2026-11-27T08:10:00.000Z',
    operator: { id: 1, username: 'admin' },
    action: 'update',
    partId: null,
    collection: 'products',
    recordId: 5,
    name: 'Deep Home Clean',
    fields: ['name'],
    ...overrides,
  }
}

/** Serves `entries` (newest first) as the latest changes, paged; `requests` counts the calls. */
export function recentChangesHandler(entries: RecentChange[], requests: URL[] = []) {
  return http.get(apiUrl('/history'), ({ request }) => {
    const query = new URL(request.url)
    requests.push(query)
    return HttpResponse.json(pagedAnswer(entries, query.searchParams))
  })
}
