import { HttpResponse, http } from 'msw'
import { accountHandlers } from '../factories/account'
import { categoryHandlers } from '../factories/categories'
import { missingFieldsHandlers, recentChangesHandler } from '../factories/dashboard'
import { historyHandlers } from '../factories/history'
import { liveChangesHandlers } from '../factories/live-changes'
import { meHandlers } from '../factories/operators'
import { presenceHandlers } from '../factories/presence'
import { productHandlers } from '../factories/products'
import { providerHandlers } from '../factories/providers'
import { emptyTrashHandlers } from '../factories/trash'
import { apiUrl } from './handlers-support'

export const VALID_USER = { username: 'admin', password: 'secret' }
export const TEST_TOKEN = 'test-token'

export { apiUrl }

/** The happy-path API every test starts with; tests override with `server.use(...)`. */
export const handlers = [
  http.post(apiUrl('/auth/login'), async ({ request }) => {
    const body = (await request.json()) as { username?: string; password?: string }
    if (body.username === VALID_USER.username && body.password === VALID_USER.password) {
      return HttpResponse.json({ token: TEST_TOKEN })
    }
    return HttpResponse.json({ detail: 'Invalid credentials' }, { status: 401 })
  }),
  http.post(apiUrl('/auth/logout'), () => new HttpResponse(null, { status: 204 })),
  // Before the records' own handlers: `/products/trash` is not the product with id "trash".
  ...emptyTrashHandlers(),
  ...missingFieldsHandlers(),
  recentChangesHandler([]),
  ...categoryHandlers(),
  ...providerHandlers(),
  ...productHandlers(),
  ...historyHandlers(),
  ...liveChangesHandlers,
  ...presenceHandlers,
  ...accountHandlers(),
  ...meHandlers(),
]
